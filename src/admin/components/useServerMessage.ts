import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessages } from '../../shared/validation/messages';

/** Shows a server message in the current language when it is one of the catalogue's texts. */
export function useServerMessage() {
  const translate = useTranslate();
  return useCallback((error: unknown, fallback = 'ra.notification.http_error'): string => {
    const message = typeof error === 'string' ? error : (error as { message?: string })?.message;
    if (!message) return translate(fallback);
    const key = (Object.keys(errorMessages) as (keyof typeof errorMessages)[]).find(
      (k) => errorMessages[k] === message,
    );
    if (key) return translate(`messages.${key}`);
    return translate(message, { _: message });
  }, [translate]);
}
