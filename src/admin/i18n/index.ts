// The i18n provider: en, tr, ar through polyglot. Arabic is right-to-left (see useLocaleDirection in App.tsx).
// English is bundled; Turkish and Arabic are fetched when first chosen (main.tsx loads a stored choice
// before the first render, so the page never shows in English first).
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { type Catalogue, en } from './en';
import { isolateValues } from '../bidi';
import { isLocale, LANGUAGE_NAMES, LOCALES, type Locale, RTL_LOCALES } from './locales';

export { isLocale, LOCALES, type Locale, RTL_LOCALES } from './locales';

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Catalogue>> = {
  tr: () => import('./tr').then((m) => m.tr),
  ar: () => import('./ar').then((m) => m.ar),
};
const loaded: Partial<Record<Locale, Catalogue>> = { en };

/** A locale's catalogue, fetched once. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  if (locale === 'en') return en;
  return (loaded[locale] ??= await loaders[locale]());
}

/** A locale's texts for places outside react-admin's i18n (the theme's progress indicators and pickers). */
export function themeTexts(locale: Locale) {
  const { app } = loaded[locale] ?? en;
  return { loading: app.loading, open: app.localised.open, close: app.localised.close, clear: app.localised.clear, noOptions: app.localised.no_options };
}

/** The provider, starting in `initial` if its catalogue is loaded (see loadCatalogue), else in English. */
export function createI18nProvider(initial: Locale) {
  const provider = polyglotI18nProvider(
    (locale) => {
      const wanted = isLocale(locale) ? locale : 'en';
      return loaded[wanted] ?? loadCatalogue(wanted);
    },
    loaded[initial] ? initial : 'en',
    LOCALES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
    { allowMissing: false },
  );
  // right to left, a name put into a sentence ("Delete Lyon Food Hall?") is isolated from it (M8)
  const translate: typeof provider.translate = (key, options) =>
    provider.translate(key, RTL_LOCALES.includes(provider.getLocale() as Locale) ? isolateValues(options) : options);
  return { ...provider, translate };
}
