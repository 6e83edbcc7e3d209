// The live streams of one server (GET /api/events): Server-Sent Events to signed-in staff, each told the
// changes and edit dialogs it may read (feed.ts). A stream
// - starts with `ready` (the newest entry's id), or, reconnecting with Last-Event-ID, with what it missed
//   (the trail's entries after it, at most REPLAY_LIMIT; past that a `refresh`);
// - ends when its session does: each write to the accounts' tables (of this server or, through the
//   write notifications, another) re-reads every open stream's account and session in two reads, and so
//   does each heartbeat; and when its access token expires (the client reconnects with a fresh one);
// - sends a comment every HEARTBEAT_MS so that proxies keep it open; a client that reads nothing (its
//   buffer past MAX_BUFFERED) is dropped.
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { LIVE_EVENTS } from '@shared/live';
import { type Account, bearerToken, type Caller, callerOfAccount, readAccounts } from '@server/auth/guard';
import type { AccessClaims } from '@server/auth/tokens';
import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { changesOf, entriesAfter, newestEntry, REPLAY_LIMIT } from './changes';
import { type FeedMessage, type LiveFeed, mayRead } from './feed';

export const HEARTBEAT_MS = 20_000;
const MAX_BUFFERED = 1 << 20;
/** Writes to these tables may end a session or change a caller's rights. */
const ACCOUNT_TABLES: ReadonlySet<string> = new Set(['users', 'user_permissions', 'permissions', 'sessions']);
const RECHECK_DELAY_MS = 20;

interface Stream {
  claims: AccessClaims;
  caller: Caller;
  /** ms since the epoch when its access token expires */
  expiresAt: number;
  send(text: string): void;
  end(): void;
}

const event = (name: string, data: unknown, id?: number) => `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export function createLiveStreams(ctx: AppContext, feed: LiveFeed, onWrite: Db['onWrite']) {
  const open = new Set<Stream>();
  // the connections that carried a stream: a closing server ends them (kept alive, or left half-open by
  // a client that went away, one would hold the close)
  const sockets = new Set<Socket>();

  // every open stream's account and session, read again: a stream whose session ended is closed
  let checking: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const recheck = async () => {
    const streams = [...open];
    const accounts = await readAccounts(ctx.db, streams.map((s) => s.claims)).catch(() => null);
    if (!accounts) return;
    for (const s of streams) {
      const caller = callerOfAccount(s.claims, (accounts.get(`${s.claims.userId} ${s.claims.sessionId}`) ?? null) as Account | null);
      if (caller) s.caller = caller;
      else s.end();
    }
  };
  const scheduleRecheck = () => {
    if (checking) {
      again = true;
      return;
    }
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      checking = recheck().finally(() => {
        checking = null;
        if (again) {
          again = false;
          scheduleRecheck();
        }
      });
    }, RECHECK_DELAY_MS);
  };
  const stopWatching = onWrite((tables) => {
    if (open.size && (tables === null || tables.some((t) => ACCOUNT_TABLES.has(t)))) scheduleRecheck();
  });
  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const s of open) {
      if (s.expiresAt <= now) s.end();
      else s.send(': ping\n\n');
    }
    if (open.size) scheduleRecheck();
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // each message is written out once, whatever the number of streams told
  const texts = new WeakMap<FeedMessage, string>();
  const textOf = (message: FeedMessage) => {
    let text = texts.get(message);
    if (text === undefined) {
      text = message.kind === 'change' ? event(LIVE_EVENTS.change, message.change, message.change.id) : event(LIVE_EVENTS.editing, message.presence);
      texts.set(message, text);
    }
    return text;
  };
  /** What `caller` is told of `message`, or nothing. */
  const shown = (caller: Caller, message: FeedMessage): string | null => {
    if (message.kind === 'editing' && message.presence.by.id === caller.userId) return null;
    const resource = message.kind === 'change' ? message.change.resource : message.presence.resource;
    return mayRead(caller, { resource, needs: message.needs }) ? textOf(message) : null;
  };

  async function serve(request: FastifyRequest, reply: FastifyReply, caller: Caller): Promise<void> {
    const token = bearerToken(request)!;
    const claims = await ctx.tokens.verifyAccess(token);
    const exp = decodeJwt(token).exp;
    const lastEventId = Number(request.headers['last-event-id']);
    const raw = reply.raw;
    const socket = request.raw.socket;
    if (socket && !sockets.has(socket)) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx: pass each event on as it comes (README "Operations")
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    // messages published while the stream catches up wait here
    let waiting: FeedMessage[] | null = [];
    let lastChange = 0;
    let ended = false;
    const stream: Stream = {
      claims,
      caller,
      expiresAt: exp ? exp * 1000 : Date.now() + ctx.tokens.accessTtlSeconds * 1000,
      send(text) {
        if (ended) return;
        raw.write(text);
        if (raw.writableLength > MAX_BUFFERED) stream.end();
      },
      end() {
        if (ended) return;
        ended = true;
        raw.end();
      },
    };
    const take = (message: FeedMessage) => {
      if (message.kind === 'change') {
        if (message.change.id <= lastChange) return;
        lastChange = message.change.id;
      }
      const text = shown(stream.caller, message);
      if (text) stream.send(text);
    };
    const unsubscribe = feed.subscribe((message) => (waiting ? waiting.push(message) : take(message)));
    open.add(stream);
    raw.on('close', () => {
      ended = true;
      open.delete(stream);
      unsubscribe();
      // the browser went away: its edit dialogs close for the others
      const stillOpen = [...open].some((s) => s.claims.sessionId === claims.sessionId);
      if (!stillOpen) {
        for (const { presence, needs } of feed.editedBy(claims.sessionId)) {
          void feed.publish({ kind: 'editing', presence: { ...presence, until: 0 }, session: claims.sessionId, ...(needs ? { needs } : {}) }).catch(() => undefined);
        }
      }
    });
    try {
      raw.write('retry: 2000\n\n');
      if (Number.isSafeInteger(lastEventId) && lastEventId >= 0) {
        const missed = await entriesAfter(ctx, lastEventId);
        if (missed.length > REPLAY_LIMIT) {
          lastChange = await newestEntry(ctx);
          stream.send(event(LIVE_EVENTS.refresh, {}, lastChange));
        } else {
          for (const message of await changesOf(ctx, missed)) take(message);
          lastChange = Math.max(lastChange, missed.at(-1)?.id ?? lastEventId);
        }
      } else {
        lastChange = await newestEntry(ctx);
        stream.send(event(LIVE_EVENTS.ready, {}, lastChange));
      }
    } catch {
      stream.end();
    }
    const held = waiting;
    waiting = null;
    for (const message of held) take(message);
  }

  return {
    serve,
    /** open streams on this server */
    get count() {
      return open.size;
    },
    /** Ends every stream (the server is closing: a stream would hold its close). */
    close() {
      clearInterval(heartbeat);
      clearTimeout(timer);
      stopWatching();
      for (const s of open) s.end();
      for (const socket of sockets) socket.destroy();
    },
  };
}
export type LiveStreams = ReturnType<typeof createLiveStreams>;
