// Substring search that does not scan: SQLite FTS5 (trigram tokenizer) tables kept in sync by
// triggers, PostgreSQL pg_trgm GIN indexes over the same column list (DESIGN.md §4).
import { type Kysely, sql } from 'kysely';
import type { DialectName } from './index';
import type { Database } from './schema';

/** Text columns searched by each list's search box. */
export const SEARCH_COLUMNS = {
  users: ['name', 'email', 'phone', 'status'],
  categories: ['name', 'status'],
  tags: ['name', 'status'],
  report_categories: ['name', 'status'],
  spots: ['name', 'country', 'city'],
  posts: ['title', 'description'],
  email_templates: ['title', 'slug', 'description', 'status'],
  content_pages: ['title', 'slug', 'status'],
  reports: ['type', 'reason', 'status', 'user_status_by_admin'],
  comments: ['comment'],
} as const satisfies Partial<Record<keyof Database, readonly string[]>>;
export type SearchableTable = keyof typeof SEARCH_COLUMNS;

// FTS5 trigram needs at least 3 characters to use the index.
const MIN_INDEXED_TERM = 3;

function pgExpression(table: SearchableTable): string {
  const cols = SEARCH_COLUMNS[table].map((c) => `coalesce(${c}, '')`).join(` || ' ' || `);
  return `lower(${cols})`;
}

/** Migration step: the index (and for SQLite the FTS table + triggers) for one table. */
export async function createSearchIndex(db: Kysely<unknown>, dialect: DialectName, table: SearchableTable) {
  const cols = SEARCH_COLUMNS[table];
  if (dialect === 'postgres') {
    await sql
      .raw(`CREATE INDEX ${table}_search_trgm ON ${table} USING gin ((${pgExpression(table)}) gin_trgm_ops)`)
      .execute(db);
    return;
  }
  const fts = `${table}_fts`;
  const list = cols.join(', ');
  const newValues = cols.map((c) => `new.${c}`).join(', ');
  const oldValues = cols.map((c) => `old.${c}`).join(', ');
  await sql
    .raw(`CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${table}_fts_ai AFTER INSERT ON ${table} BEGIN INSERT INTO ${fts}(rowid, ${list}) VALUES (new.id, ${newValues}); END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${table}_fts_ad AFTER DELETE ON ${table} BEGIN INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.id, ${oldValues}); END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${table}_fts_au AFTER UPDATE OF ${list} ON ${table} BEGIN INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.id, ${oldValues}); INSERT INTO ${fts}(rowid, ${list}) VALUES (new.id, ${newValues}); END`,
    )
    .execute(db);
  // index the rows already there (a table whose search columns changed in a later migration)
  await sql.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`).execute(db);
}

/** Migration step: removes what createSearchIndex made, before the column list of a table changes. */
export async function dropSearchIndex(db: Kysely<unknown>, dialect: DialectName, table: SearchableTable) {
  if (dialect === 'postgres') {
    await sql.raw(`DROP INDEX IF EXISTS ${table}_search_trgm`).execute(db);
    return;
  }
  for (const suffix of ['ai', 'ad', 'au']) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_fts_${suffix}`).execute(db);
  await sql.raw(`DROP TABLE IF EXISTS ${table}_fts`).execute(db);
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/**
 * SQL condition "row of `table` (aliased `alias`) matches `term`", for use in a WHERE clause.
 * Returns a raw boolean expression.
 */
export function searchCondition(dialect: DialectName, table: SearchableTable, alias: string, term: string) {
  const needle = term.trim().toLowerCase();
  if (dialect === 'postgres') {
    const expr = pgExpression(table).replace(/coalesce\((\w+)/g, `coalesce(${alias}.$1`);
    return sql<boolean>`${sql.raw(expr)} LIKE ${`%${escapeLike(needle)}%`} ESCAPE '\\'`;
  }
  const cols = SEARCH_COLUMNS[table];
  if ([...needle].length < MIN_INDEXED_TERM) {
    // Too short for trigrams: a plain substring test (short terms are rare and cheap to answer with LIMIT).
    const tests = cols.map((c) => sql`instr(lower(coalesce(${sql.ref(`${alias}.${c}`)}, '')), ${needle}) > 0`);
    return sql<boolean>`(${sql.join(tests, sql` OR `)})`;
  }
  const phrase = `"${needle.replace(/"/g, '""')}"`;
  return sql<boolean>`${sql.ref(`${alias}.id`)} IN (SELECT rowid FROM ${sql.raw(`${table}_fts`)} WHERE ${sql.raw(`${table}_fts`)} MATCH ${phrase})`;
}

/**
 * Ids of the users whose name holds `term` (for "created by" searches): the users' search index
 * narrows the rows, then the name decides.
 */
export function usersNamed(db: Kysely<Database>, dialect: DialectName, term: string) {
  const needle = `%${escapeLike(term.trim().toLowerCase())}%`;
  return db
    .selectFrom('users as named')
    .select('named.id')
    .where(searchCondition(dialect, 'users', 'named', term))
    .where(sql<boolean>`lower(named.name) LIKE ${needle} ESCAPE '\\'`);
}
