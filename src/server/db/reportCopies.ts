// The names and texts a report list shows, copied onto each report and kept by triggers: the reporter's
// name, the reported person's ("Created By"), the post's title and text, the comment and the category.
// The report lists sort by them through an index and search them through the reports' own search index,
// where joins would make the database sort every report of a type, or list every post holding a word,
// for each page. Defined once for SQLite and PostgreSQL; migration 014 installs them.
import { type Kysely, sql } from 'kysely';
import { type DialectName, hasColumn } from './index';
import type { ReportsTable } from './schema';

/** The copied columns, each with its value for report `{r}` (new, or the row itself). */
const COPY_SOURCES: Record<Extract<keyof ReportsTable, `${string}_${'name' | 'title' | 'text'}`>, string> = {
  reporter_name: `(SELECT name FROM users WHERE id = {r}.user_id)`,
  // the reported person: the post's author, the comment's author, or the reported user
  target_name: `(CASE {r}.type
    WHEN 'post' THEN (SELECT u.name FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = {r}.post_id)
    WHEN 'comment' THEN (SELECT u.name FROM comments c JOIN users u ON u.id = c.user_id WHERE c.id = {r}.comment_id)
    ELSE (SELECT name FROM users WHERE id = {r}.other_user_id) END)`,
  post_title: `(SELECT title FROM posts WHERE id = {r}.post_id)`,
  post_text: `(SELECT description FROM posts WHERE id = {r}.post_id)`,
  comment_text: `(SELECT comment FROM comments WHERE id = {r}.comment_id)`,
  category_name: `(SELECT name FROM report_categories WHERE id = {r}.report_category_id)`,
};

export type ReportCopy = keyof typeof COPY_SOURCES;
export const REPORT_COPIES = Object.keys(COPY_SOURCES) as ReportCopy[];

/** The report columns whose change points the report at something else. */
const POINTERS = ['type', 'user_id', 'post_id', 'comment_id', 'other_user_id', 'report_category_id'];

/** Sort indexes over the copies. */
export const REPORT_COPY_INDEXES = ['reporter_name', 'target_name', 'post_title', 'comment_text'] as const;

/**
 * When a source changes, the reports that copy it follow: [table, columns watched, statements with
 * `{n}` for the changed row]. The reports are found through their foreign-key indexes.
 */
const FOLLOWERS: [table: string, watch: string[], statements: string[]][] = [
  [
    'users',
    ['name'],
    [
      `UPDATE reports SET reporter_name = {n}.name WHERE user_id = {n}.id`,
      `UPDATE reports SET target_name = {n}.name WHERE type = 'user' AND other_user_id = {n}.id`,
      `UPDATE reports SET target_name = {n}.name WHERE type = 'post' AND post_id IN (SELECT id FROM posts WHERE user_id = {n}.id)`,
      `UPDATE reports SET target_name = {n}.name WHERE type = 'comment' AND comment_id IN (SELECT id FROM comments WHERE user_id = {n}.id)`,
    ],
  ],
  [
    'posts',
    ['title', 'description', 'user_id'],
    [
      `UPDATE reports SET post_title = {n}.title, post_text = {n}.description WHERE post_id = {n}.id`,
      `UPDATE reports SET target_name = (SELECT name FROM users WHERE id = {n}.user_id) WHERE type = 'post' AND post_id = {n}.id`,
    ],
  ],
  [
    'comments',
    ['comment', 'user_id'],
    [
      `UPDATE reports SET comment_text = {n}.comment WHERE comment_id = {n}.id`,
      `UPDATE reports SET target_name = (SELECT name FROM users WHERE id = {n}.user_id) WHERE type = 'comment' AND comment_id = {n}.id`,
    ],
  ],
  ['report_categories', ['name'], [`UPDATE reports SET category_name = {n}.name WHERE report_category_id = {n}.id`]],
];

const triggerName = (table: string) => `${table}_report_copies`;

/**
 * The triggers `name(table)` of each table removed: PostgreSQL's trigger and its function, SQLite's
 * after-insert and after-update triggers (`_ai`, `_au`).
 */
