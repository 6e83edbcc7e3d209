// Cases, not rows (issue 34): the reports on one target (a post, a comment, a user) gather into one case
// while it is undecided; a report on a target whose case was decided opens a new one. Reports reach the
// database from the product too, so a trigger files each new report into its case and keeps the case's
// figures (counts, times, reasons, priority) as it goes, in SQL written once for SQLite and PostgreSQL.
import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import type { Database } from './schema';
import type { DialectName } from './index';
import { createAfterTrigger, dropRowTriggers } from './reportCopies';

/** The decisions that find a violation: a report on such a case was upheld. */
export const UPHOLDING = ['warn', 'hide', 'suspend', 'ban'] as const;
const UPHOLDING_SQL = UPHOLDING.map((d) => `'${d}'`).join(', ');

/** The target a report `{r}` points at (its column follows the report's type). */
const TARGET_OF = (r: string) => `(CASE ${r}.type WHEN 'post' THEN ${r}.post_id WHEN 'comment' THEN ${r}.comment_id ELSE ${r}.other_user_id END)`;

/** A report category's weight (1 when the report names none). */
const WEIGHT_OF = (r: string) => `coalesce((SELECT weight FROM report_categories WHERE id = ${r}.report_category_id), 1)`;

/**
 * A reporter's factor, 0.25 to 1.75: the share of the reporter's last 100 decided reports that were
 * upheld (0.5 for a reporter with none), so a reporter whose reports were all dismissed counts for a
 * seventh of one whose reports were all upheld.
 */
export const ACCURACY_SQL = (user: string) =>
  `(SELECT avg(CASE d.outcome WHEN 'upheld' THEN 1.0 ELSE 0.0 END) FROM (SELECT outcome FROM reports WHERE user_id = ${user} AND outcome IS NOT NULL ORDER BY decided_at DESC LIMIT 100) d)`;
const FACTOR_OF = (user: string) => `(0.25 + 1.5 * coalesce(${ACCURACY_SQL(user)}, 0.5))`;

/** The target's earlier cases that found a violation (an appeal that reversed one does not count). */
const EARLIER_UPHELD = (kind: string, target: string) =>
  `(SELECT count(*) FROM moderation_cases e WHERE e.kind = ${kind} AND e.target_id = ${target} AND e.decision IN (${UPHOLDING_SQL}) AND coalesce(e.appeal_outcome, '') <> 'reversed')`;

/**
 * A case's priority, `{c}` being the case row: Σ over its distinct reporters of (the heaviest weight of
 * their report categories × their factor), plus 2 for each earlier upheld case on the target.
 */
export const PRIORITY_SQL = (c: string) => `(
  coalesce((SELECT sum(w.weight * ${FACTOR_OF('w.user_id')}) FROM (
    SELECT r.user_id, max(coalesce(rc.weight, 1)) AS weight FROM reports r LEFT JOIN report_categories rc ON rc.id = r.report_category_id
    WHERE r.case_id = ${c}.id GROUP BY r.user_id) w), 0)
  + 2 * ${EARLIER_UPHELD(`${c}.kind`, `${c}.target_id`)})`;

/** What a case shows of its target (as it was when first reported): title, text, picture, author. */
const PREVIEW: Record<'target_title' | 'target_text' | 'target_picture' | 'author_id', string> = {
  target_title: `(CASE {c}.kind WHEN 'post' THEN (SELECT title FROM posts WHERE id = {c}.target_id)
    WHEN 'user' THEN (SELECT name FROM users WHERE id = {c}.target_id) END)`,
  target_text: `(CASE {c}.kind WHEN 'post' THEN (SELECT description FROM posts WHERE id = {c}.target_id)
    WHEN 'comment' THEN (SELECT comment FROM comments WHERE id = {c}.target_id) END)`,
  target_picture: `(CASE {c}.kind
    WHEN 'post' THEN (SELECT coalesce(s.thumbnail_url, s.image) FROM post_spots ps JOIN spots s ON s.id = ps.spot_id
      WHERE ps.post_id = {c}.target_id AND coalesce(s.thumbnail_url, s.image) IS NOT NULL ORDER BY ps.position, ps.id LIMIT 1)
    WHEN 'user' THEN (SELECT coalesce(thumbnail, profile_pic) FROM users WHERE id = {c}.target_id) END)`,
  author_id: `(CASE {c}.kind WHEN 'post' THEN (SELECT user_id FROM posts WHERE id = {c}.target_id)
    WHEN 'comment' THEN (SELECT user_id FROM comments WHERE id = {c}.target_id) ELSE {c}.target_id END)`,
};
const previewSet = (c: string) =>
  [...Object.entries(PREVIEW).map(([column, source]) => `${column} = ${source.replaceAll('{c}', c)}`), `author_name = (SELECT name FROM users WHERE id = ${PREVIEW.author_id.replaceAll('{c}', c)})`].join(', ');

