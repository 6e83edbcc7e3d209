// The audit trail at the size the team targets (a million entries): its seed, kept in the bench's cached
// database beside the other rows and marked with its own parameters (a changed seed is written again),
// the list cases run.ts measures as it measures every list, and the figures of its writes (a category
// update and its chained entry in one transaction, one client then 20), of audit:verify's walk and of
// pruning half the trail while the list is read.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '@server/context';
import type { Db, DialectName } from '@server/db/index';
import { recordedDetail } from '@server/modules/audit/changes';
import { verifyChain } from '@server/modules/audit/chain';
import { pruneTrail } from '@server/modules/audit/retention';
import { writeAudit } from '@server/modules/audit/trail';
import type { Case } from './cases';
import { int, pick, rowRandom, type SeedParams } from './data';
import { type Figure, httpClient, summarise, type Timing } from './measure';

export const AUDIT_FULL = 1_000_000;
export const AUDIT_QUICK = 100_000;
/** Bump when the generated entries change: part of the audit seed's key. */
const AUDIT_DATA_VERSION = 1;
const MARKER = 'bench_audit_seed';
/** Staff who act (the Admin and the first Sub-Admins), as audit_actors holds them. */
const ACTORS = 10;
/** Entries written last through writeAudit itself: the chained tail (the others are outside the chain, hash NULL, as pre-chain entries are). */
const CHAINED = 1000;
const SPAN_MS = 730 * 86_400_000;
const BATCH = 5000;

const say = (line: string) => process.stdout.write(`${line}\n`);

// what staff do, by share: [action, entity, weight]
const MIX: readonly [string, string, number][] = [
  ['update', 'post', 18],
  ['update', 'spot', 8],
  ['update', 'user', 6],
  ['update', 'itinerary', 4],
  ['update', 'category', 2],
  ['update', 'tag', 2],
  ['create', 'spot', 5],
  ['create', 'category', 1],
  ['create', 'tag', 1],
  ['create', 'emailtemplate', 1],
  ['create', 'contentmanagement', 1],
  ['delete', 'post', 3],
  ['delete', 'comment', 2],
  ['moderate', 'post', 6],
  ['moderate', 'comment', 3],
  ['login', 'user', 15],
  ['login.failed', 'user', 5],
  ['refused', 'post', 3],
  ['bulk.delete', 'post', 2],
  ['bulk.inactive', 'user', 2],
  ['sequence', 'spot', 2],
  ['profile.update', 'user', 2],
  ['password.reset', 'user', 1],
  ['update', 'reportCategory', 1],
  ['update', 'emailtemplate', 1],
  ['update', 'contentmanagement', 1],
];
const MIX_TOTAL = MIX.reduce((s, m) => s + m[2], 0);
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
];
const DETAILS = Array.from({ length: 16 }, (_, i) =>
  JSON.stringify(recordedDetail({ before: { name: `Old name ${i}`, status: 'Active' }, after: { name: `New name ${i}`, status: i % 2 ? 'Inactive' : 'Active' } })),
);
const COLUMNS = ['actor_id', 'actor_name', 'actor_email', 'actor_role', 'action', 'entity', 'entity_id', 'detail', 'ip', 'user_agent', 'created_at'] as const;

interface Actor {
  id: number;
  name: string;
  email: string;
  user_type: string;
}

/** What the cases ask for: a person, a name to search, a record with a history. */
export interface AuditSeed {
  entries: number;
  actor: Actor;
  record: { entity: string; id: number };
  /** a month in the middle of the trail (YYYY-MM-DD, inclusive) */
  range: { from: string; to: string };
}

function rangeOf(span: { oldest: string; newest: string }) {
  const middle = (Date.parse(span.oldest) + Date.parse(span.newest)) / 2;
  return { from: new Date(middle).toISOString().slice(0, 10), to: new Date(middle + 30 * 86_400_000).toISOString().slice(0, 10) };
}

