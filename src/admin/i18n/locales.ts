// The admin's languages: plain data, shared by the i18n provider (index.ts) and the start-up shell
// (src/admin/shell/), which reads the stored choice before any other code has loaded.
export const LOCALES = ['en', 'tr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const RTL_LOCALES: readonly Locale[] = ['ar'];

/** Each language by its own name (the language menu). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', tr: 'Türkçe', ar: 'العربية' };

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The name of react-admin's store in localStorage (App.tsx); the chosen locale is its `locale` item. */
export const STORE_NAME = 'backoffice';
/** The localStorage key of the chosen locale, as react-admin's localStorageStore writes it (JSON text). */
export const STORED_LOCALE_KEY = `RaStore${STORE_NAME}.locale`;
