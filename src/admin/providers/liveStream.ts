// The live stream of the signed-in session (GET /api/events, server: modules/live/stream.ts), read with
// fetch: EventSource cannot send the Authorization header, and a token never goes in a URL. One per tab
// while signed in (LiveConnection). It reconnects by itself, sending the last event's id so the server
// tells what was missed: after the server ended it (the access token expired: a fresh one is fetched
// first), lost it, or was away (at once when the server answers again: reachability.ts).
import { LIVE_EVENTS, type LiveChange, type LivePresence } from '@shared/live';
import { sseParser } from '@shared/sse';
import { liveBus } from '../live/bus';
import { ensureFreshToken } from './authProvider';
import { API_URL } from './httpClient';
import { reachability } from './reachability';
import { session } from './session';

const FIRST_RETRY_MS = 1000;
/** as the reads retried while the server is away (reachability.ts), about */
const LAST_RETRY_MS = 5000;

/** Waits `ms`, or less when the server answers again after being away, or until `signal` aborts. */
function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = reachability.subscribe(() => {
      if (!reachability.current()) done();
    });
    signal.addEventListener('abort', done);
  });
}

/** Reads one stream until it ends; answers whether it was opened at all. */
async function readOnce(lastEventId: { value: string }, signal: AbortSignal): Promise<boolean> {
  await ensureFreshToken();
  const token = session.token();
  if (!token) return false;
  let res: Response;
  try {
    res = await fetch(`${API_URL}/events`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', ...(lastEventId.value ? { 'Last-Event-ID': lastEventId.value } : {}) },
      signal,
      cache: 'no-store',
    });
  } catch (error) {
    // no answer: the banner says so, as for any other request (a cancelled one is no sign)
    if (!signal.aborted) reachability.lost();
    throw error;
  }
  if (res.status < 502 || res.status > 504) reachability.answered();
  if (!res.ok || !res.body) return false;
  const parser = sseParser((e) => {
    lastEventId.value = e.lastEventId;
    if (e.event === LIVE_EVENTS.change) liveBus.emit({ kind: 'change', change: JSON.parse(e.data) as LiveChange });
    else if (e.event === LIVE_EVENTS.editing) liveBus.emit({ kind: 'editing', presence: JSON.parse(e.data) as LivePresence });
    else if (e.event === LIVE_EVENTS.refresh) liveBus.emit({ kind: 'refresh' });
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    parser.push(decoder.decode(value, { stream: true }));
  }
}

/** Keeps the stream open until `signal` aborts. */
export async function keepLive(signal: AbortSignal): Promise<void> {
  const lastEventId = { value: '' };
  let wait = FIRST_RETRY_MS;
  while (!signal.aborted && session.token()) {
    let opened = false;
    try {
      opened = await readOnce(lastEventId, signal);
    } catch {
      // no answer, or the connection dropped: tried again below
    }
    if (signal.aborted) return;
    wait = opened ? FIRST_RETRY_MS : Math.min(LAST_RETRY_MS, wait * 2);
    await pause(wait, signal);
  }
}
