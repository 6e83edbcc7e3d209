// Opens the database: SQLite (file in DATA_DIR, WAL) by default, PostgreSQL when DATABASE_URL says so.
// Dialect differences live in this folder only.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogConfig, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { SEARCH_FOLD, searchFold } from './search';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from PostgreSQL as strings; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** `log`: Kysely's query log (the bench times the statements a request runs with it). */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string; sqliteFile?: string; log?: LogConfig }): Db {
  if (isPostgresUrl(opts.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: opts.log });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (opts.databaseUrl) throw new Error(`DATABASE_URL must start with postgres:// (got "${opts.databaseUrl}")`);
  const file = opts.sqliteFile ?? path.join(opts.dataDir, 'backoffice.sqlite');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // the planner's statistics, refreshed where missing or stale (an index added by a migration has none, and
  // without them SQLite may take it for a very selective one and sort a million rows); sampled, so quick
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize = 0x10002');
  // the search tables hold folded text (db/search.ts); their triggers call this
  sqlite.function(SEARCH_FOLD, { deterministic: true }, (text: unknown) => (text == null ? null : searchFold(String(text))));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log: opts.log });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Prepared statements kept for reuse: a list page's few statements are compiled once, not per request. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite handle as Kysely's dialect sees it, preparing each distinct SQL text once. Kysely prepares
 * every query anew; with one connection and one statement at a time, reusing them is safe. The cache
 * forgets its oldest entry past STATEMENT_CACHE_SIZE (search terms are parameters, so the texts are few).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * True when `err` is the database refusing a row because a unique index (or the primary key) already
 * holds its value: SQLite's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, PostgreSQL's 23505.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** Whether `table` has `column` (Kysely's introspection, for migrations that may run again over their work). */
export async function hasColumn(db: Kysely<unknown>, table: string, column: string): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return !!tables.find((t) => t.name === table)?.columns.some((c) => c.name === column);
}

/** Current time as stored in every timestamp column. */
export const now = (): string => new Date().toISOString();
