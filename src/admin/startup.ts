// What a page load does before React's first render, so that it is not done by extra render passes or
// waited for after them: "/" is sent to the person's home page at once (what RootRedirect does), and the
// requests that page needs are sent while the admin renders: the start-up check of a stored session and,
// on the dashboard, its statistics. Their usual callers take the answers (the first checkAuth, the
// Dashboard's query), so nothing is asked twice and every rule stays where it was.
import { QueryClient } from '@tanstack/react-query';
import { homePath } from '@shared/access';
import type { DashboardStatistics } from '@shared/contract';
import { takeEarlyRequest } from './earlyRequests';
import { confirmStartupCheck, keepAuthQueriesCurrent, startSessionCheck } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { readEarlyAnswer } from './providers/httpClient';
import { isUnreachable, reachability, retryDelay, retryRead } from './providers/reachability';
import { isTokenExpired, session } from './providers/session';

/** How long statistics asked at start-up may be shown instead of asking again. */
const EARLY_STATISTICS_MS = 10_000;

interface EarlyStatistics {
  token: string;
  at: number;
  answer: Promise<DashboardStatistics>;
  /** the answer, once it came */
  value?: DashboardStatistics;
}
let earlyStatistics: EarlyStatistics | null = null;

const usable = (early: EarlyStatistics | null): early is EarlyStatistics =>
  !!early && early.token === session.token() && Date.now() - early.at <= EARLY_STATISTICS_MS;

/**
 * "/" replaced by the signed-in person's home page, or by the sign-in page for a guest, as RootRedirect
 * would do after a first render of "/".
 */
export function redirectRoot(): void {
  if (window.location.pathname !== '/') return;
  window.history.replaceState(window.history.state, '', session.token() ? homePath(session.principal()) : '/login');
}

/**
 * react-admin's query client, holding from the start the permissions and identity the authProvider
 * would answer (the stored session's), so the first render does not wait a turn for them and render again.
 */
export function createQueryClient(): QueryClient {
  // a read the server did not answer is retried until it does (reachability.ts)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: retryRead, retryDelay } } });
  keepAuthQueriesCurrent(queryClient);
  // once the server answers again, what failed while it was away (a read that does not retry) asks again
  reachability.subscribe(() => {
    if (!reachability.current()) void queryClient.refetchQueries({ type: 'active', predicate: (query) => isUnreachable(query.state.error) });
  });
  return queryClient;
}

/**
 * When the start-up check has already confirmed the stored session (usually: the start-up shell asked
 * before the admin's code had loaded), react-admin's query client holds that its checkAuth passed, so
 * the first render shows a signed-in page at once instead of a frame without content first, a render
 * later the page (what <Authenticated> does while its checkAuth is pending). Otherwise nothing changes.
 */
export async function settleConfirmedSession(queryClient: QueryClient): Promise<void> {
  // react-admin's useAuthState asks checkAuth under this key (<Authenticated> without authParams)
  if (await confirmStartupCheck()) queryClient.setQueryData(['auth', 'checkAuth', {}], true);
}

/** Starts the early requests for the page being opened (a guest's page sends none). */
export function startEarlyRequests(path = window.location.pathname): void {
  const token = session.token();
  if (!token || isTokenExpired(token)) return;
  startSessionCheck();
  if ((path === '/' || path === '/dashboard') && homePath(session.principal()) === '/dashboard') {
    // the start-up shell may have asked already (earlyRequests.ts)
    const sent = takeEarlyRequest('statistics', token);
    const early: EarlyStatistics = sent
      ? { token, at: sent.at, answer: readEarlyAnswer<DashboardStatistics>(sent.answer, token).then(({ data }) => data) }
      : { token, at: Date.now(), answer: dataProvider.getStatistics() };
    early.answer.then(
      (value) => {
        early.value = value;
      },
      () => undefined, // the Dashboard asks again if this failed
    );
    earlyStatistics = early;
  }
}

/**
 * The statistics asked at start-up, if they are recent and were asked with the current session: their
 * answer once it came (shown by the Dashboard's first render), else undefined.
 */
export function peekEarlyStatistics(): DashboardStatistics | undefined {
  return usable(earlyStatistics) ? earlyStatistics.value : undefined;
}

/** The request for the statistics sent at start-up, once, if it is recent and was sent with the current session. */
export function takeEarlyStatistics(): Promise<DashboardStatistics> | null {
  const early = earlyStatistics;
  earlyStatistics = null;
  return usable(early) ? early.answer : null;
}
