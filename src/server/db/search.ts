// Substring search that does not scan: SQLite FTS5 (trigram tokenizer) tables kept in sync by
// triggers, PostgreSQL pg_trgm GIN indexes over the same column list (DESIGN.md §4). Both sides fold
// the text first (search_fold: case, accents, dotless ı, Arabic letter forms and digits), so 'cafe'
// finds 'Café', 'carsi' finds 'Çarşı' and 'احمد' finds 'أحمد'.
import { type Kysely, sql } from 'kysely';
import { USER_STATUSES } from '@shared/access';
import { foldText } from '@shared/text';
import { RESOURCES, type RegisteredResource, type ResourceDeclaration } from '@shared/resources/index';
import { ACTIVE_STATUSES } from '@shared/resources/plain';
import type { DialectName } from './dialect';
import { hasColumn } from './introspect';
import type { Database } from './schema';

/** The tables the declarations search (`search.table`, or a table of hand-written migrations: `storage`). */
type DeclaredSearchTable =
  | NonNullable<Extract<RegisteredResource, { search: object }>['search']>['table']
  | Extract<RegisteredResource, { storage: { migrations: 'hand-written' } }>['storage']['table'];

/** The table whose search index a declaration's list reads: `search.table`, or its own of hand-written migrations. */
export const searchedTableOf = (r: ResourceDeclaration): string | undefined =>
  r.search?.table ?? (r.storage?.migrations === 'hand-written' ? r.storage.table : undefined);

/**
 * Each searched table's columns, from the declarations naming it (`search.table`): the columns of their
 * `searchable` fields, in field order (the index's order: a PostgreSQL expression index is used only by
 * the same expression). Declarations sharing a table must search it alike.
 */
export function searchColumnsOf(resources: readonly ResourceDeclaration[]): Record<string, readonly string[]> {
  const tables: Record<string, readonly string[]> = {};
  for (const r of resources) {
    const table = searchedTableOf(r);
    if (!table) continue;
    const columns = Object.entries(r.fields).flatMap(([name, f]) => (f.searchable === true ? [name] : f.searchable || []));
    const other = tables[table];
    if (other && other.join() !== columns.join()) throw new Error(`${r.name} searches ${table} in ${columns.join(', ')}, another declaration in ${other.join(', ')}`);
    tables[table] = columns;
  }
  return tables;
}

/** Text columns searched by each list's search box: the declarations' (searchColumnsOf). */
export const SEARCH_COLUMNS = {
  ...(searchColumnsOf(RESOURCES) as Record<DeclaredSearchTable, readonly string[]>),
  // the comments' own index (migrations 001, 010): no list searches it today (the reported comments are reports)
  comments: ['comment'],
  // the moderation desk's cases (migration 035): their target's title and text, its author, their reasons
  moderation_cases: ['target_title', 'target_text', 'author_name', 'reasons'],
} satisfies Partial<Record<keyof Database, readonly string[]>>;
export type SearchableTable = keyof typeof SEARCH_COLUMNS;

const omitKey = <T extends object, K extends keyof T>(from: T, key: K): Omit<T, K> =>
  Object.fromEntries(Object.entries(from).filter(([k]) => k !== key)) as Omit<T, K>;

/**
 * The searched columns as the migrations before 014 indexed them (before the copied names joined the
 * posts', spots' and reports' indexes): those migrations build these, on columns that exist by then.
 */
export const SEARCH_COLUMNS_BEFORE_COPIES: Record<Exclude<SearchableTable, 'moderation_cases'>, readonly string[]> = {
  // (the cases' table is younger than those migrations: 035 indexes it)
  ...omitKey(SEARCH_COLUMNS, 'moderation_cases'),
  spots: ['name', 'country', 'city'],
  posts: ['title', 'description'],
  reports: ['type', 'reason', 'status', 'user_status_by_admin'],
};

/**
 * Tables whose search index is split by a column's value (migration 017): their list always shows one
 * value's rows (the post list one type), so each value has its own index. With one index for both, a
 * search of the itineraries (one post in ten) read every post's entries for the phrase's common
 * trigrams, then dropped nine in ten of the rows it found.
 */
export const SEARCH_PARTITIONS: { [T in SearchableTable]?: { column: string; values: readonly string[] } } = {
  posts: { column: 'type', values: ['post', 'itinerary'] },
  // (migration 018) a report list shows one type too
  reports: { column: 'type', values: ['post', 'comment', 'user'] },
};

