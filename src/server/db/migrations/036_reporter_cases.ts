// The desk's decisions (issue 34), two things the database keeps for them:
// - a decision changes its reporters' accuracy, so the priority of their other open cases is worked out
//   again (modules/moderation/caseWrites.ts refreshAfterDecision): the cases of a reporter's reports are
//   found through an index, not by reading every report (a million of them at the desk's scale);
// - a suspension (users.suspended_until) ends when anyone changes the user's status otherwise (an Admin
//   reactivating the user early, the spec's buttons, a bulk action: every writer), so that the sweep
//   that ends passed suspensions never reactivates a user whose status was set since.
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index';
import { createAfterTrigger, dropRowTriggers } from '../reportCopies';

const TRIGGER = 'users_suspension_lifted';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.createIndex('reports_reporter_case').ifNotExists().on('reports').columns(['user_id', 'case_id']).execute();
  await dropRowTriggers(db, dialect, ['users'], () => TRIGGER);
  // a status change that does not itself set a suspension
  const when = (o: string, n: string) =>
    `${o}.status IS DISTINCT FROM ${n}.status AND ${n}.suspended_until IS NOT NULL AND ${o}.suspended_until IS NOT DISTINCT FROM ${n}.suspended_until`;
  const clear = (n: string) => `UPDATE users SET suspended_until = NULL WHERE id = ${n}.id`;
  if (dialect === 'postgres') return createAfterTrigger(db, TRIGGER, 'AFTER UPDATE OF status ON users', [clear('NEW')], when('OLD', 'NEW'));
  const sqliteWhen = when('old', 'new').replaceAll('IS NOT DISTINCT FROM', 'IS').replaceAll('IS DISTINCT FROM', 'IS NOT');
  await sql.raw(`CREATE TRIGGER ${TRIGGER}_au AFTER UPDATE OF status ON users WHEN ${sqliteWhen} BEGIN ${clear('new')}; END`).execute(db);
}
