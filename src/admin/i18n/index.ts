// The i18n provider: en, tr, ar through polyglot. Arabic is right-to-left (see useDirection in App.tsx).
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ar } from './ar';
import { type Catalogue, en } from './en';
import { tr } from './tr';

export const LOCALES = ['en', 'tr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const RTL_LOCALES: readonly Locale[] = ['ar'];

const catalogues: Record<Locale, Catalogue> = { en, tr, ar };

/** The loading text of a locale, for places outside react-admin's i18n (the theme's progress indicators). */
export const loadingText = (locale: Locale): string => catalogues[locale].app.loading;

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

export function createI18nProvider(initial: Locale) {
  return polyglotI18nProvider(
    (locale) => catalogues[isLocale(locale) ? locale : 'en'],
    initial,
    [
      { locale: 'en', name: 'English' },
      { locale: 'tr', name: 'Türkçe' },
      { locale: 'ar', name: 'العربية' },
    ],
    { allowMissing: false },
  );
}
