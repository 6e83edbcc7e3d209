// The write notifications between servers on one PostgreSQL (src/server/replicas/sync.ts), in one process:
// two database handles stand for two servers. One NOTIFY per write transaction, none for reads or for the
// sign-in bookkeeping, heard by the other server (not twice by the writer), a lost listening connection
// reopened, and a server signing with another secret reported.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@server/auth/tokens';
import { type Db, openDatabase } from '@server/db/index';
import { type ReplicaSync, startReplicaSync, WRITES_CHANNEL } from '@server/replicas/sync';
import { startTestApp, type TestApp } from '../support/api';

const PG = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger that keeps what it is told. */
function recordingLog() {
  const lines: { level: string; text: string }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push({ level, text: args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ') });
  const log = { warn: at('warn'), error: at('error'), info: at('info'), debug: at('debug'), trace: at('trace'), fatal: at('fatal') };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

const tokensFor = (db: Db, secret: string) =>
  createTokenService(db.db, { secret, accessTtlSeconds: 900, refreshTtlSeconds: 3600, refreshReuseGraceSeconds: 0, session: { maxAgeSeconds: 3600, idleSeconds: 3600 } });

describe.skipIf(!PG)(PG ? 'write notifications between servers' : 'write notifications: skipped, set TEST_DATABASE_URL to run them', () => {
  let t: TestApp;
  let one: Db;
  let two: Db;
  let syncOne: ReplicaSync;
  let syncTwo: ReplicaSync;
  const heardByOne: (readonly string[] | null)[] = [];
  const heardByTwo: (readonly string[] | null)[] = [];
  const logTwo = recordingLog();
  /** every payload on the channel, as a third party listening sees them */
  const wire: string[] = [];
  let spy: pg.Client;

  beforeAll(async () => {
    // a migrated database (the app is only used to make it)
    t = await startTestApp('postgres');
    one = openDatabase({ databaseUrl: PG, dataDir: t.dataDir });
    two = openDatabase({ databaseUrl: PG, dataDir: t.dataDir });
    spy = new pg.Client({ connectionString: PG });
    await spy.connect();
    spy.on('notification', (m) => wire.push(m.payload ?? ''));
    await spy.query(`LISTEN ${WRITES_CHANNEL}`);
    syncOne = await startReplicaSync(one, { databaseUrl: PG, tokens: tokensFor(one, 'same-secret'), log: recordingLog().log });
    syncTwo = await startReplicaSync(two, { databaseUrl: PG, tokens: tokensFor(two, 'same-secret'), log: logTwo.log });
    one.onWrite((tables) => heardByOne.push(tables));
    two.onWrite((tables) => heardByTwo.push(tables));
    expect(syncOne.listening && syncTwo.listening).toBe(true);
  });
  afterAll(async () => {
    await syncOne?.close();
    await syncTwo?.close();
    await spy?.end();
    await one?.close();
    await two?.close();
    await t?.close();
  });

  /** Waits until `list` has `n` entries (the notification travels through PostgreSQL). */
  const until = async (check: () => boolean, ms = 2000) => {
    const start = Date.now();
    while (!check() && Date.now() - start < ms) await sleep(5);
    return check();
  };
  const reset = () => {
    heardByOne.length = 0;
    heardByTwo.length = 0;
    wire.length = 0;
  };
  const writes = () => wire.filter((p) => p.startsWith('w '));

  it('tells the other server of a write, with its tables, once; the writer hears it from itself only', async () => {
    reset();
    await one.db.updateTable('tags').set({ status: 'Active' }).where('id', '=', -1).execute();
    expect(await until(() => heardByTwo.length > 0)).toBe(true);
    expect(heardByTwo).toEqual([['tags']]);
    expect(await until(() => writes().length > 0)).toBe(true);
    await sleep(50);
    expect(heardByOne).toEqual([['tags']]);
    expect(writes()).toEqual([`w ${syncOne.instance} tags`]);
  });

  it('sends one notification per transaction, after its commit, naming every table it wrote; none for a rollback or a read', async () => {
    reset();
    await one.db.transaction().execute(async (trx) => {
      await trx.updateTable('tags').set({ status: 'Active' }).where('id', '=', -1).execute();
      await trx.updateTable('categories').set({ status: 'Active' }).where('id', '=', -1).execute();
      await trx.updateTable('tags').set({ status: 'Inactive' }).where('id', '=', -1).execute();
      // nothing is sent before the commit
      await sleep(50);
      expect(writes()).toEqual([]);
      expect(heardByTwo).toEqual([]);
    });
    expect(await until(() => heardByTwo.length > 0)).toBe(true);
    expect(heardByTwo.map((tables) => [...(tables ?? [])].sort())).toEqual([['categories', 'tags']]);
    // the listening third party has its own connection: its copy may arrive a moment after server two's
    expect(await until(() => writes().length > 0)).toBe(true);
    await sleep(50);
    expect(writes()).toHaveLength(1);

    reset();
    await one.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('tags').set({ status: 'Active' }).where('id', '=', -1).execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await one.db.selectFrom('tags').select('id').limit(1).execute();
    await sleep(100);
    expect(writes()).toEqual([]);
    expect(heardByTwo).toEqual([]);
  });

  it('sends raw SQL that may write as "any table", and nothing for the sign-in bookkeeping alone', async () => {
    reset();
    await sql`UPDATE tags SET status = 'Active' WHERE id = -1`.execute(one.db);
    expect(await until(() => heardByTwo.length > 0)).toBe(true);
    expect(heardByTwo).toEqual([null]);

    reset();
    await one.db.insertInto('login_failures').values({ key: 'pair:x|y', created_at: new Date().toISOString() }).execute();
    await one.db.deleteFrom('login_failures').where('key', '=', 'pair:x|y').execute();
    await one.db.updateTable('refresh_tokens').set({ revoked_at: null }).where('id', '=', -1).execute();
    await sleep(100);
    expect(writes()).toEqual([]);
    expect(heardByTwo).toEqual([]);
    // the writer's own caches still forget (db/index.ts onWrite is unchanged)
    expect(heardByOne).toHaveLength(3);
  });

  it('reopens a lost listening connection, forgets everything kept, and hears the writes again', async () => {
    reset();
    const killed = await spy.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [`backoffice-listen-${syncTwo.instance}`]);
    expect(killed.rowCount).toBe(1);
    expect(await until(() => !syncTwo.listening, 2000)).toBe(true);
    expect(await until(() => syncTwo.listening, 5000)).toBe(true);
    // on reconnecting: what was missed is unknown
    expect(heardByTwo).toContainEqual(null);
    expect(logTwo.lines.some((l) => l.level === 'warn' && /reconnecting/.test(l.text))).toBe(true);
    reset();
    await one.db.updateTable('users').set({ status: 'Active' }).where('id', '=', -1).execute();
    expect(await until(() => heardByTwo.length > 0)).toBe(true);
    expect(heardByTwo).toEqual([['users']]);
  });

  it('reports a server that signs access tokens with another secret, on both sides', async () => {
    const three = openDatabase({ databaseUrl: PG, dataDir: t.dataDir });
    const logThree = recordingLog();
    const syncThree = await startReplicaSync(three, { databaseUrl: PG, tokens: tokensFor(three, 'another-secret'), log: logThree.log });
    try {
      const mismatch = (lines: { level: string; text: string }[]) => lines.some((l) => l.level === 'error' && /another secret/.test(l.text));
      expect(await until(() => mismatch(logTwo.lines) && mismatch(logThree.lines))).toBe(true);
      // servers with the same secret said nothing of the kind
      expect(logTwo.lines.filter((l) => l.level === 'error' && l.text.includes(syncOne.instance))).toEqual([]);
    } finally {
      await syncThree.close();
      await three.close();
    }
  });
});
