// react-admin authProvider for the spec's session rules (§4 Session, §8 errors).
//
// Only an HTTP 401 answer ends a session. A 5xx, a timeout, a network error or a request aborted by a
// navigation says nothing about the session: the stored tokens stay, the start-up check is tried again
// on the next checkAuth, and a refresh that could not be done fails the call as an ordinary error.
import type { QueryClient } from '@tanstack/react-query';
import { type AuthProvider, HttpError } from 'react-admin';
import { canAccess, homePath } from '@shared/access';
import type { LoginPayload, SessionUser } from '@shared/contract';
import { takeEarlyRequest, VERIFY_TIMEOUT_MS } from '../earlyRequests';
import { apiFetch, onRightsChanged, readEarlyAnswer, sentTokenOf } from './httpClient';
import { isTokenExpired, SESSION_USER_EVENT, session } from './session';
import { type SignInParams, signInSession } from './signInSteps';

export const INVALID_TOKEN = 'messages.invalidAccessToken';
export const REFRESH_FAILED = 'messages.failedToLoginWithToken';

/** How long the start-up check and a refresh may take before they count as "server not reachable". */
export { VERIFY_TIMEOUT_MS };
export const REFRESH_TIMEOUT_MS = 15_000;
/** How long Logout waits for the server to end the session before leaving anyway. */
export const SIGN_OUT_TIMEOUT_MS = 5_000;

/** Tabs of the same origin refresh one at a time (Web Locks, where the browser has them). */
const REFRESH_LOCK = 'backoffice-token-refresh';

