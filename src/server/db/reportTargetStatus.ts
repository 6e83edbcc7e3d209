// A report's user_status_by_admin is its target's status now: a reported post or comment is Active
// unless hidden (deleted_at), a reported user has its own status. The Status column of the report lists
// shows the target's status, and sorts by this copy through its index (reports_type_target_status), so
// triggers keep it in step with every writer (moderation, the post's own delete, a user's edit or bulk
// change, the seeders). Defined once for SQLite and PostgreSQL; migration 025 installs them.
import { type Kysely, sql } from 'kysely';
import type { DialectName } from './index';
import { dropRowTriggers } from './reportCopies';

/** The target's status for report `{r}`. */
const TARGET_STATUS = `(CASE {r}.type
    WHEN 'post' THEN (SELECT CASE WHEN p.deleted_at IS NULL THEN 'Active' ELSE 'Inactive' END FROM posts p WHERE p.id = {r}.post_id)
    WHEN 'comment' THEN (SELECT CASE WHEN c.deleted_at IS NULL THEN 'Active' ELSE 'Inactive' END FROM comments c WHERE c.id = {r}.comment_id)
    ELSE (SELECT u.status FROM users u WHERE u.id = {r}.other_user_id) END)`;

/** Reports of `{r}` (a new report): its copy, keeping the value written when the target is gone. */
const refresh = (r: string) => `UPDATE reports SET user_status_by_admin = COALESCE(${TARGET_STATUS.replaceAll('{r}', r)}, user_status_by_admin) WHERE id = ${r}.id`;

/** [table, column watched, the statement run for the changed row `{n}`]. */
const FOLLOWERS: [table: string, watch: string, statement: string][] = [
  ['posts', 'deleted_at', `UPDATE reports SET user_status_by_admin = CASE WHEN {n}.deleted_at IS NULL THEN 'Active' ELSE 'Inactive' END WHERE type = 'post' AND post_id = {n}.id`],
  ['comments', 'deleted_at', `UPDATE reports SET user_status_by_admin = CASE WHEN {n}.deleted_at IS NULL THEN 'Active' ELSE 'Inactive' END WHERE type = 'comment' AND comment_id = {n}.id`],
  ['users', 'status', `UPDATE reports SET user_status_by_admin = {n}.status WHERE type = 'user' AND other_user_id = {n}.id`],
];

/** The report columns whose change points the report at another target. */
const POINTERS = 'type, post_id, comment_id, other_user_id';

const name = (table: string) => `${table}_report_target_status`;

/** Migration step: the triggers, and the copies of the reports already there; run again, it replaces its own work. */
export async function installReportTargetStatus(db: Kysely<unknown>, dialect: DialectName) {
  await dropRowTriggers(db, dialect, ['reports', ...FOLLOWERS.map(([t]) => t)], name);
  await sql.raw(refresh('reports').replace(/ WHERE id = reports\.id$/, '')).execute(db);
  const triggers: [table: string, event: string, statement: string][] = [
    ['reports', 'INSERT', refresh('{n}')],
    ['reports', `UPDATE OF ${POINTERS}`, refresh('{n}')],
    ...FOLLOWERS.map(([table, watch, statement]): [string, string, string] => [table, `UPDATE OF ${watch}`, statement]),
  ];
  if (dialect === 'postgres') {
    // one function per table, run after each change of a watched column (AFTER: the new report has its id)
    for (const table of new Set(triggers.map(([t]) => t))) {
      const own = triggers.filter(([t]) => t === table);
      await sql
        .raw(`CREATE FUNCTION ${name(table)}() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  ${own[0]![2].replaceAll('{n}', 'NEW')};
  RETURN NULL;
END
$body$`)
        .execute(db);
      const events = own.map(([, event]) => event).join(' OR ');
      await sql.raw(`CREATE TRIGGER ${name(table)} AFTER ${events} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name(table)}()`).execute(db);
    }
    return;
  }
  for (const [table, event, statement] of triggers) {
    const suffix = event === 'INSERT' ? 'ai' : 'au';
    await sql.raw(`CREATE TRIGGER ${name(table)}_${suffix} AFTER ${event} ON ${table} BEGIN ${statement.replaceAll('{n}', 'new')}; END`).execute(db);
  }
}