/**
 * Tables that keep their searched columns' folded text in a column of their own, SEARCH_TEXT (migration
 * 018): PostgreSQL's search index is built over it, and both databases' row tests read it. Folding ten
 * columns of a report (a post's whole text among them) for each row a search tested or rechecked was
 * most of a report search's time. PostgreSQL computes the column (a stored generated column), SQLite's
 * triggers fill it.
 */
// (migration 037) and a moderation case's: the desk's search probes 500 cases before it reads the index,
// and folding their title, text, author and reasons there was half of a phrase search's 20 ms
export const STORED_SEARCH_TEXT: ReadonlySet<SearchableTable> = new Set(['reports', 'moderation_cases']);
export const SEARCH_TEXT = 'search_text';
/** Which part of a partitioned table's index a search reads: the value of its partition column. */
export type SearchPartition = string;

/** The partition's value, checked against the declared ones (it becomes part of a table name). */
function partitionOf(table: SearchableTable, value: SearchPartition): string {
  const partition = SEARCH_PARTITIONS[table];
  if (!partition || !partition.values.includes(value)) throw new Error(`${table} has no search partition "${value}"`);
  return value;
}

/**
 * Status columns among the searched ones, with the values each holds. A search term that is exactly one
 * of a column's values (case aside) matches that column by equality, not by substring: 'Active' finds
 * the Active rows, not the Inactive ones too, and 'Pending' not 'Request Pending'. The other columns keep
 * their substring match.
 */
export const STATUS_COLUMNS: { [T in SearchableTable]?: Record<string, readonly string[]> } = {
  users: { status: USER_STATUSES },
  categories: { status: ACTIVE_STATUSES },
  tags: { status: ACTIVE_STATUSES },
  report_categories: { status: ACTIVE_STATUSES },
  email_templates: { status: ACTIVE_STATUSES },
  content_pages: { status: ACTIVE_STATUSES },
  // a report's own state, and the state of its target (the list's Status column)
  reports: { status: ['Pending', 'Resolved'], user_status_by_admin: ['Active', 'Inactive'] },
};

/** The status columns `term` names a value of, each with that value as stored; empty when it names none. */
function statusMatches(table: SearchableTable, term: string): { column: string; value: string }[] {
  const needle = term.trim().toLowerCase();
  const columns: Record<string, readonly string[] | undefined> = STATUS_COLUMNS[table] ?? {};
  return Object.entries(columns).flatMap(([column, values]) => {
    const value = values?.find((v) => v.toLowerCase() === needle);
    return value ? [{ column, value }] : [];
  });
}

// FTS5 trigram needs at least 3 characters to use the index.
const MIN_INDEXED_TERM = 3;

/** The SQL function both databases fold searched text with (SQLite: foldText, registered by openDatabase). */
export const SEARCH_FOLD = 'search_fold';
export const searchFold = foldText;

/**
 * PostgreSQL's twin of foldText: unaccent (which also makes ı an i and ß ss), lower case, then the
 * Arabic letter forms and digits foldText maps, and Arabic vowel marks and tatweel dropped.
 * Each row a search tests or rechecks is folded, so the common cases skip the slow steps with the same
 * result: printable ASCII but the backtick has nothing to unaccent or translate (as foldText's fast
 * path), and translate (75 µs on a post's text) runs only on text holding one of its characters.
 */
const PG_SEARCH_FOLD = `CREATE OR REPLACE FUNCTION ${SEARCH_FOLD}(text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $fold$
DECLARE
  t text := $1;
BEGIN
  IF t ~ '^[\\t\\n\\r -_a-~]*$' THEN
    RETURN lower(t);
  END IF;
  t := lower(public.unaccent('public.unaccent'::regdictionary, t));
  IF t ~ '[أإآةىیک٠-٩۰-۹’‘ʼ\`´ـً-ْٰ]' THEN
    RETURN translate(t, 'أإآةىیک٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹’‘ʼ\`´ـًٌٍَُِّْٰ', 'اااهييك01234567890123456789''''''''''');
  END IF;
  RETURN t;
END
$fold$`;

