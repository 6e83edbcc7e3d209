// The colours of the theme settings (spec §3): plain data and arithmetic, shared by the theme (theme.ts)
// and the start-up shell (src/admin/shell/), which paints the frame before the theme's code has loaded.
import type { ColourScheme } from '@shared/preferences';

/** The colour schemes of the theme settings: primary and secondary colours. */
export const SCHEMES: Record<ColourScheme, { primary: string; secondary: string }> = {
  ocean: { primary: '#2a5298', secondary: '#1e3c72' },
  forest: { primary: '#2e7d32', secondary: '#1b5e20' },
  sunset: { primary: '#c2410c', secondary: '#9a3412' },
  violet: { primary: '#6a1b9a', secondary: '#4a148c' },
  slate: { primary: '#455a64', secondary: '#263238' },
};

/** Dark mode's backgrounds (the default and a paper's). */
export const DARK_BACKGROUND = { default: '#121212', paper: '#1e1e1e' } as const;

/** The scheme's colour made lighter for dark mode, where dark colours lack contrast. */
export function lighten(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * 0.45);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

/** 62.5% of the browser's size makes 1rem = 10px; the font size setting scales it (spec §9). */
export const rootFontSize = (scale: number) => `${Math.round(62.5 * scale * 100) / 100}%`;
