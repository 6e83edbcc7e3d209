// Theme and right-to-left support (DESIGN.md §8): MUI theme direction + an emotion cache whose stylis
// plugin flips styles, switched with the locale together with <html dir>.
import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { prefixer } from 'stylis';

export type Direction = 'ltr' | 'rtl';

export const emotionCaches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }),
};

export function themeFor(direction: Direction): RaThemeOptions {
  return {
    ...defaultTheme,
    direction,
    palette: { ...defaultTheme.palette, primary: { main: '#2a5298' }, secondary: { main: '#1e3c72' } },
    typography: {
      ...defaultTheme.typography,
      fontFamily: direction === 'rtl' ? '"Noto Sans Arabic", "Segoe UI", Tahoma, Arial, sans-serif' : undefined,
    },
  };
}
