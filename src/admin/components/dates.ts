// Dates in the staff member's language (m7): one pattern per language (shared/contract.ts DATE_PATTERNS)
// for lists, details, History and the date inputs alike.
import { useLocaleState } from 'react-admin';
import { formatDate } from '@shared/contract';

/** formatDate in the current language. */
export function useFormatDate() {
  const [locale] = useLocaleState();
  return (value: string | Date | null | undefined) => formatDate(value, locale);
}

/** A date and its time ("26.11.2026 22:23"): the History's and the audit's moments. */
export function useFormatMoment() {
  const [locale] = useLocaleState();
  return (value: string | Date) => {
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) return String(value);
    const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', numberingSystem: 'latn' } as Intl.DateTimeFormatOptions).format(at);
    return `${formatDate(at, locale)} ${time}`;
  };
}
