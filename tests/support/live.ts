// A live stream (GET /api/events) read over real HTTP with fetch, as the admin reads it.
import { type SseEvent, sseParser } from '@shared/sse';

export interface OpenStream {
  events: SseEvent[];
  /** resolves with the first event (already read or to come) that `match` accepts */
  next(match: (e: SseEvent) => boolean): Promise<SseEvent>;
  /** resolves once the server has ended the stream */
  ended: Promise<void>;
  status: number;
  close(): void;
}

/** Opens the stream at `base` with `token` (and Last-Event-ID), resolving once its answer's headers came. */
export async function openStream(base: string, token: string, lastEventId?: string | number): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  const parser = sseParser((e) => {
    events.push(e);
    for (const w of [...waiters]) {
      if (w.match(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
    }
  });
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // aborted
    }
  })();
  return {
    events,
    status: res.status,
    next: (match) => {
      const found = events.find(match);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    ended,
    close: () => abort.abort(),
  };
}

/** A change event's data. */
export const changeOf = (e: SseEvent) => JSON.parse(e.data) as { id: number; resource: string; ids: string[] | null; action: string; by: { id: number; name: string } | null };
export const isChangeTo = (resource: string) => (e: SseEvent) => e.event === 'change' && changeOf(e).resource === resource;
