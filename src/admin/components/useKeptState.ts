import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';

// react-admin remounts every page when the language changes (its I18nContextProvider re-keys the
// tree): state a page must not lose then is kept here, in memory, for the browser tab's life.
const kept = new Map<string, unknown>();

/** useState whose value outlives the component's remount (a language switch), under `key`. */
export function useKeptState<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => (kept.has(key) ? (kept.get(key) as T) : initial));
  useEffect(() => {
    kept.set(key, value);
  }, [key, value]);
  return [value, setValue];
}
