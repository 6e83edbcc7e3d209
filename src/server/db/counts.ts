// Totals that are maintained, not counted: a list's unfiltered total and the dashboard read one row of
// row_counts instead of counting a million rows, and the users list sorts by per-user counts kept on the
// user's row. Triggers keep both (SQLite and PostgreSQL alike), so every writer, the seeders included,
// keeps them right. Defined once here; migration 011 installs them (020 the audit trail's).
import { type Kysely, NoResultError, sql } from 'kysely';
import { type DialectName, hasColumn } from './index';
import { runKept } from './keptStatements';
import type { Database } from './schema';

/** A table whose live rows are counted under a key; `{r}` stands for the row (new or old). */
interface CountedTable {
  table: 'posts' | 'users' | 'spots' | 'reports' | 'audit_log' | 'moderation_cases' | CountedCatalogue;
  /** the row counts (a soft-deleted post does not) */
  live: string;
  /** the counter's name for the row */
  key: string;
  /** the columns whose change can move a row from one counter to another */
  watch: string[];
  /** per-owner counts kept on the owner's users row */
  owner?: { column: string; counters: { column: string; when: string }[] };
}

/** The reports, per type and state (Pending, Resolved): migration 025 keys them so (011 kept the type only). */
/** The moderation cases, per status ('moderation_cases:open'): the desk's badge and the dashboard (034). */
export const CASES_COUNTED: CountedTable = { table: 'moderation_cases', live: 'TRUE', key: `'moderation_cases:' || {r}.status`, watch: ['status'] };

export const REPORTS_COUNTED: CountedTable = { table: 'reports', live: 'TRUE', key: `'reports:' || {r}.type || ':' || {r}.status`, watch: ['type', 'status'] };

export const COUNTED: CountedTable[] = [
  {
    table: 'posts',
    live: '{r}.deleted_at IS NULL',
    key: `'posts:' || {r}.type`,
    watch: ['type', 'deleted_at', 'user_id'],
    owner: {
      column: 'user_id',
      counters: [
        { column: 'post_count', when: `{r}.type = 'post'` },
        { column: 'itinerary_count', when: `{r}.type = 'itinerary'` },
      ],
    },
  },
  { table: 'users', live: 'TRUE', key: `'users:' || {r}.user_type || ':' || {r}.status`, watch: ['user_type', 'status'] },
  {
    table: 'spots',
    live: 'TRUE',
    key: `'spots'`,
    watch: ['user_id'],
    owner: { column: 'user_id', counters: [{ column: 'spot_count', when: 'TRUE' }] },
  },
  // per type and state ('reports:post:Pending'): a list's total, filtered by state or not, and the open reports
  REPORTS_COUNTED,
];

/**
 * The audit trail's totals, per kind of record (migration 020 installs them; 011 stays as it was).
 * Entries are only ever added, so no update moves one: no update trigger.
 */
export const AUDIT_COUNTED: CountedTable = { table: 'audit_log', live: 'TRUE', key: `'audit_log:' || {r}.entity`, watch: [] };

/** The catalogues whose rows are counted as a whole (migration 033): the dashboard's totals and their lists'. */
export const COUNTED_CATALOGUES = ['categories', 'tags', 'report_categories'] as const;
export type CountedCatalogue = (typeof COUNTED_CATALOGUES)[number];

/** A catalogue's counter: its table's name, kept by insert and delete triggers (no update moves a row). */
export const catalogueCounted = (table: CountedCatalogue): CountedTable => ({ table, live: 'TRUE', key: `'${table}'`, watch: [] });

/** The per-user counts the users list shows and sorts by. */
export const OWNER_COUNT_COLUMNS = ['post_count', 'itinerary_count', 'spot_count'] as const;

const row = (template: string, r: 'new' | 'old' | 'NEW' | 'OLD') => template.replaceAll('{r}', r);

/** The statements that add (+1) or remove (-1) row `r` from its counters. */
function moves(c: CountedTable, r: 'new' | 'old' | 'NEW' | 'OLD', sign: 1 | -1): string[] {
  const live = row(c.live, r);
  const key = row(c.key, r);
  const counter =
    sign === 1
      ? `INSERT INTO row_counts(name, n) SELECT ${key}, 1 WHERE ${live} ON CONFLICT(name) DO UPDATE SET n = row_counts.n + 1`
      : `UPDATE row_counts SET n = n - 1 WHERE ${live} AND name = ${key}`;
  const owners = (c.owner?.counters ?? []).map(
    (o) => `UPDATE users SET ${o.column} = ${o.column} + (${sign}) WHERE ${live} AND ${row(o.when, r)} AND id = ${r}.${c.owner!.column}`,
  );
  return [counter, ...owners];
}

/** A counted table's triggers, removed. */
async function dropCounter(db: Kysely<unknown>, dialect: DialectName, c: CountedTable) {
  if (dialect === 'postgres') {
    await sql.raw(`DROP TRIGGER IF EXISTS ${c.table}_counts ON ${c.table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${c.table}_counts()`).execute(db);
  } else {
    for (const suffix of ['ai', 'ad', 'au']) await sql.raw(`DROP TRIGGER IF EXISTS ${c.table}_counts_${suffix}`).execute(db);
  }
}

