// HTTP for both providers: react-admin's fetchJson with the bearer token, the envelope unwrapped
// into an HttpError carrying the server's message when the answer is not a success.
import { fetchUtils, HttpError } from 'react-admin';
import type { Envelope } from '@shared/contract';
import { RIGHTS_HEADER, rightsStamp } from '@shared/roles';
import type { EarlyAnswer } from '../earlyRequests';
import { isGatewayFailure, reachability, unreachableError } from './reachability';
import { session } from './session';

export const API_URL = '/api';

// The stored token each failed request carried (react-admin's HttpError cannot be subclassed: its
// constructor resets the prototype), so that a 401 to a token since replaced can be told apart.
const sentTokens = new WeakMap<object, string>();

/** The stored token a failed request carried, when it carried one. */
export function sentTokenOf(error: unknown): string | null {
  return error !== null && typeof error === 'object' ? (sentTokens.get(error) ?? null) : null;
}

/** What to do when an answer shows the signed-in person's rights changed (authProvider.ts reads them afresh). */
let rightsChanged: () => void = () => {};
export function onRightsChanged(listener: () => void): void {
  rightsChanged = listener;
}

/**
 * Whether an answer to the stored token names other rights than the stored ones (RIGHTS_HEADER: the
 * server's guard read them for that call): an Admin granted or withdrew a permission meanwhile.
 */
function rightsDiffer(headers: Headers, bearer: string | null): boolean {
  const stamp = headers.get(RIGHTS_HEADER);
  return stamp !== null && bearer !== null && bearer === session.token() && stamp !== rightsStamp(session.principal());
}

export async function apiFetch<T = unknown>(path: string, options: fetchUtils.Options = {}): Promise<Envelope<T>> {
  const headers = new Headers(options.headers as HeadersInit | undefined);
  headers.set('Accept', 'application/json');
  const token = session.token();
  const bearer = token && !headers.has('Authorization') ? token : null;
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
  try {
    const { json, headers: answered } = await fetchUtils.fetchJson(`${API_URL}${path}`, { ...options, headers });
    reachability.answered();
    if (rightsDiffer(answered, bearer)) rightsChanged();
    return json as Envelope<T>;
  } catch (error) {
    // fetchJson throws HttpError(statusText|body.message, status, body); prefer the envelope's message
    if (error instanceof HttpError && !isGatewayFailure(error.status, error.body)) {
      reachability.answered();
      const body = error.body as Partial<Envelope> | undefined;
      const failure = new HttpError(body?.message || error.message, error.status, body);
      if (bearer) sentTokens.set(failure, bearer);
      // refused what the stored rights allowed: they may have been withdrawn (the refusal's headers are not read)
      if (error.status === 403 && bearer && bearer === session.token()) rightsChanged();
      throw failure;
    }
    // no answer (a fetch that failed, a gateway with no server behind it); a cancelled request is no sign
    if ((error as { name?: string } | null)?.name === 'AbortError') throw error;
    reachability.lost();
    throw unreachableError();
  }
}

/**
 * An answer the start-up shell asked for with `bearer` (earlyRequests.ts), read as apiFetch reads its
 * own: the envelope, or the same HttpError.
 */
export async function readEarlyAnswer<T = unknown>(answer: Promise<EarlyAnswer>, bearer: string): Promise<Envelope<T>> {
  const { status, statusText, body } = await answer;
  let json: Partial<Envelope> | undefined;
  try {
    json = JSON.parse(body);
  } catch {
    // not JSON: the status says what happened
  }
  if (status >= 200 && status < 300) return json as Envelope<T>;
  const failure = new HttpError(json?.message || statusText, status, json);
  sentTokens.set(failure, bearer);
  throw failure;
}

/** Query string from an object, leaving out undefined values. */
export function toQuery(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [k, value] of Object.entries(params))
    if (value !== undefined && value !== null) search.set(k, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
