import { Box, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface RouteStop {
  name: string;
  latitude: number;
  longitude: number;
}

const WIDTH = 640;
const HEIGHT = 320;
const PAD = 36;
const LABEL_CHARS = 30;

/**
 * Where a stop's name goes so that it stays inside the box: names near the left edge start at the
 * stop, names near the right edge end there, names near the top go below the stop.
 */
export function labelPlacement(x: number, y: number): { x: number; y: number; anchor: 'start' | 'middle' | 'end' } {
  const anchor = x < WIDTH * 0.3 ? 'start' : x > WIDTH * 0.7 ? 'end' : 'middle';
  const lx = anchor === 'start' ? Math.max(4, x - 13) : anchor === 'end' ? Math.min(WIDTH - 4, x + 13) : x;
  return { x: lx, y: y - 19 < 14 ? y + 31 : y - 19, anchor };
}

/**
 * The itinerary's route without a map service: the stops drawn from their coordinates, in order,
 * numbered and joined (an equirectangular projection, scaled by latitude, fitted to the box).
 */
export function RoutePlot({ stops }: { stops: RouteStop[] }) {
  const translate = useTranslate();
  const theme = useTheme();
  if (!stops.length) return null;
  const midLat = stops.reduce((s, p) => s + p.latitude, 0) / stops.length;
  const kx = Math.cos((midLat * Math.PI) / 180);
  const xs = stops.map((p) => p.longitude * kx);
  const ys = stops.map((p) => -p.latitude);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min((WIDTH - 2 * PAD) / (maxX - minX || 1), (HEIGHT - 2 * PAD) / (maxY - minY || 1));
  // centre the drawing in the box
  const ox = (WIDTH - (maxX - minX) * scale) / 2;
  const oy = (HEIGHT - (maxY - minY) * scale) / 2;
  const points = stops.map((_, i) => ({ x: ox + (xs[i] - minX) * scale, y: oy + (ys[i] - minY) * scale }));
  const line = theme.palette.primary.main;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={translate('app.itinerary.route', { stops: stops.map((s) => s.name).join(' → ') })}
      sx={{ width: '100%', maxWidth: WIDTH, bgcolor: 'action.hover', borderRadius: 1, direction: 'ltr' }}
      data-testid="route-plot"
    >
      <polyline points={points.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" stroke={line} strokeWidth={3} strokeLinejoin="round" strokeDasharray="8 6" />
      {points.map((p, i) => {
        const label = labelPlacement(p.x, p.y);
        const name = stops[i].name;
        return (
          <g key={`${name}-${i}`} data-stop={i + 1}>
            <title>{name}</title>
            <circle cx={p.x} cy={p.y} r={13} fill={line} />
            <text x={p.x} y={p.y + 4.5} textAnchor="middle" fontSize={13} fontWeight={700} fill={theme.palette.primary.contrastText}>
              {i + 1}
            </text>
            <text x={label.x} y={label.y} textAnchor={label.anchor} fontSize={12} fill={theme.palette.text.primary} data-label>
              {name.length > LABEL_CHARS ? `${name.slice(0, LABEL_CHARS - 1)}…` : name}
            </text>
          </g>
        );
      })}
    </Box>
  );
}