/**
 * The statements a new report `{n}` runs: open its target's case if none is open (with the earlier
 * upheld cases as its starting priority and the preview of its target), file the report into it, then
 * add the report to the case's figures. Each step costs a few index lookups, whatever the case's size.
 */
function fileReport(n: string): string[] {
  const target = TARGET_OF(n);
  const open = `(SELECT id FROM moderation_cases WHERE kind = ${n}.type AND target_id = ${target} AND status = 'open')`;
  const others = `FROM reports o WHERE o.case_id = moderation_cases.id AND o.id <> ${n}.id`;
  const case_ = `(SELECT case_id FROM reports WHERE id = ${n}.id)`;
  return [
    `INSERT INTO moderation_cases (kind, target_id, status, report_count, reporter_count, first_reported_at, last_reported_at, priority, version, created_at, updated_at)
      SELECT ${n}.type, ${target}, 'open', 0, 0, ${n}.created_at, ${n}.created_at, 2 * ${EARLIER_UPHELD(`${n}.type`, target)}, 1, ${n}.created_at, ${n}.created_at
      WHERE ${target} IS NOT NULL
      ON CONFLICT (kind, target_id) WHERE status = 'open' DO NOTHING`,
    `UPDATE moderation_cases SET ${previewSet('moderation_cases')} WHERE id = ${open} AND report_count = 0`,
    `UPDATE reports SET case_id = ${open} WHERE id = ${n}.id`,
    `INSERT INTO moderation_case_reasons (case_id, report_category_id)
      SELECT ${case_}, ${n}.report_category_id WHERE ${n}.report_category_id IS NOT NULL AND ${case_} IS NOT NULL
      ON CONFLICT (case_id, report_category_id) DO NOTHING`,
    // the figures, from this report and the case's other reports by the same reporter only
    `UPDATE moderation_cases SET
      report_count = report_count + 1,
      reporter_count = reporter_count + (CASE WHEN EXISTS (SELECT 1 ${others} AND o.user_id = ${n}.user_id) THEN 0 ELSE 1 END),
      first_reported_at = (CASE WHEN ${n}.created_at < first_reported_at THEN ${n}.created_at ELSE first_reported_at END),
      last_reported_at = (CASE WHEN ${n}.created_at > last_reported_at THEN ${n}.created_at ELSE last_reported_at END),
      reasons = (CASE
        WHEN ${n}.report_category_id IS NULL OR EXISTS (SELECT 1 ${others} AND o.report_category_id = ${n}.report_category_id) THEN reasons
        WHEN reasons IS NULL THEN (SELECT name FROM report_categories WHERE id = ${n}.report_category_id)
        ELSE reasons || ', ' || (SELECT name FROM report_categories WHERE id = ${n}.report_category_id) END),
      priority = priority + ${FACTOR_OF(`${n}.user_id`)} * (CASE
        WHEN ${WEIGHT_OF(n)} > coalesce((SELECT max(${WEIGHT_OF('o')}) ${others} AND o.user_id = ${n}.user_id), 0)
        THEN ${WEIGHT_OF(n)} - coalesce((SELECT max(${WEIGHT_OF('o')}) ${others} AND o.user_id = ${n}.user_id), 0)
        ELSE 0 END),
      version = version + 1,
      updated_at = ${n}.created_at
     WHERE id = ${case_}`,
  ];
}

const TRIGGER = 'reports_file_case';

/** Recomputes the priority of the given cases (all open ones when none are named). */
export async function refreshPriority(db: Kysely<Database>, caseIds?: readonly number[]) {
  if (caseIds && caseIds.length === 0) return;
  const only = caseIds ? sql` AND id IN (${sql.join(caseIds)})` : sql``;
  await sql`UPDATE moderation_cases SET priority = ${sql.raw(PRIORITY_SQL('moderation_cases'))} WHERE status = 'open'${only}`.execute(db);
}

