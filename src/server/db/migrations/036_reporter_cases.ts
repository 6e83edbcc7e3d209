// A desk decision changes its reporters' accuracy, so the priority of their other open cases is worked
// out again (modules/moderation/caseWrites.ts refreshAfterDecision): the cases of a reporter's reports
// are found through this index, not by reading every report (a million of them at the desk's scale).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('reports_reporter_case').ifNotExists().on('reports').columns(['user_id', 'case_id']).execute();
}
