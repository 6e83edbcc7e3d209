// Whether the server answers. A request the server never answered (stopped, restarting, the network
// down, a gateway with nothing behind it) is an HttpError of status 0 whose message is the catalogue's
// 'Can't reach the server, retrying…'; react-query retries such reads until the server answers again
// (queryDefaults), so a list keeps its rows instead of failing into an empty state, and the banner
// (ServerUnreachableBanner) says why nothing moves. The first answer of any kind clears it.
import { HttpError } from 'react-admin';

export const UNREACHABLE_MESSAGE = 'app.resilience.unreachable';

let unreachable = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (value === unreachable) return;
  unreachable = value;
  for (const listener of listeners) listener();
}

export const reachability = {
  /** A request got no answer. */
  lost: () => set(true),
  /** A request got an answer (any status). */
  answered: () => set(false),
  current: () => unreachable,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** The error a request the server did not answer is turned into. */
export const unreachableError = () => new HttpError(UNREACHABLE_MESSAGE, 0);

export const isUnreachable = (error: unknown): boolean => (error as { status?: unknown } | null)?.status === 0;

/** A gateway's answer for a server that is not there: a 502/503/504 without the server's envelope. */
export const isGatewayFailure = (status: number, body: unknown) =>
  status >= 502 && status <= 504 && !(body !== null && typeof body === 'object' && 'status' in body);

/** Refusals that asking again will not change (a 401 may: the auth provider refreshes the session). */
const FINAL = [400, 403, 404];

/** react-query's retry: an unanswered read forever (until the server is back), a refusal never, anything else 3 times. */
export const retryRead = (failureCount: number, error: unknown) =>
  isUnreachable(error) || (failureCount < 3 && !FINAL.includes((error as { status?: number } | null)?.status ?? 0));

/** For the reads react-admin asks only once (a list, an edit or detail page): retried only while the server is away. */
export const retryWhileUnreachable = (_failureCount: number, error: unknown) => isUnreachable(error);

/** Between retries: 1, 2, 4 s, then every 4 s while the server is away (react-query's own up to 30 s otherwise). */
export const retryDelay = (failureCount: number, error: unknown) => Math.min(1000 * 2 ** failureCount, isUnreachable(error) ? 4000 : 30_000);
