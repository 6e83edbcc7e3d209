// The start-up requests of the dashboard, sent by the start-up shell (src/admin/shell/shell.ts) as soon as
// the page starts, before the admin's code has even been fetched: the check of the stored session
// (authProvider's start-up check) and the dashboard's statistics. Their usual callers take the answers
// (authProvider.startSessionCheck, startup.ts), so nothing is asked twice and every rule stays where it
// was; the shell shows the statistics as soon as both answered and the session was confirmed.
// Imported by the shell, so no react-admin here.

/** A server's answer, read (what react-admin's fetchJson reads of it). */
export interface EarlyAnswer {
  status: number;
  statusText: string;
  body: string;
}

export interface EarlyRequests {
  /** the stored token the requests were sent with */
  token: string;
  /** when they were sent (Date.now()) */
  at: number;
  /** GET /api/auth/access-token with the token as a bearer header (authProvider's start-up check) */
  check: Promise<EarlyAnswer>;
  /** GET /api/user/user-statistics */
  statistics: Promise<EarlyAnswer>;
  /** true once the shell has put the statistics on screen, false when it will not */
  shown?: Promise<boolean>;
}

declare global {
  interface Window {
    /** set by the start-up shell, taken by the admin */
    __earlyRequests?: Partial<EarlyRequests>;
  }
}

/** How long the start-up check may take before it counts as "server not reachable" (authProvider). */
export const VERIFY_TIMEOUT_MS = 10_000;

/** Sends the dashboard's start-up requests with `token`, as the admin would (see httpClient.apiFetch). */
export function sendEarlyRequests(token: string): EarlyRequests {
  const ask = (path: string, timeoutMs?: number): Promise<EarlyAnswer> =>
    fetch(`/api${path}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      signal: timeoutMs && AbortSignal.timeout ? AbortSignal.timeout(timeoutMs) : undefined,
    }).then(async (response) => ({ status: response.status, statusText: response.statusText, body: await response.text() }));
  const early: EarlyRequests = {
    token,
    at: Date.now(),
    check: ask('/auth/access-token', VERIFY_TIMEOUT_MS),
    statistics: ask('/user/user-statistics'),
  };
  // a failure is read by the admin, which takes the answers
  early.check.catch(() => undefined);
  early.statistics.catch(() => undefined);
  window.__earlyRequests = early;
  return early;
}

/** An early request sent with `token`, once (the next caller sends its own). */
export function takeEarlyRequest(kind: 'check' | 'statistics', token: string): { at: number; answer: Promise<EarlyAnswer> } | null {
  const early = window.__earlyRequests;
  const answer = early?.[kind];
  if (!early || !answer || early.token !== token) return null;
  delete early[kind];
  return { at: early.at ?? 0, answer };
}
