// Theme and right-to-left support (DESIGN.md §8): MUI theme direction + an emotion cache whose stylis
// plugin flips styles, switched with the locale together with <html dir>. The person's theme settings
// (colour scheme, light or dark, custom scrollbars) and the layout constants of spec §9 shape it too.
import createCache, { type EmotionCache } from '@emotion/cache';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { type ColourScheme, DEFAULT_PREFERENCES, LAYOUT, type Preferences } from '../shared/preferences';

export type Direction = 'ltr' | 'rtl';

const emotionCaches: Partial<Record<Direction, EmotionCache>> = { ltr: createCache({ key: 'mui' }) };

/** Makes a direction's emotion cache; the right-to-left stylis plugins are fetched with the first RTL page. */
export async function loadEmotionCache(direction: Direction): Promise<void> {
  if (emotionCaches[direction]) return;
  const [{ default: rtlPlugin }, { prefixer }] = await Promise.all([import('@mui/stylis-plugin-rtl'), import('stylis')]);
  emotionCaches.rtl ??= createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
}

/** A direction's emotion cache, once loadEmotionCache made it (left-to-right until then). */
export const emotionCache = (direction: Direction): EmotionCache => emotionCaches[direction] ?? emotionCaches.ltr!;

/** The colour schemes of the theme settings: primary and secondary colours. */
export const SCHEMES: Record<ColourScheme, { primary: string; secondary: string }> = {
  ocean: { primary: '#2a5298', secondary: '#1e3c72' },
  forest: { primary: '#2e7d32', secondary: '#1b5e20' },
  sunset: { primary: '#c2410c', secondary: '#9a3412' },
  violet: { primary: '#6a1b9a', secondary: '#4a148c' },
  slate: { primary: '#455a64', secondary: '#263238' },
};

/** 62.5% of the browser's size makes 1rem = 10px; the font size setting scales it (spec §9). */
export const rootFontSize = (scale: number) => `${Math.round(62.5 * scale * 100) / 100}%`;

export function themeFor(direction: Direction, prefs: Preferences = DEFAULT_PREFERENCES, loadingLabel = 'Loading...'): RaThemeOptions {
  const scheme = SCHEMES[prefs.scheme];
  const dark = prefs.mode === 'dark';
  return {
    ...defaultTheme,
    direction,
    sidebar: { width: LAYOUT.navbarWidth, closedWidth: LAYOUT.navbarFoldedWidth },
    palette: {
      mode: prefs.mode,
      primary: { main: dark ? lighten(scheme.primary) : scheme.primary },
      secondary: { main: dark ? lighten(scheme.secondary) : scheme.secondary },
      ...(dark ? { background: { default: '#121212', paper: '#1e1e1e' } } : {}),
    },
    typography: {
      ...defaultTheme.typography,
      htmlFontSize: 10,
      fontFamily: direction === 'rtl' ? '"Noto Sans Arabic", "Segoe UI", Tahoma, Arial, sans-serif' : undefined,
    },
    components: {
      ...defaultTheme.components,
      // progress indicators (react-admin's refresh spinner among them) say what they are
      MuiCircularProgress: { defaultProps: { 'aria-label': loadingLabel } },
      // react-admin puts a row checkbox's aria-label on MUI's wrapper span: move it to the input
      MuiCheckbox: {
        defaultProps: {
          slotProps: {
            root: () => ({ 'aria-label': undefined }),
            input: (ownerState: { 'aria-label'?: string }) => ({ 'aria-label': ownerState['aria-label'] }),
          },
        },
      },
      MuiCssBaseline: {
        styleOverrides: prefs.customScrollbars
          ? {
              '*': { scrollbarWidth: 'thin', scrollbarColor: `${scheme.primary} transparent` },
              '*::-webkit-scrollbar': { width: 8, height: 8 },
              '*::-webkit-scrollbar-thumb': { backgroundColor: scheme.primary, borderRadius: 4 },
            }
          : {},
      },
    },
  };
}

/** The scheme's colour made lighter for dark mode, where dark colours lack contrast. */
function lighten(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * 0.45);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}
