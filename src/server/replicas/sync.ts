// Several servers on one PostgreSQL share nothing else (images go to S3): what each keeps in memory for a
// moment (the guard's accounts, auth/guard.ts; the kept list answers, http/answerCache.ts) is forgotten
// at every write of its own process (db/index.ts onWrite). This makes the other servers' writes count too,
// at once, through PostgreSQL's LISTEN/NOTIFY:
// - a write transaction (or an autocommitted write) sends one NOTIFY with the tables it wrote, on its own
//   connection, right after its commit and before the write is acknowledged to its caller: by the time
//   the answer leaves, PostgreSQL has delivered it to the listeners;
// - a dedicated connection listens and tells this process's listeners (db.tellWrite), as for its own
//   writes; it reconnects when lost, and then forgets everything kept (what it missed is unknown). While
//   it is down, the caches' own lifetime (1 s) is the bound, as before.
// Reads send nothing, so the kept answers' hot path is untouched. SQLite is one process: nothing to do.
//
// Live changes (modules/live/feed.ts: what staff changed, who has a record open for editing) go on a
// channel of their own, LIVE_CHANNEL, each sent after the commit of its change, and so after that change's
// write notification: a server hears that its kept answers are stale before it tells its streams to reload.
//
// Each server also checks that the others sign access tokens with the same secret: it sends a token it
// signed when it starts listening, the others verify it and answer with one of theirs. A mismatch is
// logged as an error on both sides (set one JWT_SECRET on every replica); it does not stop the server, so
// rotating the secret replica by replica stays possible.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { TokenService } from '@server/auth/tokens';
import { type Db, isPostgresUrl } from '@server/db/index';

/** The channel of the write notifications (per database: servers of another database never hear them). */
export const WRITES_CHANNEL = 'backoffice_writes';
/** The channel of the live messages (one JSON message each, under NOTIFY's 8000 bytes: feed.ts). */
export const LIVE_CHANNEL = 'backoffice_live';

/** What relays the live feed (modules/live/feed.ts): where its messages go, and what it hears. */
export interface LiveRelay {
  relayTo(send: ((payload: string) => Promise<void>) | null): void;
  heard(payload: string): void;
}

/** NOTIFY's payload limit is 8000 bytes: a longer list of tables is sent as "any table". */
const MAX_PAYLOAD = 7000;
/**
 * Tables written at every sign-in attempt and token refresh whose rows are read straight from the database
 * each time (auth/throttle.ts, auth/tokens.ts), never from what a server keeps: a write to them alone is not
 * sent, so a flood of failed sign-ins on one server does not empty the others' caches. A cache that comes
 * to depend on one of them must take it out of here.
 */
const UNSHARED: ReadonlySet<string> = new Set(['login_failures', 'refresh_tokens']);
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;

export interface ReplicaSync {
  /** this server's name in the notifications */
  readonly instance: string;
  /** the dedicated connection is listening */
  readonly listening: boolean;
  close(): Promise<void>;
}

const DISABLED: ReplicaSync = { instance: '', listening: false, close: async () => undefined };

/** Starts relaying this server's writes and hearing the others' (PostgreSQL); resolves once listening or after a first failure. */
export async function startReplicaSync(
  database: Db,
  opts: { databaseUrl?: string; tokens: TokenService; log: FastifyBaseLogger; live?: LiveRelay },
): Promise<ReplicaSync> {
  if (database.dialect !== 'postgres' || !isPostgresUrl(opts.databaseUrl)) return DISABLED;
  const { log, tokens } = opts;
  const instance = randomUUID().slice(0, 8);
  let client: pg.Client | null = null;
  let listening = false;
  let closing = false;
  let retryMs = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | undefined;
  // servers already found to sign with another secret (each is reported once)
  const mismatched = new Set<string>();

  database.relayWrites(async (tables, run) => {
    if (tables !== null && tables.every((t) => UNSHARED.has(t))) return;
    let list = tables === null ? '*' : tables.join(',');
    if (list.length > MAX_PAYLOAD) list = '*';
    try {
      await run('SELECT pg_notify($1, $2)', [WRITES_CHANNEL, `w ${instance} ${list}`]);
    } catch (err) {
      log.warn({ err }, 'replicas: the other servers could not be told of a write (they see it within 1 s)');
    }
  });

  // a live message is sent as `<instance> <message>`: the sender has told its own streams already
  opts.live?.relayTo(async (payload) => {
    try {
      await sql`SELECT pg_notify(${LIVE_CHANNEL}, ${`${instance} ${payload}`})`.execute(database.db);
    } catch (err) {
      log.warn({ err }, 'replicas: the other servers could not be told of a live change (their streams miss it)');
    }
  });

  /** Sends `kind` with a token this server signed (a user id no account has). */
  const introduce = async (to: pg.Client, kind: 'hello' | 'here') => {
    const { token } = await tokens.signAccess({ userId: 0, version: -1 }, { id: 'secret-check', endsAt: Date.now() + tokens.accessTtlSeconds * 1000 });
    await to.query('SELECT pg_notify($1, $2)', [WRITES_CHANNEL, `${kind} ${instance} ${token}`]);
  };
  const checkSecret = async (from: string, token: string) => {
    try {
      await tokens.verifyAccess(token);
      return true;
    } catch {
      if (!mismatched.has(from)) {
        mismatched.add(from);
        log.error(
          `replicas: server ${from} on this database signs access tokens with another secret than this one (${instance}): ` +
            'each refuses the tokens of the other. Set the same JWT_SECRET on every server.',
        );
      }
      return false;
    }
  };

  const heard = (message: pg.Notification) => {
    if (message.channel === LIVE_CHANNEL) {
      const payload = message.payload ?? '';
      const space = payload.indexOf(' ');
      if (space > 0 && payload.slice(0, space) !== instance) opts.live?.heard(payload.slice(space + 1));
      return;
    }
    const [kind, from, rest = ''] = (message.payload ?? '').split(' ', 3);
    if (from === instance) return;
    if (kind === 'w') database.tellWrite(rest === '*' ? null : rest.split(',').filter(Boolean));
    else if (kind === 'hello' || kind === 'here') {
      void checkSecret(from, rest).then(async () => {
        if (kind === 'hello' && client) await introduce(client, 'here');
      }).catch((err: unknown) => log.warn({ err }, 'replicas: answering a new server failed'));
    }
  };

  const connect = async () => {
    retry = undefined;
    const next = new pg.Client({
      connectionString: opts.databaseUrl,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // named in pg_stat_activity
      application_name: `backoffice-listen-${instance}`,
    });
    const lost = (err?: Error) => {
      if (client !== next) return;
      client = null;
      listening = false;
      void next.end().catch(() => undefined);
      if (closing) return;
      log.warn({ err }, 'replicas: the notification connection was lost; reconnecting');
      retry = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(RECONNECT_MAX_MS, retryMs * 2);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', heard);
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${WRITES_CHANNEL}`);
      if (opts.live) await next.query(`LISTEN ${LIVE_CHANNEL}`);
      if (closing) return void next.end().catch(() => undefined);
      listening = true;
      retryMs = RECONNECT_MIN_MS;
      // whatever was written while nobody listened is unknown: forget all that is kept
      database.tellWrite(null);
      await introduce(next, 'hello');
    } catch (err) {
      lost(err as Error);
    }
  };

  await connect();
  return {
    instance,
    get listening() {
      return listening;
    },
    async close() {
      closing = true;
      clearTimeout(retry);
      database.relayWrites(null);
      opts.live?.relayTo(null);
      const c = client;
      client = null;
      listening = false;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