/** Entry n of count (1-based, in time order) by the given staff, ending at `end`. */
function entryRow(n: number, count: number, end: number, actors: readonly Actor[], params: SeedParams): unknown[] {
  const rng = rowRandom(40, n);
  let w = rng() * MIX_TOTAL;
  const [action, entity] = MIX.find((m) => (w -= m[2]) < 0) ?? MIX[0];
  // a few staff do most of the work; failed sign-ins and refusals are mostly nobody's (a guest, a typo)
  const nobody = (action === 'login.failed' || action === 'refused') && rng() < 0.7;
  const actor = nobody ? null : actors[Math.floor(rng() ** 2 * actors.length)];
  const records: Record<string, number> = {
    post: params.posts,
    itinerary: params.posts,
    spot: params.spots,
    user: params.users + params.subAdmins,
    comment: params.comments,
    category: params.categories,
    tag: params.tags,
    reportCategory: params.reportCategories,
    emailtemplate: params.emailTemplates,
    contentmanagement: params.contentPages,
  };
  const entityId = action === 'login' && actor ? actor.id : int(rng, 1, records[entity] ?? 100);
  const detail = action === 'update' ? pick(rng, DETAILS) : action.startsWith('bulk.') ? JSON.stringify({ ids: [entityId, entityId + 1] }) : null;
  const at = new Date(end - SPAN_MS + Math.floor((SPAN_MS * n) / count)).toISOString();
  return [
    actor?.id ?? null,
    actor?.name ?? null,
    actor?.email ?? null,
    actor?.user_type ?? null,
    action,
    entity,
    String(entityId),
    detail,
    `203.0.113.${1 + (n % 250)}`,
    pick(rng, AGENTS),
    at,
  ];
}

async function insertEntries(database: Db, dialect: DialectName, rows: unknown[][]) {
  const names = sql.join(COLUMNS.map((c) => sql.ref(c)));
  if (dialect === 'sqlite') {
    const values = sql.join(COLUMNS.map((_, i) => sql`value->>${sql.lit(i)}`));
    await sql`INSERT INTO audit_log (${names}) SELECT ${values} FROM json_each(${JSON.stringify(rows)})`.execute(database.db);
  } else {
    const arrays = sql.join(COLUMNS.map((c, i) => sql`${rows.map((r) => r[i])}::${sql.raw(c === 'actor_id' ? 'integer' : 'text')}[]`));
    await sql`INSERT INTO audit_log (${names}) SELECT * FROM unnest(${arrays})`.execute(database.db);
  }
}

/** The staff who act: the Admin and the first Sub-Admins. */
async function staff(database: Db): Promise<Actor[]> {
  return database.db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'user_type'])
    .where('user_type', 'in', ['Admin', 'Sub-Admin'])
    .orderBy('id')
    .limit(ACTORS)
    .execute();
}

async function seedInfo(database: Db, entries: number): Promise<AuditSeed> {
  const actors = await staff(database);
  const span = await sql<{ oldest: string; newest: string }>`SELECT min(created_at) AS oldest, max(created_at) AS newest FROM audit_log`.execute(database.db);
  // a mid-frequency actor (the fourth of ten: a few percent of the trail)
  return { entries, actor: actors[Math.min(3, actors.length - 1)], record: { entity: 'post', id: 4242 }, range: rangeOf(span.rows[0]) };
}

/**
 * Writes `entries` audit entries into the bench database once (kept while its marker's parameters hold):
 * the older ones in bulk outside the chain, the last CHAINED through writeAudit. Runs on the app's
 * migrated database before the server starts.
 */