export async function dropRowTriggers(db: Kysely<unknown>, dialect: DialectName, tables: string[], name: (table: string) => string) {
  for (const table of tables) {
    if (dialect === 'postgres') {
      await sql.raw(`DROP TRIGGER IF EXISTS ${name(table)} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${name(table)}()`).execute(db);
    } else {
      for (const suffix of ['ai', 'au']) await sql.raw(`DROP TRIGGER IF EXISTS ${name(table)}_${suffix}`).execute(db);
    }
  }
}

/**
 * A PostgreSQL row trigger `name` running `statements` after `event` ('AFTER INSERT ON reports') for the
 * rows `when` holds of, and its function.
 */
export async function createAfterTrigger(db: Kysely<unknown>, name: string, event: string, statements: string[], when?: string) {
  const body = statements.map((s) => `${s};`).join('\n  ');
  await sql
    .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  ${body}
  RETURN NULL;
END
$body$`)
    .execute(db);
  await sql.raw(`CREATE TRIGGER ${name} ${event} FOR EACH ROW${when ? ` WHEN (${when})` : ''} EXECUTE FUNCTION ${name}()`).execute(db);
}

/** What installReportCopies makes, removed (so that its migration may run again over its own work). */
async function removeReportCopies(db: Kysely<unknown>, dialect: DialectName) {
  await dropRowTriggers(db, dialect, ['reports', ...FOLLOWERS.map(([t]) => t)], triggerName);
  for (const column of REPORT_COPY_INDEXES) await sql.raw(`DROP INDEX IF EXISTS reports_type_${column}`).execute(db);
  // migration 033's index of a state's reports by reporter (made again when 033 runs again)
  await sql`DROP INDEX IF EXISTS reports_type_status_reporter_name`.execute(db);
  for (const column of REPORT_COPIES) if (await hasColumn(db, 'reports', column)) await db.schema.alterTable('reports').dropColumn(column).execute();
}

/** Migration step: the copied columns, filled for the reports already there, their indexes and triggers. */
export async function installReportCopies(db: Kysely<unknown>, dialect: DialectName) {
  await removeReportCopies(db, dialect);
  for (const column of REPORT_COPIES) await db.schema.alterTable('reports').addColumn(column, 'text').execute();
  const fill = (r: string) => REPORT_COPIES.map((c) => `${c} = ${COPY_SOURCES[c].replaceAll('{r}', r)}`).join(', ');
  await sql.raw(`UPDATE reports SET ${fill('reports')}`).execute(db);
  for (const column of REPORT_COPY_INDEXES) {
    // PostgreSQL's indexes end with the tie-breaking id (SQLite's end with the rowid already)
    const columns = dialect === 'postgres' ? ['type', column, 'id'] : ['type', column];
    await db.schema.createIndex(`reports_type_${column}`).on('reports').columns(columns).execute();
  }

  if (dialect === 'postgres') {
    const assign = REPORT_COPIES.map((c) => `NEW.${c} := ${COPY_SOURCES[c].replaceAll('{r}', 'NEW')};`).join('\n  ');
    await sql
      .raw(`CREATE FUNCTION ${triggerName('reports')}() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  ${assign}
  RETURN NEW;
END
$body$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${triggerName('reports')} BEFORE INSERT OR UPDATE OF ${POINTERS.join(', ')} ON reports FOR EACH ROW EXECUTE FUNCTION ${triggerName('reports')}()`)
      .execute(db);
    for (const [table, watch, statements] of FOLLOWERS) {
      await createAfterTrigger(db, triggerName(table), `AFTER UPDATE OF ${watch.join(', ')} ON ${table}`, statements.map((s) => s.replaceAll('{n}', 'NEW')));
    }
    return;
  }
  // SQLite: no assignment to NEW, so the new report is updated right after it is written
  const refresh = `UPDATE reports SET ${fill('new')} WHERE id = new.id;`;
  await sql.raw(`CREATE TRIGGER ${triggerName('reports')}_ai AFTER INSERT ON reports BEGIN ${refresh} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${triggerName('reports')}_au AFTER UPDATE OF ${POINTERS.join(', ')} ON reports BEGIN ${refresh} END`).execute(db);
  for (const [table, watch, statements] of FOLLOWERS) {
    const body = statements.map((s) => `${s.replaceAll('{n}', 'new')};`).join(' ');
    await sql.raw(`CREATE TRIGGER ${triggerName(table)}_au AFTER UPDATE OF ${watch.join(', ')} ON ${table} BEGIN ${body} END`).execute(db);
  }
}
