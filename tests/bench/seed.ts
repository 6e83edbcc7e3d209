// Builds the bench database once and keeps it: SQLite in a cache file named by the seed parameters,
// PostgreSQL in the database BENCH_DATABASE_URL names, marked with those parameters. The product's own
// migrations make the schema (and its search indexes and triggers); the rows then go in with raw SQL in
// big transactions, so the triggers fire as they do in production. A reused database is migrated to
// the latest schema when the app starts (new migrations apply to the cached rows).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { type Db, openDatabase } from '@server/db/index';
import { migrateToLatest } from '@server/db/migrate';
import { dropCaseFiling, fileExistingReports, installCaseFiling } from '@server/db/moderationCases';
import { CASES_COUNTED, withoutCounter } from '@server/db/counts';
import { SEARCH_FOLD, searchFold } from '@server/db/search';
import { bootstrap } from '@server/seed/bootstrap';
import { checkVocabulary, DATA_VERSION, isPerPost, layout, type SeedParams, type TableData, tables } from './data';

export interface Admin {
  adminEmail: string;
  adminPassword: string;
  scryptN: number;
}

export interface Prepared {
  /** true when the rows were written by this run */
  seeded: boolean;
  seedSeconds: number;
  /** when it was seeded and how long that took (from the marker) */
  marker: { seeded_at: string; seed_seconds: number };
}

const MARKER = 'bench_seed';

export function paramsHash(params: SeedParams): string {
  return createHash('sha256').update(JSON.stringify({ DATA_VERSION, params })).digest('hex').slice(0, 12);
}

const say = (line: string) => process.stdout.write(`${line}\n`);

async function maxIds(db: Db) {
  const max = async (table: 'users' | 'categories' | 'tags' | 'report_categories') =>
    Number((await sql<{ m: number | null }>`SELECT max(id) AS m FROM ${sql.table(table)}`.execute(db.db)).rows[0]?.m ?? 0);
  return { users: await max('users'), categories: await max('categories'), tags: await max('tags'), report_categories: await max('report_categories') };
}

/** The product's schema and bootstrap rows (roles, permissions, templates, the Admin); reports filed after the seed (fileCases). */
async function schema(db: Db, admin: Admin) {
  await migrateToLatest(db);
  await bootstrap(db.db, admin);
  await dropCaseFiling(db.db as Kysely<unknown>, db.dialect);
  return maxIds(db);
}

/** Writes every table, calling `write(table, rows)` with batches of at most `batch` rows. */
async function writeAll(params: SeedParams, ids: Awaited<ReturnType<typeof maxIds>>, batch: number, write: (t: TableData, rows: unknown[][]) => Promise<void> | void) {
  checkVocabulary();
  for (const t of tables(layout(params, ids))) {
    const t0 = performance.now();
    let rows: unknown[][] = [];
    let written = 0;
    for (let n = 1; n <= t.count; n++) {
      if (isPerPost(t)) rows.push(...t.perPost(n));
      else rows.push(t.row(n));
      if (rows.length >= batch) {
        await write(t, rows);
        written += rows.length;
        rows = [];
      }
    }
    if (rows.length) await write(t, rows);
    written += rows.length;
    say(`  ${t.table.padEnd(18)} ${String(written).padStart(9)} rows  ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}

/**
 * The reports filed into moderation cases at once, as migration 034 files the reports already there (a
 * target's Pending reports make its open case, its Resolved ones a decided case), then the filing
 * trigger made again for the reports to come: through the trigger, a million reports took most of an
 * hour on PostgreSQL. The cases' counter is off meanwhile and counted after (db/counts.ts withoutCounter).
 */
export async function fileCases(db: Kysely<unknown>, dialect: Db['dialect']) {
  const t0 = performance.now();
  const file = () => withoutCounter(db, dialect, CASES_COUNTED, () => fileExistingReports(db, dialect));
  await (dialect === 'postgres' ? withoutIndexes(db, 'reports', ['case_id', 'user_id'], file) : file());
  await installCaseFiling(db, dialect);
  say(`  moderation cases filed: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * Runs write with a PostgreSQL table's secondary indexes dropped but those on `kept` columns (which the
 * write reads by), then builds them again. Filing sets case_id on every report: with its 19 indexes
 * (three of them trigram GIN) in place, that UPDATE ran for over an hour at a million reports; a bulk
 * index build after it takes a few minutes.
 */
async function withoutIndexes(db: Kysely<unknown>, table: string, kept: string[], write: () => Promise<void>) {
  const found = await sql<{ name: string; definition: string }>`
    SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename = ${table}
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db);
  const rows = found.rows.filter((r) => !kept.some((column) => new RegExp(`\\b${column}\\b`).test(r.definition)));
  for (const r of rows) await sql.raw(`DROP INDEX ${r.name}`).execute(db);
  await write();
  await db.connection().execute(async (one) => {
    await sql.raw(`SET maintenance_work_mem = '512MB'`).execute(one);
    for (const r of rows) await sql.raw(r.definition).execute(one);
  });
}

// ---- SQLite ---------------------------------------------------------------------------------------

export function sqliteCacheFile(cacheDir: string, params: SeedParams): string {
  return path.join(cacheDir, `bench-${paramsHash(params)}.sqlite`);
}

function readMarker(file: string): Prepared['marker'] | null {
  if (!fs.existsSync(file)) return null;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const found = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?`).get(MARKER);
    if (!found) return null;
    return (db.prepare(`SELECT seeded_at, seed_seconds FROM ${MARKER} WHERE complete = 1`).get() as Prepared['marker'] | undefined) ?? null;
  } finally {
    db.close();
  }
}