export async function prepareAudit(database: Db, dialect: DialectName, params: SeedParams, entries: number): Promise<AuditSeed & { seeded: boolean }> {
  const hash = createHash('sha256').update(JSON.stringify({ AUDIT_DATA_VERSION, entries, params })).digest('hex').slice(0, 12);
  const db = database.db;
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(MARKER)} (params_hash text NOT NULL, seeded_at text NOT NULL, seed_seconds real NOT NULL)`.execute(db);
  const marker = (await sql<{ seeded_at: string }>`SELECT seeded_at FROM ${sql.table(MARKER)} WHERE params_hash = ${hash}`.execute(db)).rows[0];
  if (marker) return { ...(await seedInfo(database, entries)), seeded: false };

  say(`seeding the audit trail: ${entries.toLocaleString('en-US')} entries (seed ${hash})`);
  const t0 = performance.now();
  await sql`DELETE FROM ${sql.table(MARKER)}`.execute(db);
  // PostgreSQL: TRUNCATE, not a DELETE whose counter trigger updates one row_counts row per entry (minutes)
  if (dialect === 'postgres') await sql`TRUNCATE audit_log`.execute(db);
  else await sql`DELETE FROM audit_log`.execute(db);
  await sql`DELETE FROM row_counts WHERE name LIKE 'audit_log:%'`.execute(db);
  await sql`DELETE FROM audit_actors`.execute(db);
  await sql`DELETE FROM settings WHERE key = 'audit_chain_anchor'`.execute(db);
  const actors = await staff(database);
  const bulk = Math.max(0, entries - CHAINED);
  const end = Date.now();
  for (let first = 1; first <= bulk; first += BATCH) {
    const rows: unknown[][] = [];
    for (let n = first; n < first + BATCH && n <= bulk; n++) rows.push(entryRow(n, bulk, end, actors, params));
    await db.transaction().execute(() => insertEntries(database, dialect, rows));
  }
  say(`  audit_log (bulk)   ${bulk.toLocaleString('en-US').padStart(9)} rows  ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // the chained tail, written as the server writes (100 entries per transaction)
  const ctx = { db, dialect } as AppContext;
  for (let n = 0; n < Math.min(CHAINED, entries); n += 100) {
    const actions = Array.from({ length: 100 }, (_, i) => {
      const actor = actors[(n + i) % actors.length];
      return { actorId: actor.id, action: 'update', entity: 'spot', entityId: 1 + ((n + i) % params.spots), detail: { before: { name: 'A' }, after: { name: 'B' } } };
    });
    await writeAudit(ctx, actions, { ip: '198.51.100.7', userAgent: AGENTS[0] });
  }
  await db
    .insertInto('audit_actors')
    .values(actors.map((a) => ({ id: a.id, name: a.name, email: a.email, role: a.user_type })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  // as the other seeds: PostgreSQL's visibility map set (a person's count is then read from the index alone)
  await sql.raw(dialect === 'postgres' ? 'VACUUM ANALYZE audit_log' : 'ANALYZE audit_log').execute(db);
  const seconds = (performance.now() - t0) / 1000;
  say(`  audit trail seeded in ${seconds.toFixed(1)} s (with ANALYZE)`);
  await sql`INSERT INTO ${sql.table(MARKER)} VALUES (${hash}, ${new Date().toISOString()}, ${seconds})`.execute(db);
  return { ...(await seedInfo(database, entries)), seeded: true };
}

/** Pruning removes the seed's older half: the next run writes the trail again. */
async function forgetSeed(database: Db) {
  await sql`DELETE FROM ${sql.table(MARKER)}`.execute(database.db);
}

const NEWEST = JSON.stringify({ direction: 'DESC', name: 'created_at', type: 'default' });
const trailUrl = (extra: Record<string, string> = {}, page = 0) => `/api/audit?${new URLSearchParams({ page: String(page), limit: '10', order: NEWEST, ...extra })}`;

/** The list cases of the trail (measured by run.ts as every list is: p50/p95 and HTTP / SQL). */
export function auditCases(seed: AuditSeed): Case[] {
  const name = seed.actor.name;
  const cases: [string, string][] = [
    ['first page', trailUrl()],
    ['page 500', trailUrl({}, 500)],
    [`person (actor=${seed.actor.id})`, trailUrl({ actor: String(seed.actor.id) })],
    ['kind (entity=spot)', trailUrl({ entity: 'spot' })],
    [`days ${seed.range.from}..${seed.range.to}`, trailUrl({ from: seed.range.from, to: seed.range.to })],
    [`search person '${name}'`, trailUrl({ filter: name })],
    [`search action 'delete'`, trailUrl({ filter: 'delete' })],
    [`search record '${seed.record.id}'`, trailUrl({ filter: String(seed.record.id) })],
    [`history ${seed.record.entity} ${seed.record.id}`, `/api/audit/${seed.record.entity}/${seed.record.id}?page=0&limit=10`],
  ];
  return cases.map(([n, url]) => ({ list: 'audit', name: `audit · ${n}`, url }));
}

export interface AuditBenchOptions {
  ctx: AppContext;
  database: Db;
  dialect: DialectName;
  port: number;
  base: string;
  auth: Record<string, string>;
  only: RegExp | null;
  listGoalMs: number;
  timing: { runs: number; minRuns: number; maxSeconds: number };
  record: (f: Figure) => void;
  latencyFigure: (name: string, t: Timing, goalMs: number, detail: string) => Figure;
}

const WRITE_GOAL_MS = 50;
const CLIENTS = 20;
const PRUNE_BATCH_GOAL_MS = 50;
const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));