/** The filing trigger removed (the bench's seed files its million reports at once: fileExistingReports). */
export const dropCaseFiling = (db: Kysely<unknown>, dialect: DialectName) => dropRowTriggers(db, dialect, ['reports'], () => TRIGGER);

/** Migration step: the trigger that files each new report into its case (made again over its own work). */
export async function installCaseFiling(db: Kysely<unknown>, dialect: DialectName) {
  await dropCaseFiling(db, dialect);
  // a report written already handled (a seed's, an import's) is filed with its target's history instead (fileExistingReports)
  if (dialect === 'postgres') return createAfterTrigger(db, TRIGGER, 'AFTER INSERT ON reports', fileReport('NEW'), `NEW.status = 'Pending'`);
  const body = fileReport('new').map((s) => `${s};`).join(' ');
  await sql.raw(`CREATE TRIGGER ${TRIGGER}_ai AFTER INSERT ON reports WHEN new.status = 'Pending' BEGIN ${body} END`).execute(db);
}

/**
 * The reports not filed yet (those there before the desk, or written already handled) filed into cases.
 * The Pending reports of a target make its open case; its Resolved ones one decided case, decided as their target's status says (hidden or
 * Inactive: upheld; else dismissed), with no one named as its decider. The cases are numbered in the order
 * they were first reported, as the trigger numbers new ones (grouped by kind, the desk's newest posts were
 * behind every user case: 12 ms to reach them at 300,000 cases on PostgreSQL).
 */
export async function fileExistingReports(db: QueryExecutorProvider, dialect: DialectName) {
  const target = TARGET_OF('reports');
  const caseStatus = (r: string) => `(CASE WHEN ${r}.status = 'Pending' THEN 'open' ELSE 'decided' END)`;
  await sql
    .raw(
      `INSERT INTO moderation_cases (kind, target_id, status, report_count, reporter_count, first_reported_at, last_reported_at, priority, version, created_at, updated_at, decision, decided_at)
      SELECT type, ${target}, ${caseStatus('reports')}, count(*), count(DISTINCT user_id), min(created_at), max(created_at), 0, 1, min(created_at), max(updated_at),
        (CASE WHEN ${caseStatus('reports')} = 'open' THEN NULL WHEN max(user_status_by_admin) = 'Inactive' THEN (CASE type WHEN 'user' THEN 'ban' ELSE 'hide' END) ELSE 'dismiss' END),
        (CASE WHEN ${caseStatus('reports')} = 'open' THEN NULL ELSE max(updated_at) END)
      FROM reports WHERE case_id IS NULL AND ${target} IS NOT NULL
      GROUP BY type, ${target}, ${caseStatus('reports')}
      ORDER BY min(created_at), type, ${target}
      ON CONFLICT (kind, target_id) WHERE status = 'open' DO NOTHING`,
    )
    .execute(db);
  await sql
    .raw(
      `UPDATE reports SET case_id = (SELECT max(c.id) FROM moderation_cases c WHERE c.kind = reports.type AND c.target_id = ${target} AND c.status = ${caseStatus('reports')})
      WHERE case_id IS NULL`,
    )
    .execute(db);
  await sql
    .raw(
      `UPDATE reports SET decided_at = updated_at, outcome = (CASE WHEN (SELECT decision FROM moderation_cases c WHERE c.id = reports.case_id) = 'dismiss' THEN 'dismissed' ELSE 'upheld' END)
      WHERE status <> 'Pending' AND outcome IS NULL AND case_id IS NOT NULL`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO moderation_case_reasons (case_id, report_category_id)
      SELECT DISTINCT case_id, report_category_id FROM reports WHERE case_id IS NOT NULL AND report_category_id IS NOT NULL
      ON CONFLICT (case_id, report_category_id) DO NOTHING`,
    )
    .execute(db);
  const joined = dialect === 'postgres' ? `string_agg(rc.name, ', ' ORDER BY rc.id)` : `group_concat(rc.name, ', ')`;
  await sql
    .raw(
      `UPDATE moderation_cases SET ${previewSet('moderation_cases')},
        reasons = (SELECT ${joined} FROM moderation_case_reasons x JOIN report_categories rc ON rc.id = x.report_category_id WHERE x.case_id = moderation_cases.id)
      WHERE author_id IS NULL`,
    )
    .execute(db);
  await sql.raw(`UPDATE moderation_cases SET priority = ${PRIORITY_SQL('moderation_cases')} WHERE status = 'open'`).execute(db);
}