/** Migration step: (re)defines PostgreSQL's search_fold (SQLite's is registered by openDatabase). */
export async function installSearchFold(db: Kysely<unknown>, dialect: DialectName) {
  if (dialect !== 'postgres') return;
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public`.execute(db);
  await sql.raw(PG_SEARCH_FOLD).execute(db);
}

/** The searched columns joined as one text: by a space (PostgreSQL) or by char(31) (SQLite, see rowTest). */
function joinedColumns(dialect: DialectName, columns: readonly string[], alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  return columns.map((c) => `coalesce(${prefix}${c}, '')`).join(dialect === 'postgres' ? ` || ' ' || ` : ` || char(31) || `);
}

function pgExpression(columns: readonly string[]): string {
  return `${SEARCH_FOLD}(${joinedColumns('postgres', columns)})`;
}

/** Whether a search of `columns` may read `table`'s SEARCH_TEXT instead of folding them. */
function readsStoredText(table: SearchableTable, columns: readonly string[]): boolean {
  return STORED_SEARCH_TEXT.has(table) && columns.length === SEARCH_COLUMNS[table].length;
}

/**
 * A SQLite trigger's WHEN: one of `cols` holds another value. An UPDATE OF trigger fires whenever its
 * columns are set, and the desk's filing sets a case's reasons at each report, mostly to the same text.
 */
const changed = (cols: readonly string[]) => `(${cols.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')})`;

/**
 * Migration step: `table`'s SEARCH_TEXT column, the folded text of its SEARCH_COLUMNS, filled for the
 * rows already there. PostgreSQL: a stored generated column (search_fold is immutable). SQLite, which
 * cannot add a stored generated column to a table, a plain column its triggers keep: after an insert,
 * and after an update of a searched column (copies included, when their source changes).
 */
export async function storeSearchText(db: Kysely<unknown>, dialect: DialectName, table: SearchableTable) {
  if (!STORED_SEARCH_TEXT.has(table)) throw new Error(`${table} keeps no search text`);
  const cols = SEARCH_COLUMNS[table];
  const folded = `${SEARCH_FOLD}(${joinedColumns(dialect, cols)})`;
  if (dialect === 'postgres') {
    await installSearchFold(db, dialect);
    await sql.raw(`ALTER TABLE ${table} ADD COLUMN ${SEARCH_TEXT} text GENERATED ALWAYS AS (${folded}) STORED`).execute(db);
    return;
  }
  const set = `UPDATE ${table} SET ${SEARCH_TEXT} = ${SEARCH_FOLD}(${joinedColumns(dialect, cols, 'new')}) WHERE id = new.id;`;
  await sql.raw(`ALTER TABLE ${table} ADD COLUMN ${SEARCH_TEXT} text`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_${SEARCH_TEXT}_ai AFTER INSERT ON ${table} BEGIN ${set} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_${SEARCH_TEXT}_au AFTER UPDATE OF ${cols.join(', ')} ON ${table} WHEN ${changed(cols)} BEGIN ${set} END`).execute(db);
  await sql.raw(`UPDATE ${table} SET ${SEARCH_TEXT} = ${folded}`).execute(db);
}

/**
 * Migration step: the index (and for SQLite the FTS table + triggers) for one table, over `cols` (the
 * table's SEARCH_COLUMNS unless a migration builds an earlier list).
 */
export async function createSearchIndex(db: Kysely<unknown>, dialect: DialectName, table: SearchableTable, cols: readonly string[] = SEARCH_COLUMNS[table]) {
  await createIndexOf(db, dialect, table, cols);
}

/**
 * Migration step: one search index per value of the table's partition column (SEARCH_PARTITIONS), over
 * its SEARCH_COLUMNS: PostgreSQL partial indexes `<table>_search_trgm_<value>`, SQLite FTS tables
 * `<table>_fts_<value>` each holding the rows of its value (a row whose value changes moves).
 */
export async function createPartitionedSearchIndex(db: Kysely<unknown>, dialect: DialectName, table: SearchableTable) {
  const partition = SEARCH_PARTITIONS[table];
  if (!partition) throw new Error(`${table} has no search partitions`);
  for (const value of partition.values) {
    await createIndexOf(db, dialect, table, SEARCH_COLUMNS[table], { column: partition.column, value: partitionOf(table, value) });
  }
}

/** The search index of `table`'s rows, or of those whose `only.column` holds `only.value`. */
async function createIndexOf(db: Kysely<unknown>, dialect: DialectName, table: SearchableTable, cols: readonly string[], only?: { column: string; value: string }) {
  const suffix = only ? `_${only.value}` : '';
  if (dialect === 'postgres') {
    await installSearchFold(db, dialect);
    const where = only ? ` WHERE ${only.column} = '${only.value}'` : '';
    // over the table's SEARCH_TEXT once a migration has stored it (storeSearchText runs first), else over
    // the folded columns (the migrations before it)
    const stored = readsStoredText(table, cols) && (await hasColumn(db, table, SEARCH_TEXT));
    const indexed = stored ? SEARCH_TEXT : `(${pgExpression(cols)})`;
    await sql.raw(`CREATE INDEX ${table}_search_trgm${suffix} ON ${table} USING gin (${indexed} gin_trgm_ops)${where}`).execute(db);
    return;
  }
  // contentless: the table holds the folded text, which the content table does not have
  const fts = `${table}_fts${suffix}`;
  const list = cols.join(', ');
  const folded = (row: string) => cols.map((c) => `${SEARCH_FOLD}(${row}${c})`).join(', ');
  const when = (row: 'new' | 'old') => (only ? ` WHEN ${row}.${only.column} = '${only.value}'` : '');
  const newRowBelongs = only ? ` WHERE new.${only.column} = '${only.value}'` : '';
  const add = `INSERT INTO ${fts}(rowid, ${list}) SELECT new.id, ${folded('new.')}${newRowBelongs};`;
  await sql.raw(`CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='', contentless_delete=1, tokenize='trigram')`).execute(db);
  await sql.raw(`CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table}${when('new')} BEGIN ${add} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table}${when('old')} BEGIN DELETE FROM ${fts} WHERE rowid = old.id; END`).execute(db);
  // an update may move the row out of this part of the index, or into it
  const updated = only ? [...cols, only.column] : cols;
  const either = only ? ` AND (old.${only.column} = '${only.value}' OR new.${only.column} = '${only.value}')` : '';
  await sql
    .raw(`CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${updated.join(', ')} ON ${table} WHEN ${changed(updated)}${either} BEGIN DELETE FROM ${fts} WHERE rowid = old.id; ${add} END`)
    .execute(db);
  // index the rows already there (a table whose search columns changed in a later migration)
  const rowBelongs = only ? ` WHERE ${only.column} = '${only.value}'` : '';
  await sql.raw(`INSERT INTO ${fts}(rowid, ${list}) SELECT id, ${folded('')} FROM ${table}${rowBelongs}`).execute(db);
}

/**
 * Migration step: removes what createSearchIndex (or createPartitionedSearchIndex) made, and the
 * table's SEARCH_TEXT (storeSearchText), which an earlier migration run again may not expect: it reads
 * columns such a migration removes and makes again.
 */
export async function dropSearchIndex(db: Kysely<unknown>, dialect: DialectName, table: SearchableTable) {
  const parts = (SEARCH_PARTITIONS[table]?.values ?? []).map((v) => `_${partitionOf(table, v)}`);
  if (STORED_SEARCH_TEXT.has(table)) {
    for (const suffix of ['ai', 'au']) if (dialect === 'sqlite') await sql.raw(`DROP TRIGGER IF EXISTS ${table}_${SEARCH_TEXT}_${suffix}`).execute(db);
    // (PostgreSQL drops the indexes over the column with it)
    if (await hasColumn(db, table, SEARCH_TEXT)) await sql.raw(`ALTER TABLE ${table} DROP COLUMN ${SEARCH_TEXT}`).execute(db);
  }
  if (dialect === 'postgres') {
    for (const part of ['', ...parts]) await sql.raw(`DROP INDEX IF EXISTS ${table}_search_trgm${part}`).execute(db);
    return;
  }
  for (const suffix of ['ai', 'ad', 'au']) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_fts_${suffix}`).execute(db);
  await sql.raw(`DROP TABLE IF EXISTS ${table}_fts`).execute(db);
  for (const part of parts) {
    for (const suffix of ['ai', 'ad', 'au']) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_fts${part}_${suffix}`).execute(db);
    await sql.raw(`DROP TABLE IF EXISTS ${table}_fts${part}`).execute(db);
  }
}

/** `term` for a LIKE pattern with ESCAPE '\\': %, _ and \\ stand for themselves. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/**
 * SQL condition "row of `table` (aliased `alias`) matches `term`", for use in a WHERE clause: a substring
 * of any searched column, except that a term naming a status value matches the status columns exactly
 * (STATUS_COLUMNS). Returns a raw boolean expression, answered from the search index (and, for a status
 * term, the status column's equality).
 */
export function searchCondition(dialect: DialectName, table: SearchableTable, alias: string, term: string, indexed = true, partition?: SearchPartition) {
  const statuses = statusMatches(table, term);
  if (!statuses.length) return substringCondition(dialect, table, alias, term, SEARCH_COLUMNS[table], indexed, partition);
  const statusColumns = Object.keys(STATUS_COLUMNS[table] ?? {});
  const others = SEARCH_COLUMNS[table].filter((c) => !statusColumns.includes(c));
  const equal = statuses.map(({ column, value }) => sql`${sql.ref(`${alias}.${column}`)} = ${value}`);
  return sql<boolean>`(${sql.join([substringCondition(dialect, table, alias, term, others, indexed, partition), ...equal], sql` OR `)})`;
}

/**
 * SQL condition "one of `columns` (all searched columns by default) of the row holds `term`", status
 * columns by substring too. SQLite restricts the FTS5 match to those columns; PostgreSQL narrows by the
 * indexed expression over all the columns, then tests the wanted ones. A search of another table's rows
 * by their name alone (a report's category) uses it with ['name']. With `indexed` false the same match is
 * a test of each row that no index answers: a list walking its sort order with it stops at a page of
 * matches, where a common term's index lookup would first gather every match (http/list.ts).
 *
 * A partitioned table (SEARCH_PARTITIONS) is searched within one `partition` value, which the caller's
 * query must also hold as a condition (`type = 'itinerary'`): SQLite reads that value's FTS table, and
 * PostgreSQL's planner picks that value's partial index from the condition.
 */
export function substringCondition(
  dialect: DialectName,
  table: SearchableTable,
  alias: string,
  term: string,
  columns: readonly string[] = SEARCH_COLUMNS[table],
  indexed = true,
  partition?: SearchPartition,
) {
  if (SEARCH_PARTITIONS[table] && partition === undefined) throw new Error(`a search of ${table} names its partition`);
  const all = columns.length === SEARCH_COLUMNS[table].length;
  if (!indexed) return rowTest(dialect, table, alias, term, columns);
  if (dialect === 'postgres') {
    const expr = readsStoredText(table, SEARCH_COLUMNS[table])
      ? `${alias}.${SEARCH_TEXT}`
      : pgExpression(SEARCH_COLUMNS[table]).replace(/coalesce\((\w+)/g, `coalesce(${alias}.$1`);
    // folded by the database's own search_fold, the same function as the index's
    const like = sql`${sql.raw(SEARCH_FOLD)}(${`%${escapeLike(term.trim())}%`})`;
    const indexed = sql<boolean>`${sql.raw(expr)} LIKE ${like} ESCAPE '\\'`;
    if (all) return indexed;
    const part = `${SEARCH_FOLD}(${columns.map((c) => `coalesce(${alias}.${c}, '')`).join(` || ' ' || `)})`;
    return sql<boolean>`(${indexed} AND ${sql.raw(part)} LIKE ${like} ESCAPE '\\')`;
  }
  const needle = searchFold(term);
  // too short for trigrams: the row test (short terms are rare and cheap to answer with LIMIT)
  if ([...needle].length < MIN_INDEXED_TERM) return rowTest(dialect, table, alias, term, columns);
  const phrase = `"${needle.replace(/"/g, '""')}"`;
  // FTS5 column filter: `{name email}: "term"` matches the phrase in those columns only
  const query = all ? phrase : `{${columns.join(' ')}}: ${phrase}`;
  const fts = sql.raw(partition === undefined ? `${table}_fts` : `${table}_fts_${partitionOf(table, partition)}`);
  return sql<boolean>`${sql.ref(`${alias}.id`)} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${query})`;
}

/**
 * "one of `columns` holds `term`", tested on the row itself: the folded text of the columns (read from
 * SEARCH_TEXT where the table keeps it), then a substring test. The columns are joined as the index
 * joins them, so both ways find the same rows: PostgreSQL by a space; SQLite by a character no term
 * holds (FTS5 matches within a column, so a match must not span two), one call of the JavaScript fold
 * per row, not per column.
 */
function rowTest(dialect: DialectName, table: SearchableTable, alias: string, term: string, columns: readonly string[]) {
  const fold = sql.raw(SEARCH_FOLD);
  const text = readsStoredText(table, columns) ? sql.ref(`${alias}.${SEARCH_TEXT}`) : sql`${fold}(${sql.raw(joinedColumns(dialect, columns, alias))})`;
  if (dialect === 'postgres') return sql<boolean>`strpos(${text}, ${fold}(${term.trim()})) > 0`;
  const needle = searchFold(term);
  if (needle.includes(COLUMN_SEPARATOR)) return sql<boolean>`(1 = 0)`;
  return sql<boolean>`instr(${text}, ${needle}) > 0`;
}

/** Joins the columns of a row test: the unit separator, char(31). */
const COLUMN_SEPARATOR = '\u001f';