/**
 * What installCounts makes, removed (so that the migration may run again over its own work), and the
 * audit trail's, the catalogues' and the moderation cases' triggers (020, 033 and 034 make them again): SQLite checks every trigger
 * when a table changes, and theirs name the row_counts table dropped here.
 */
async function removeCounts(db: Kysely<unknown>, dialect: DialectName) {
  for (const c of [...COUNTED, AUDIT_COUNTED, CASES_COUNTED, ...COUNTED_CATALOGUES.map(catalogueCounted)]) await dropCounter(db, dialect, c);
  await sql`DROP TABLE IF EXISTS row_counts`.execute(db);
  for (const column of OWNER_COUNT_COLUMNS) {
    await sql.raw(`DROP INDEX IF EXISTS users_type_${column}`).execute(db);
    if (await hasColumn(db, 'users', column)) await db.schema.alterTable('users').dropColumn(column).execute();
  }
}

/** Migration step: the counters table, the per-user columns, the triggers, and the counts as they stand. */
export async function installCounts(db: Kysely<unknown>, dialect: DialectName) {
  await removeCounts(db, dialect);
  await db.schema
    .createTable('row_counts')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('n', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of OWNER_COUNT_COLUMNS) {
    await db.schema.alterTable('users').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex(`users_type_${column}`).on('users').columns(['user_type', column]).execute();
  }
  for (const c of COUNTED) await installCounter(db, dialect, c);
}

/**
 * Migration step: one counted table's triggers, and its counts as they stand (row_counts exists); run
 * again, it replaces its own work.
 */
export async function installCounter(db: Kysely<unknown>, dialect: DialectName, c: CountedTable) {
  await dropCounter(db, dialect, c);
  if (dialect === 'postgres') {
    const body = (r: 'NEW' | 'OLD', sign: 1 | -1) => moves(c, r, sign).map((s) => `    ${s};`).join('\n');
    await sql
      .raw(
        `CREATE FUNCTION ${c.table}_counts() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
${body('OLD', -1)}
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
${body('NEW', 1)}
  END IF;
  RETURN NULL;
END
$body$`,
      )
      .execute(db);
    // a table whose rows never move from one counter to another (watch: none) has no update trigger
    const update = c.watch.length ? ` OR UPDATE OF ${c.watch.join(', ')}` : '';
    await sql.raw(`CREATE TRIGGER ${c.table}_counts AFTER INSERT OR DELETE${update} ON ${c.table} FOR EACH ROW EXECUTE FUNCTION ${c.table}_counts()`).execute(db);
  } else {
    const trigger = (name: string, event: string, statements: string[]) =>
      sql.raw(`CREATE TRIGGER ${c.table}_counts_${name} AFTER ${event} ON ${c.table} BEGIN ${statements.map((s) => `${s};`).join(' ')} END`).execute(db);
    await trigger('ai', 'INSERT', moves(c, 'new', 1));
    await trigger('ad', 'DELETE', moves(c, 'old', -1));
    if (c.watch.length) await trigger('au', `UPDATE OF ${c.watch.join(', ')}`, [...moves(c, 'old', -1), ...moves(c, 'new', 1)]);
  }
  // the rows already there (their counters, counted before, first forgotten)
  await sql.raw(`DELETE FROM row_counts WHERE name IN (SELECT ${row(c.key, 'r' as 'new')} FROM ${c.table} r)`).execute(db);
  await sql
    .raw(`INSERT INTO row_counts(name, n) SELECT ${row(c.key, 'r' as 'new')}, count(*) FROM ${c.table} r WHERE ${row(c.live, 'r' as 'new')} GROUP BY 1`)
    .execute(db);
  for (const o of c.owner?.counters ?? []) {
    await sql
      .raw(
        `UPDATE users SET ${o.column} = (SELECT count(*) FROM ${c.table} r WHERE r.${c.owner!.column} = users.id AND ${row(c.live, 'r' as 'new')} AND ${row(o.when, 'r' as 'new')})`,
      )
      .execute(db);
  }
}

/**
 * `write` run with the counted table's triggers off, then its counts taken as they stand: a statement that
 * inserts many rows (a seed's filing of 100,000 cases) would otherwise update the same counter row once
 * per row, and on PostgreSQL each update inside one transaction walks a longer chain of that row's
 * versions (the statement ran for more than 15 minutes).
 */
export async function withoutCounter(db: Kysely<unknown>, dialect: DialectName, c: CountedTable, write: () => Promise<void>) {
  await dropCounter(db, dialect, c);
  await write();
  await installCounter(db, dialect, c);
}

/** The sum of the counters whose names start with `prefix` ('posts:post', 'users:User:'); its statement is
 * kept compiled (db/keptStatements.ts): a list's first page asks for its total on every call. */
export async function countOf(db: Kysely<Database>, prefix: string): Promise<number> {
  const [row] = await runKept(db, `count\u0000${prefix}`, [], () =>
    db
      .selectFrom('row_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n'))
      .where((eb) => (prefix.endsWith(':') ? eb('name', 'like', `${prefix}%`) : eb('name', '=', prefix))),
  );
  if (!row) throw new NoResultError(db.selectFrom('row_counts').toOperationNode());
  return Number(row.n);
}

/** Every counter, for the dashboard: one indexed read. */
export async function allCounts(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('row_counts').select(['name', 'n']).execute();
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}
