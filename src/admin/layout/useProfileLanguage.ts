import { useEffect, useRef } from 'react';
import { useLocaleState } from 'react-admin';
import { usePreferences } from './preferences';

/**
 * The language follows the person like the theme settings (m25): the one saved with the profile is shown
 * once signed in (in another browser too), and a language the person picks is saved with it. The sign-in
 * page, before anyone is known, keeps the browser's stored language.
 */
export function useProfileLanguage() {
  const [locale, setLocale] = useLocaleState();
  const { preferences, update } = usePreferences();
  const saved = preferences.language;
  // the language applied from the profile (or shown at the start): another one is the person's choice
  const applied = useRef(locale);
  const previous = useRef(locale);
  useEffect(() => {
    if (saved && saved !== applied.current) {
      applied.current = saved;
      setLocale(saved);
    }
  }, [saved, setLocale]);
  useEffect(() => {
    if (locale === previous.current) return;
    previous.current = locale;
    if (locale === applied.current) return;
    applied.current = locale;
    if (locale === 'en' || locale === 'tr' || locale === 'ar') update({ language: locale });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the locale is saved
  }, [locale]);
}
