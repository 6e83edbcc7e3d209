import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessages } from '@shared/validation/messages';

type MessageKey = keyof typeof errorMessages;
const KEYS = Object.keys(errorMessages) as MessageKey[];
const isKey = (value: unknown): value is MessageKey => typeof value === 'string' && (KEYS as string[]).includes(value);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The texts with %{placeholders}, as patterns that read the values back out of the English text. */
const TEMPLATES = KEYS.filter((k) => errorMessages[k].includes('%{')).map((key) => {
  const names: string[] = [];
  const source = errorMessages[key]
    .split(/(%\{\w+\})/)
    .map((part) => {
      const name = /^%\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return '(.*?)';
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`, 's') };
});

/** The catalogue key and values a server message stands for, or null when it is no catalogue text. */
export function messageKeyOf(error: unknown): { key: MessageKey; values: Record<string, string> } | null {
  const body = (error as { body?: { data?: { messageKey?: unknown; values?: unknown } } } | null)?.body;
  // the server may name the key and its values (the itinerary suggestion does)
  if (isKey(body?.data?.messageKey)) {
    const values = body.data.values && typeof body.data.values === 'object' ? (body.data.values as Record<string, unknown>) : {};
    return { key: body.data.messageKey, values: Object.fromEntries(Object.entries(values).map(([k, val]) => [k, String(val)])) };
  }
  const message = typeof error === 'string' ? error : (error as { message?: string } | null)?.message;
  if (!message) return null;
  const exact = KEYS.find((k) => errorMessages[k] === message);
  if (exact) return { key: exact, values: {} };
  for (const t of TEMPLATES) {
    const match = t.pattern.exec(message);
    if (match) return { key: t.key, values: Object.fromEntries(t.names.map((name, i) => [name, match[i + 1]])) };
  }
  return null;
}

/** Shows a server message in the current language when it is one of the catalogue's texts. */
export function useServerMessage() {
  const translate = useTranslate();
  return useCallback((error: unknown, fallback = 'ra.notification.http_error'): string => {
    const message = typeof error === 'string' ? error : (error as { message?: string })?.message;
    const known = messageKeyOf(error);
    if (known) return translate(`messages.${known.key}`, known.values);
    if (!message) return translate(fallback);
    return translate(message, { _: message });
  }, [translate]);
}
