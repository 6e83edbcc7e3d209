// A list answer kept for a moment: the same caller asking the same list again within `ttlMs` (a page
// refetched on focus, fifty staff tabs on the first page of posts) gets the JSON already written, without
// reading the database again.
//
// What keeps it exact:
// - only GET routes that opt in (`config: { answerCache: true }`) and only for a signed-in caller: the
//   route's guard has already run, and the key holds the caller's id, so an answer is only ever given
//   again to the person it was written for, after their access was checked again;
// - every write of this process to any table (db/index.ts onWrite: after its statement, or after the
//   commit of its transaction) forgets every kept answer, so the next call sees the write. Triggers write
//   to other tables than the statement names, so no table is told apart from another;
// - an answer whose reading overlapped such a write is sent, never kept;
// - a write of another server on the same PostgreSQL forgets them too when its notification arrives
//   (replicas/sync.ts, within milliseconds); a write by any other process (SQL by hand, the seed CLI) is
//   seen after `ttlMs` at most, as for the guard's accounts (auth/guard.ts).
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '@server/db/index';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** this GET route's 200 answers may be kept for the same caller (http/answerCache.ts) */
    answerCache?: boolean;
  }
  interface FastifyRequest {
    /** the write generation when this request started, when its answer may be kept */
    answerCacheGeneration?: number;
  }
}

/** Kept answers at most, and their size at most: the oldest go first. */
const MAX_ANSWERS = 1000;
const MAX_BYTES = 32 * 1024 * 1024;
/** Larger answers are not kept (a list of 100 long posts is about 100 KB). */
const MAX_ANSWER_BYTES = 512 * 1024;

export interface AnswerCache {
  /** milliseconds an answer is kept; 0 keeps none (the bench times real work this way) */
  ttlMs: number;
  /** answers kept now */
  readonly size: number;
}

interface Kept {
  body: string;
  contentType: string;
  keptAt: number;
}

export function registerAnswerCache(app: FastifyInstance, onWrite: Db['onWrite'], ttlMs: number): AnswerCache {
  const kept = new Map<string, Kept>();
  let bytes = 0;
  // moves on with each write: an answer read while it moved is not kept
  let generation = 0;
  const forget = (key: string) => {
    const k = kept.get(key);
    if (!k) return;
    bytes -= k.body.length;
    kept.delete(key);
  };
  onWrite(() => {
    generation++;
    kept.clear();
    bytes = 0;
  });
  const cache: AnswerCache = {
    ttlMs,
    get size() {
      return kept.size;
    },
  };
  const keyOf = (request: FastifyRequest) => (request.caller ? `${request.caller.userId} ${request.url}` : null);

  // Looked up right after the route's own onRequest hooks (its guard): an answer kept for this URL was
  // validated when it was written, so the same URL needs no validation again.
  const lookUp: onRequestAsyncHookHandler = async (request, reply) => {
    if (request.method !== 'GET' || cache.ttlMs <= 0) return;
    const key = keyOf(request);
    if (key === null) return;
    const hit = kept.get(key);
    if (hit && performance.now() - hit.keptAt < cache.ttlMs) {
      return reply.code(200).header('content-type', hit.contentType).send(hit.body);
    }
    forget(key);
    request.answerCacheGeneration = generation;
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.answerCache) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...own, lookUp];
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const startedAt = request.answerCacheGeneration;
    if (startedAt === undefined || startedAt !== generation || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (payload.length > MAX_ANSWER_BYTES) return payload;
    // JSON pages only: an export (`format=csv`, a stream) is read anew each time
    if (!String(reply.getHeader('content-type') ?? 'application/json').startsWith('application/json')) return payload;
    const key = keyOf(request);
    if (key === null) return payload;
    forget(key);
    while (kept.size >= MAX_ANSWERS || (kept.size && bytes + payload.length > MAX_BYTES)) forget(kept.keys().next().value!);
    kept.set(key, { body: payload, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), keptAt: performance.now() });
    bytes += payload.length;
    return payload;
  });
  return cache;
}
