import { Box, useTheme } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { placeLabels } from './routeLabels';

export interface RouteStop {
  name: string;
  latitude: number;
  longitude: number;
}

const WIDTH = 640;
const HEIGHT = 320;
const PAD = 36;
const LABEL_CHARS = 30;
/** the names' size in CSS pixels: the drawing is one unit a pixel, so it is what is seen */
const FONT_PX = 12;
const MARKER_R = 13;

/** The plot's width in pixels as laid out (WIDTH until it is measured). */
function useWidth() {
  const ref = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(WIDTH);
  useEffect(() => {
    const svg = ref.current;
    if (!svg || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round(entry.contentRect.width);
      if (w > 0) setWidth(w);
    });
    observer.observe(svg);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A name's width in pixels at FONT_PX in the page's font (an estimate where there is no canvas). */
function textWidth(text: string, font: string): number {
  const context = typeof document !== 'undefined' ? document.createElement('canvas').getContext?.('2d') : null;
  if (!context) return text.length * FONT_PX * 0.6;
  context.font = `${FONT_PX}px ${font}`;
  return context.measureText(text).width;
}

/**
 * The itinerary's route without a map service: the stops drawn from their coordinates, in order,
 * numbered and joined (an equirectangular projection, scaled by latitude, fitted to the box). The
 * drawing is as wide as its place on the page, so its names are FONT_PX on screen; they are placed
 * inside the box and clear of each other and of the markers (routeLabels.ts).
 */
export function RoutePlot({ stops }: { stops: RouteStop[] }) {
  const translate = useTranslate();
  const theme = useTheme();
  const { ref, width } = useWidth();
  if (!stops.length) return null;
  const midLat = stops.reduce((s, p) => s + p.latitude, 0) / stops.length;
  const kx = Math.cos((midLat * Math.PI) / 180);
  const xs = stops.map((p) => p.longitude * kx);
  const ys = stops.map((p) => -p.latitude);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min((width - 2 * PAD) / (maxX - minX || 1), (HEIGHT - 2 * PAD) / (maxY - minY || 1));
  // centre the drawing in the box
  const ox = (width - (maxX - minX) * scale) / 2;
  const oy = (HEIGHT - (maxY - minY) * scale) / 2;
  const points = stops.map((_, i) => ({ x: ox + (xs[i] - minX) * scale, y: oy + (ys[i] - minY) * scale }));
  const names = stops.map(({ name }) => (name.length > LABEL_CHARS ? `${name.slice(0, LABEL_CHARS - 1)}…` : name));
  const font = String(theme.typography.fontFamily ?? 'sans-serif');
  const labels = placeLabels(points, names.map((n) => textWidth(n, font)), { width, height: HEIGHT }, FONT_PX * 1.25, MARKER_R);
  const line = theme.palette.primary.main;
  return (
    <Box
      ref={ref}
      component="svg"
      viewBox={`0 0 ${width} ${HEIGHT}`}
      role="img"
      aria-label={translate('app.itinerary.route', { stops: stops.map((s) => s.name).join(' → ') })}
      // an attribute, not a style: the right-to-left style plugin would turn a style's ltr into rtl
      direction="ltr"
      sx={{ display: 'block', width: '100%', height: HEIGHT, bgcolor: 'action.hover', borderRadius: 1 }}
      data-testid="route-plot"
    >
      <polyline points={points.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" stroke={line} strokeWidth={3} strokeLinejoin="round" strokeDasharray="8 6" />
      {points.map((p, i) => (
        <g key={`marker-${stops[i].name}-${i}`} data-stop={i + 1}>
          <title>{stops[i].name}</title>
          <circle cx={p.x} cy={p.y} r={MARKER_R} fill={line} />
          <text x={p.x} y={p.y + 4.5} textAnchor="middle" fontSize={13} fontWeight={700} fill={theme.palette.primary.contrastText}>
            {i + 1}
          </text>
        </g>
      ))}
      {/* the names after every marker, so that none is drawn under a later marker */}
      {labels.map((box, i) => (
        <text
          key={`label-${stops[i].name}-${i}`}
          x={box.left}
          y={box.top + FONT_PX}
          textAnchor="start"
          direction="ltr"
          unicodeBidi="isolate"
          fontSize={FONT_PX}
          fill={theme.palette.text.primary}
          data-label
        >
          {names[i]}
        </text>
      ))}
    </Box>
  );
}
