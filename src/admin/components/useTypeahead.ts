import { useEffect, useState } from 'react';

/** Suggestions are asked for after this pause in the typing. */
export const TYPEAHEAD_PAUSE_MS = 250;

/**
 * Suggestions that follow what is typed: asked for after a pause, an earlier request cancelled when the
 * text changes, nothing asked below `minLength` characters. `load` must be stable (useCallback).
 */
export function useTypeahead<T>(query: string, load: (text: string, signal: AbortSignal) => Promise<T[]>, minLength = 0) {
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  /** the text the options answer (none found is said only for it) */
  const [answered, setAnswered] = useState<string | null>(null);
  useEffect(() => {
    const text = query.trim();
    setAnswered(null);
    if (text.length < minLength) {
      setOptions([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const found = await load(text, controller.signal);
        if (!controller.signal.aborted) {
          setOptions(found);
          setAnswered(text);
        }
      } catch {
        if (!controller.signal.aborted) setOptions([]);
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, TYPEAHEAD_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, load, minLength]);
  /** true once the server answered the typed text with nothing */
  const noneFound = !loading && answered !== null && answered === query.trim() && options.length === 0;
  return { options, loading, noneFound };
}