/** The trail's writes, audit:verify's walk and pruning (last: it removes half the seed). */
export async function auditFigures(o: AuditBenchOptions): Promise<void> {
  const selected = (name: string) => !o.only || o.only.test(name);
  const client = httpClient(o.port, o.auth);
  const category = Number((await sql<{ id: number }>`SELECT min(id) AS id FROM categories`.execute(o.database.db)).rows[0].id);

  const sequential = 'audit · write · category update, 1 client';
  if (selected(sequential)) {
    let i = 0;
    const once = async () => {
      const a = await client.post('/api/category/update', { id: category, name: `Bench category ${i++}`, status: 'Active' });
      if (a.status !== 200) throw new Error(`category update: ${a.status} ${a.body.slice(0, 200)}`);
      return a.ms;
    };
    for (let w = 0; w < 5; w++) await once();
    const times: number[] = [];
    for (let r = 0; r < o.timing.runs; r++) times.push(await once());
    o.record(o.latencyFigure(sequential, summarise(times), WRITE_GOAL_MS, 'the change and its chained entry in one transaction'));
  }

  const concurrent = `audit · write · category update, ${CLIENTS} clients × 10 s`;
  if (selected(concurrent)) {
    // each client its own category (one row each: what is shared is the trail and its chain) and keep-alive
    // connection, as many calls as it can for 10 s
    const clients = Array.from({ length: CLIENTS }, () => httpClient(o.port, o.auth));
    const times: number[] = [];
    let wrong = 0;
    const t0 = performance.now();
    await Promise.all(
      clients.map(async (c, k) => {
        for (let i = 0; performance.now() - t0 < 10_000; i++) {
          const a = await c.post('/api/category/update', { id: category + k, name: `Bench category ${k}-${i}`, status: 'Active' });
          if (a.status !== 200) wrong++;
          times.push(a.ms);
        }
        c.close();
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const t = summarise(times);
    const judged = o.dialect === 'sqlite';
    o.record({
      ...o.latencyFigure(concurrent, t, WRITE_GOAL_MS, `${Math.round(times.length / seconds)} req/s${wrong ? `, ${wrong} not 200` : ''}`),
      ...(judged ? {} : { goal: 'reported', result: 'INFO' as const }),
    });
    if (wrong) o.record({ ...o.latencyFigure(`${concurrent} · not 200`, t, WRITE_GOAL_MS, `${wrong} answers not 200`), result: 'FAIL' });
  }

  const verify = 'audit · verify the chain (audit:verify)';
  if (selected(verify)) {
    const t0 = performance.now();
    const report = await verifyChain(o.database.db);
    const seconds = (performance.now() - t0) / 1000;
    o.record({
      name: verify,
      n: '1',
      p50: ms(seconds * 1000),
      p95: '-',
      p99: '-',
      goal: 'reported',
      result: report.breaks.length ? 'FAIL' : 'INFO',
      detail: `${report.checked.toLocaleString('en-US')} entries (${report.unchained.toLocaleString('en-US')} before the chain) in ${seconds.toFixed(1)} s, ${report.breaks.length} breaks`,
    });
  }

  const prune = 'audit · prune half the trail';
  if (selected(prune)) await pruneFigures(o, prune, client);
  client.close();
}

/** Pruning the older half (retention set where the middle entry is), its batches' transactions timed, the list's first page read meanwhile. */
async function pruneFigures(o: AuditBenchOptions, name: string, client: ReturnType<typeof httpClient>) {
  const db = o.database.db;
  const { n } = (await sql<{ n: number }>`SELECT count(*) AS n FROM audit_log`.execute(db)).rows[0];
  const middle = (await sql<{ created_at: string }>`SELECT created_at FROM audit_log ORDER BY id LIMIT 1 OFFSET ${Math.floor(Number(n) / 2)}`.execute(db)).rows[0];
  const days = (Date.now() - Date.parse(middle.created_at)) / 86_400_000;
  await forgetSeed(o.database);
  // each batch's transaction timed from its start to its commit (pruneTrail only opens transactions)
  const batches: number[] = [];
  const timed = {
    dialect: o.dialect,
    db: {
      transaction: () => ({
        execute: async <T>(fn: (trx: never) => Promise<T>) => {
          const t0 = performance.now();
          try {
            return await o.ctx.db.transaction().execute(fn as never);
          } finally {
            batches.push(performance.now() - t0);
          }
        },
      }),
    },
  } as unknown as AppContext;
  const pageTimes: number[] = [];
  let pruning = true;
  const reads = (async () => {
    while (pruning) {
      pageTimes.push((await client.get(trailUrl())).ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const t0 = performance.now();
  // AUDIT_RETENTION_DAYS is whole days: the cutoff's fraction is the same arithmetic
  const removed = await pruneTrail(timed, days).finally(() => {
    pruning = false;
  });
  const seconds = (performance.now() - t0) / 1000;
  await reads;
  const held = summarise(batches);
  const longest = Math.max(...batches);
  o.record({
    name,
    n: String(batches.length),
    p50: ms(held.p50),
    p95: ms(held.p95),
    p99: ms(held.p99),
    goal: `each batch ≤ ${PRUNE_BATCH_GOAL_MS} ms`,
    result: longest <= PRUNE_BATCH_GOAL_MS ? 'PASS' : 'FAIL',
    detail: `${removed.toLocaleString('en-US')} of ${Number(n).toLocaleString('en-US')} entries removed in ${seconds.toFixed(1)} s, ${batches.length} batches (times: each batch's transaction); the longest ${ms(longest)} ms`,
  });
  o.record(o.latencyFigure(`${name} · first page meanwhile`, summarise(pageTimes), o.listGoalMs, `${pageTimes.length} calls, one every 20 ms`));
  say('(the audit seed was pruned: the next run writes it again)');
}
