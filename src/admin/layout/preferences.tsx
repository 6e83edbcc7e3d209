// The signed-in person's theme settings and shortcuts (spec §3): applied at once, kept with the stored
// session user (so a reload keeps them), and saved with the profile on the server 300 ms after the last
// change (so they follow the person to another browser; the server's copy wins at the next sign-in).
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_PREFERENCES, type Preferences, readPreferences } from '@shared/preferences';
import { dataProvider } from '../providers/dataProvider';
import { SESSION_USER_EVENT, session } from '../providers/session';

/** Theme settings changes are sent this long after the last one (spec §9). */
export const SAVE_DEBOUNCE_MS = 300;

interface PreferencesContextValue {
  preferences: Preferences;
  update(changes: Partial<Preferences>): void;
  shortcuts: string[];
  setShortcuts(ids: string[]): void;
}

const PreferencesContext = createContext<PreferencesContextValue>({
  preferences: DEFAULT_PREFERENCES,
  update: () => undefined,
  shortcuts: [],
  setShortcuts: () => undefined,
});

const stored = () => {
  const user = session.user();
  return { preferences: readPreferences(user?.preferences), shortcuts: user?.shortcuts ?? [] };
};

export function PreferencesProvider({ children }: { children: ReactNode }) {
  // the stored user the state was read from
  const readFrom = useRef<string | null>(null);
  const [state, setState] = useState(() => {
    readFrom.current = JSON.stringify(session.user());
    return stored();
  });
  const pending = useRef<{ preferences?: Preferences; shortcuts?: string[] }>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // the server's copy replaces ours whenever the session user is stored afresh and differs from the one
  // read (the same user stored again, as the start-up check does, would only restyle the whole admin)
  useEffect(() => {
    const reload = () => {
      const user = JSON.stringify(session.user());
      if (user === readFrom.current) return;
      readFrom.current = user;
      setState(stored());
    };
    window.addEventListener(SESSION_USER_EVENT, reload);
    // the start-up check (sent before the first render) may have stored the user since `stored` was read
    reload();
    return () => window.removeEventListener(SESSION_USER_EVENT, reload);
  }, []);

  /** Sends what changed since the last save; `keepalive` lets it outlive a page that is going away. */
  const flush = useCallback((keepalive = false) => {
    clearTimeout(timer.current);
    const body = pending.current;
    if (!Object.keys(body).length || !session.token()) return;
    pending.current = {};
    dataProvider.savePreferences(body, keepalive).catch(() => undefined); // kept in this browser; the next change tries again
  }, []);

  // a reload or a closed tab right after a change must not lose it
  useEffect(() => {
    const leave = () => flush(true);
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [flush]);

  const persist = useCallback(
    (changes: { preferences?: Preferences; shortcuts?: string[] }) => {
      session.updateUser(changes);
      pending.current = { ...pending.current, ...changes };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(), SAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  const value = useMemo<PreferencesContextValue>(
    () => ({
      ...state,
      update(changes) {
        const preferences = readPreferences({ ...state.preferences, ...changes });
        setState((s) => ({ ...s, preferences }));
        persist({ preferences });
      },
      setShortcuts(ids) {
        setState((s) => ({ ...s, shortcuts: ids }));
        persist({ shortcuts: ids });
      },
    }),
    [state, persist],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export const usePreferences = () => useContext(PreferencesContext);