export async function prepareSqlite(file: string, params: SeedParams, admin: Admin, reseed: boolean): Promise<Prepared> {
  const existing = reseed ? null : readMarker(file);
  if (existing) return { seeded: false, seedSeconds: 0, marker: existing };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  for (const f of [file, partial].flatMap((x) => [x, `${x}-wal`, `${x}-shm`, `${x}-journal`])) fs.rmSync(f, { force: true });
  say(`seeding SQLite ${path.relative(process.cwd(), file)} (${JSON.stringify(params)})`);
  const t0 = performance.now();

  const db = openDatabase({ dataDir: path.dirname(file), sqliteFile: partial });
  const ids = await schema(db, admin);
  await db.close();

  const raw = new SQLite(partial);
  raw.function(SEARCH_FOLD, { deterministic: true }, (text: unknown) => (text == null ? null : searchFold(String(text))));
  // a throwaway file until it is renamed: journal in memory (WAL, which the app's open set, must go first), no fsync
  raw.pragma('journal_mode = DELETE');
  raw.pragma('journal_mode = MEMORY');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -1000000');
  raw.pragma('temp_store = MEMORY');
  raw.pragma('foreign_keys = OFF');
  // One statement per 1,000 rows (INSERT … SELECT FROM json_each): the search tables' FTS5 triggers
  // flush at each statement's savepoint, so row-at-a-time inserts would write a segment per row.
  const statements = new Map<string, SQLite.Statement>();
  const insert = (t: TableData) => {
    let stmt = statements.get(t.table);
    if (!stmt) {
      const names = t.columns.map((c) => c.name);
      stmt = raw.prepare(`INSERT INTO ${t.table} (${names.join(', ')}) SELECT ${names.map((_, i) => `value->>${i}`).join(', ')} FROM json_each(?)`);
      statements.set(t.table, stmt);
    }
    return stmt;
  };
  const writeBatch = raw.transaction((t: TableData, rows: unknown[][]) => {
    const stmt = insert(t);
    for (let i = 0; i < rows.length; i += 1000) stmt.run(JSON.stringify(rows.slice(i, i + 1000)));
  });
  await writeAll(params, ids, 50_000, (t, rows) => writeBatch(t, rows));
  await fileCases(new Kysely<unknown>({ dialect: new SqliteDialect({ database: raw }) }), 'sqlite');
  const seedSeconds = (performance.now() - t0) / 1000;

  const tAnalyze = performance.now();
  raw.exec('ANALYZE');
  raw.pragma('optimize');
  say(`  ANALYZE, PRAGMA optimize: ${((performance.now() - tAnalyze) / 1000).toFixed(1)} s`);
  raw.exec(`CREATE TABLE ${MARKER} (params_hash TEXT NOT NULL, params TEXT NOT NULL, seeded_at TEXT NOT NULL, seed_seconds REAL NOT NULL, complete INTEGER NOT NULL)`);
  const marker = { seeded_at: new Date().toISOString(), seed_seconds: Math.round(seedSeconds * 10) / 10 };
  raw.prepare(`INSERT INTO ${MARKER} VALUES (?, ?, ?, ?, 1)`).run(paramsHash(params), JSON.stringify(params), marker.seeded_at, marker.seed_seconds);
  raw.pragma('journal_mode = WAL');
  raw.close();
  fs.renameSync(partial, file);
  return { seeded: true, seedSeconds, marker };
}