/** An HTTP 401 answer: the only failure that ends a session. */
export function isUnauthorized(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 401;
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

/** Runs a request with a signal that aborts it after `ms`. */
async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await run(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** "Other network failures: only logged" (spec §8); an aborted request (a navigation) is not worth a line. */
function logTransient(what: string, error: unknown) {
  if (!isAbort(error)) console.warn(`${what} failed; the session is kept and the check is tried again later`, error);
}

// Once per page load the stored token is verified with the server, which also refreshes the stored user.
let verified = false;
let verifying: Promise<void> | null = null;

function endSession() {
  session.clear();
  verified = false;
}

/**
 * The message of a session ended by checkError, until react-admin has shown it. react-admin notifies
 * checkError's message only when a checkAuth right after it still passes, and then logs out (which
 * clears the session): checkAuth lets that one check pass, and the session is cleared in any case on
 * the next turn of the event loop.
 */
let endingWith: string | null = null;

function endSessionAfterError(message: string) {
  endingWith = message;
  setTimeout(() => {
    if (endingWith === null) return; // logged out (cleared) or signed in again meanwhile
    endingWith = null;
    endSession();
  }, 0);
}

let refreshing: Promise<void> | null = null;

/**
 * Ends the stored session on the server too (spec §2 "Logout clears the session"): its refresh family
 * and its access tokens, so that a copy of either is worthless. The access token goes as the bearer,
 * the refresh token in the body (never a URL); an expired access token is fine. A server that cannot
 * be reached does not keep the person signed in here: the stored session is cleared in any case.
 */
async function signOutOnServer(): Promise<void> {
  const refreshToken = session.refreshToken();
  if (!session.token() && !refreshToken) return;
  try {
    await withTimeout(SIGN_OUT_TIMEOUT_MS, (signal) =>
      apiFetch('/auth/logout', {
        method: 'POST',
        body: JSON.stringify(refreshToken ? { refresh_token: refreshToken } : {}),
        headers: { 'Content-Type': 'application/json' },
        signal,
      }),
    );
  } catch (error) {
    logTransient('Sign-out on the server', error);
  }
}

/**
 * Exchanges the refresh token for a new access token: one request at a time in this tab, and one tab at
 * a time where the browser has Web Locks. A 401 ends the session and rejects with a 401 HttpError
 * carrying REFRESH_FAILED; any other failure keeps the stored tokens and rejects with that failure.
 */
function refreshSession(): Promise<void> {
  refreshing ??= inRefreshLock(refreshOnce).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function inRefreshLock(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks?.request) await locks.request(REFRESH_LOCK, run);
  else await run();
}

async function refreshOnce(): Promise<void> {
  // Read the shared storage afresh: another tab may have refreshed (and rotated the refresh token)
  // while this one waited; if the stored access token is good again there is nothing to do.
  if (session.token() && !isTokenExpired(session.token())) return;
  const refreshToken = session.refreshToken();
  if (!session.token() || !refreshToken) {
    endSession();
    throw new HttpError(REFRESH_FAILED, 401);
  }
  try {
    const { data } = await withTimeout(REFRESH_TIMEOUT_MS, (signal) =>
      apiFetch<LoginPayload>('/auth/refresh-token', {
        method: 'POST',
        body: JSON.stringify({ token: refreshToken }),
        headers: { 'Content-Type': 'application/json' },
        signal,
      }),
    );
    session.save(data.token, data.user, data.refresh_token);
  } catch (error) {
    if (!isUnauthorized(error)) {
      logTransient('Token refresh', error);
      throw error;
    }
    // refused; unless another tab stored a new pair meanwhile, the session is over
    if (session.refreshToken() !== refreshToken && session.token() && !isTokenExpired(session.token())) return;
    endSession();
    throw new HttpError(REFRESH_FAILED, 401, (error as HttpError).body);
  }
}

/** The server's answer to the start-up check of a token: its user, a refusal (401), or no answer. */
interface CheckAnswer {
  token: string;
  user?: SessionUser;
  refused?: boolean;
  error?: unknown;
}

/**
 * Asks the server about `token` (or reads the answer to the start-up shell's asking, when there is one);
 * never rejects (the answer says what happened).
 */
async function askServer(token: string, early?: ReturnType<typeof takeEarlyRequest>): Promise<CheckAnswer> {
  try {
    const { data } = early
      ? await readEarlyAnswer<{ token: string; user: SessionUser }>(early.answer, token)
      : await withTimeout(VERIFY_TIMEOUT_MS, (signal) =>
          // the token in the header, never the URL (a URL is kept in logs and history)
          apiFetch<{ token: string; user: SessionUser }>('/auth/access-token', { headers: { Authorization: `Bearer ${token}` }, signal }),
        );
    return { token, user: data.user };
  } catch (error) {
    return isUnauthorized(error) ? { token, refused: true } : { token, error };
  }
}

/** What an answer means for the stored session; throws, after clearing the session, only on a 401. */
function applyAnswer({ token, user, refused, error }: CheckAnswer): void {
  if (user) {
    // the stored token may have been replaced meanwhile (a refresh, a sign-in in another tab)
    if (session.token() !== token) return;
    session.save(token, user);
    verified = true;
    return;
  }
  if (!refused) return logTransient('Session check', error);
  if (session.token() !== token) return; // refused an old token; the new one is checked next time
  endSession();
  throw { redirectTo: '/login', message: INVALID_TOKEN };
}

/**
 * The start-up check of the stored token (one request at a time). Resolves when the server confirmed
 * the token, and also when it could not be asked (5xx, timeout, network error, abort): `verified` stays
 * false then and the next checkAuth asks again. Rejects, after clearing the session, only on a 401.
 */
function verifyWithServer(): Promise<void> {
  verifying ??= (async () => {
    const token = session.token();
    if (!token) return;
    applyAnswer(await askServer(token));
  })().finally(() => {
    verifying = null;
  });
  return verifying;
}

/**
 * The start-up check sent before the first render (startSessionCheck): the server's answer, applied
 * only when the first checkAuth takes it, exactly as if that checkAuth had asked (a refusal then ends
 * the session with its message; until then nothing changes).
 */
let startupAnswer: Promise<CheckAnswer> | null = null;

/**
 * Sends the start-up check of the stored token now, rather than when react-admin first calls checkAuth,
 * so that the server answers while the admin renders (or takes the answer to the start-up shell's
 * check of it, sent earlier still). Only for a token that has not expired (an expired one is refreshed
 * by checkAuth first).
 */
export function startSessionCheck(): void {
  const token = session.token();
  if (verified || startupAnswer || verifying || !token || isTokenExpired(token)) return;
  startupAnswer = askServer(token, takeEarlyRequest('check', token));
}

/**
 * True when the start-up check has already confirmed the stored session (the server has answered:
 * usually the start-up shell asked before the admin's code had loaded): its answer is then applied now,
 * as the first checkAuth would apply it, so that react-admin need not wait a turn for that checkAuth
 * (startup.ts tells react-admin it passed). False while the server has not answered, and when it
 * refused the session or could not be asked: the first checkAuth takes the answer then, as before.
 */
export async function confirmStartupCheck(): Promise<boolean> {
  const answer = startupAnswer;
  if (!answer) return false;
  const result = await Promise.race([answer, new Promise<null>((resolve) => setTimeout(() => resolve(null), 0))]);
  if (!result?.user || result.token !== session.token() || startupAnswer !== answer) return false;
  startupAnswer = null;
  applyAnswer(result);
  return verified;
}

/** The start-up check's answer applied as verifyWithServer would (concurrent checkAuth calls share it). */
function takeStartupCheck(): Promise<void> | null {
  const answer = startupAnswer;
  startupAnswer = null;
  if (!answer) return null;
  verifying = answer.then(applyAnswer).finally(() => {
    verifying = null;
  });
  return verifying;
}

/**
 * Reads the signed-in person's rights afresh (one request at a time) when an answer showed they changed
 * (httpClient.ts): stored, they reach the menu and every access check at once (keepAuthQueriesCurrent),
 * with no sign-out. A refusal is left to the call that meets it (checkError), as always.
 */
let rereading: Promise<void> | null = null;
function rereadRights(): void {
  rereading ??= (async () => {
    const token = session.token();
    if (!token || isTokenExpired(token)) return; // a refresh brings the rights anyway
    const { user } = await askServer(token);
    if (user && session.token() === token) session.save(token, user);
  })().finally(() => {
    rereading = null;
  });
}
onRightsChanged(rereadRights);

export const authProvider: AuthProvider = {
  // the password, or a second step of two-factor sign-in (signInSteps.ts: SecondStepNeeded asks for it)
  async login(params: SignInParams) {
    const data = await signInSession(params);
    session.save(data.token, data.user, data.refresh_token);
    verified = true;
    endingWith = null;
    startupAnswer = null;
    return { redirectTo: homePath(data.user) };
  },

  async logout() {
    endingWith = null;
    startupAnswer = null;
    await signOutOnServer();
    endSession();
    return '/login';
  },

  // react-admin logs out whenever checkAuth rejects: it rejects only without a token or on a 401.
  async checkAuth() {
    if (endingWith) return; // see endSessionAfterError: react-admin is about to show why and log out
    // the start-up check main.tsx sent, if any, stands for this call's: it rejects, as verifyWithServer
    // does, on a 401 (ending the session); an unreachable server leaves the next checkAuth to ask
    const startup = takeStartupCheck();
    if (startup) await startup;
    if (!session.token()) throw { redirectTo: '/login', message: false };
    if (isTokenExpired(session.token())) {
      try {
        await refreshSession();
      } catch (error) {
        if (isUnauthorized(error)) throw { redirectTo: '/login', message: REFRESH_FAILED };
        // the server could not be asked: keep the session; the calls will try to refresh again
        return;
      }
    }
    if (!verified && !startup) await verifyWithServer();
  },

  async checkError(error: { status?: number; message?: string }) {
    if (!isUnauthorized(error)) return;
    // a call sent with a token that has since been replaced (refresh, new session after a password
    // change, sign-in in another tab) says nothing about the stored session
    const sent = sentTokenOf(error);
    if (sent && session.token() && sent !== session.token()) return;
    let message = error.message === REFRESH_FAILED ? REFRESH_FAILED : INVALID_TOKEN;
    // an expired access token is refreshed once; anything else ends the session
    if (message === INVALID_TOKEN && isTokenExpired(session.token()) && session.refreshToken()) {
      try {
        await refreshSession();
        return;
      } catch (refreshError) {
        if (!isUnauthorized(refreshError)) return; // not refused, just not reachable: keep the session
        message = REFRESH_FAILED;
      }
    }
    endSessionAfterError(message);
    throw { redirectTo: '/login', message };
  },

  async getIdentity() {
    const user = session.user();
    if (!user) throw new Error('No identity');
    return identityOf(user);
  },

  async getPermissions() {
    return session.principal();
  },

  async canAccess({ resource }) {
    return canAccess(session.principal(), resource);
  },
};

/** The signed-in person as react-admin's useGetIdentity reads it: the stored user, named and pictured. */
export const identityOf = (user: SessionUser): StaffIdentity => ({ ...user, fullName: user.displayName, avatar: user.photoURL });
export type StaffIdentity = SessionUser & { fullName: string; avatar: string };

/**
 * react-admin's auth queries (usePermissions, useGetIdentity, useCanAccess) answered from the stored
 * session from their first render, and kept current whenever a sign-in, a refresh or a profile save
 * stores the user afresh: no screen waits a render for the person's rights, none shows the rights of
 * the session before (the menu of the previous person after a sign-in).
 */
export function keepAuthQueriesCurrent(queryClient: QueryClient): void {
  const identity = () => {
    const user = session.user();
    return user ? identityOf(user) : undefined;
  };
  queryClient.setQueryDefaults(['auth', 'getPermissions'], { initialData: () => session.principal() });
  queryClient.setQueryDefaults(['auth', 'getIdentity'], { initialData: identity });
  window.addEventListener(SESSION_USER_EVENT, () => {
    queryClient.setQueriesData({ queryKey: ['auth', 'getPermissions'] }, session.principal());
    queryClient.setQueriesData({ queryKey: ['auth', 'getIdentity'] }, identity());
    void queryClient.invalidateQueries({ queryKey: ['auth', 'canAccess'] });
  });
}

/**
 * Refreshes the access token before a call when it has expired (used by the dataProvider). A refresh
 * refused with a 401 fails the call as a 401 carrying 'Failed to login with token.', which checkError
 * shows; any other failure fails the call as it is, keeping the session.
 */
export async function ensureFreshToken(): Promise<void> {
  if (session.token() && isTokenExpired(session.token())) {
    try {
      await refreshSession();
    } catch (error) {
      if (isUnauthorized(error)) throw { status: 401, message: REFRESH_FAILED };
      throw error;
    }
  }
}

