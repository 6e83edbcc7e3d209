// Theme and right-to-left support (DESIGN.md §8): MUI theme direction + an emotion cache whose stylis
// plugin flips styles, switched with the locale together with <html dir>. The person's theme settings
// (colour scheme, light or dark, custom scrollbars) and the layout constants of spec §9 shape it too.
import createCache, { type EmotionCache } from '@emotion/cache';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { ISOLATED } from './bidi';
import { DEFAULT_PREFERENCES, LAYOUT, type Preferences } from '@shared/preferences';
import { DARK_BACKGROUND, lighten, SCHEMES } from './colours';

export { rootFontSize, SCHEMES } from './colours';

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

/** Texts MUI components show without react-admin's i18n, in the person's language (i18n/index.ts themeTexts). */
export type ThemeTexts = { loading: string; open: string; close: string; clear: string; noOptions: string };
const ENGLISH_TEXTS: ThemeTexts = { loading: 'Loading...', open: 'Open', close: 'Close', clear: 'Clear', noOptions: 'No options' };

export function themeFor(direction: Direction, prefs: Preferences = DEFAULT_PREFERENCES, texts: ThemeTexts = ENGLISH_TEXTS): RaThemeOptions {
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
      ...(dark ? { background: { ...DARK_BACKGROUND } } : {}),
    },
    typography: {
      ...defaultTheme.typography,
      htmlFontSize: 10,
      fontFamily: direction === 'rtl' ? '"Noto Sans Arabic", "Segoe UI", Tahoma, Arial, sans-serif' : undefined,
    },
    components: {
      ...defaultTheme.components,
      // progress indicators (react-admin's refresh spinner among them) say what they are
      MuiCircularProgress: { defaultProps: { 'aria-label': texts.loading } },
      // the pickers' open/clear buttons are named in the person's language (m28: "Open" in Arabic)
      MuiAutocomplete: { defaultProps: { openText: texts.open, closeText: texts.close, clearText: texts.clear, noOptionsText: texts.noOptions, loadingText: texts.loading } },
      // react-admin's form toolbars (a dialog's footer) are light grey in any mode: dark ones in dark mode
      ...(dark ? { RaToolbar: { styleOverrides: { root: { backgroundColor: DARK_BACKGROUND.paper } } } } : {}),
      // react-admin puts a row checkbox's aria-label on MUI's wrapper span: move it to the input
      MuiCheckbox: {
        defaultProps: {
          slotProps: {
            root: () => ({ 'aria-label': undefined }),
            input: (ownerState: { 'aria-label'?: string }) => ({ 'aria-label': ownerState['aria-label'] }),
          },
        },
      },
      // user content (names, reasons, descriptions) in the direction of its own text (bidi.ts, M8)
      MuiTableCell: { styleOverrides: { body: ISOLATED } },
      MuiListItemText: { styleOverrides: { primary: ISOLATED, secondary: ISOLATED } },
      MuiChip: { styleOverrides: { label: ISOLATED } },
      // a toast's Undo (issue 35) in the toast's own text colour: react-admin's primary blue is unreadable on the error red
      MuiSnackbarContent: { styleOverrides: { message: ISOLATED, action: { '& .RaNotification-undo': { color: 'inherit', fontWeight: 600 } } } },
      MuiDialogContentText: { styleOverrides: { root: ISOLATED } },
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