// ---- PostgreSQL -----------------------------------------------------------------------------------

export async function preparePostgres(url: string, params: SeedParams, admin: Admin, reseed: boolean): Promise<Prepared> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = paramsHash(params);
    const tablesThere = Number((await client.query(`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'`)).rows[0].n);
    const hasMarker = !!(await client.query(`SELECT to_regclass('public.${MARKER}') AS t`)).rows[0].t;
    if (hasMarker && !reseed) {
      const row = (await client.query(`SELECT seeded_at, seed_seconds FROM ${MARKER} WHERE params_hash = $1 AND complete = 1`, [hash])).rows[0];
      if (row) return { seeded: false, seedSeconds: 0, marker: { seeded_at: row.seeded_at, seed_seconds: Number(row.seed_seconds) } };
    }
    if (tablesThere && !hasMarker) {
      throw new Error('BENCH_DATABASE_URL names a database with tables the bench did not make: point it at an empty database (the bench wipes and reseeds its own)');
    }
    const db0 = (await client.query('SELECT current_database() AS d')).rows[0].d as string;
    say(`seeding PostgreSQL database ${db0} (${JSON.stringify(params)})`);
    const t0 = performance.now();
    await client.query('DROP SCHEMA public CASCADE');
    await client.query('CREATE SCHEMA public');
    await client.query('GRANT ALL ON SCHEMA public TO public');
    // first, so that a seed cut short is still known as the bench's (and wiped by the next run)
    await client.query(`CREATE TABLE ${MARKER} (params_hash TEXT NOT NULL, params TEXT NOT NULL, seeded_at TEXT NOT NULL, seed_seconds REAL NOT NULL, complete INTEGER NOT NULL)`);

    const db = openDatabase({ databaseUrl: url, dataDir: '.' });
    const ids = await schema(db, admin);
    await db.close();

    await client.query('SET synchronous_commit = off');
    await client.query(`SET work_mem = '256MB'`);
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SET gin_pending_list_limit = '64MB'`);
    const texts = new Map<string, string>();
    await writeAll(params, ids, 10_000, async (t, rows) => {
      let q = texts.get(t.table);
      if (!q) {
        const names = t.columns.map((c) => c.name).join(', ');
        const arrays = t.columns.map((c, i) => `$${i + 1}::${c.pg}[]`).join(', ');
        q = `INSERT INTO ${t.table} (${names}) SELECT * FROM unnest(${arrays})`;
        texts.set(t.table, q);
      }
      const columns = t.columns.map((_, i) => rows.map((r) => r[i]));
      await client.query(q, columns);
    });
    const filing = openDatabase({ databaseUrl: url, dataDir: '.' });
    await fileCases(filing.db as Kysely<unknown>, 'postgres');
    await filing.close();
    // explicit ids were written: move each serial past them
    for (const t of ['users', 'categories', 'tags', 'report_categories', 'spots', 'posts', 'comments', 'reports']) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
    }
    const seedSeconds = (performance.now() - t0) / 1000;
    const tAnalyze = performance.now();
    await client.query('VACUUM ANALYZE');
    say(`  VACUUM ANALYZE: ${((performance.now() - tAnalyze) / 1000).toFixed(1)} s`);
    const marker = { seeded_at: new Date().toISOString(), seed_seconds: Math.round(seedSeconds * 10) / 10 };
    await client.query(`INSERT INTO ${MARKER} VALUES ($1, $2, $3, $4, 1)`, [hash, JSON.stringify(params), marker.seeded_at, marker.seed_seconds]);
    return { seeded: true, seedSeconds, marker };
  } finally {
    await client.end();
  }
}
