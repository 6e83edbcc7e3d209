// The moderation desk's list and figures (issue 34) at 100,000 open cases among a million reports:
// 1. the cases' search index over their target's title and text, its author's name and their reasons
//    (db/search.ts SEARCH_COLUMNS.moderation_cases);
// 2. an index per sort of the list within a status (priority is 034's), and one of a holder's cases;
// 3. the decided cases by decision time: the median time to decision reads a week of them, nothing more.
// Run again over its own work, it changes nothing.
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index';
import { createSearchIndex, dropSearchIndex } from '../search';

/** [index name, columns] of moderation_cases. */
const INDEXES: [name: string, columns: string[]][] = [
  // a kind's cases by priority, and their number read from the index alone
  ['moderation_cases_status_kind_priority', ['status', 'kind', 'priority', 'id']],
  ['moderation_cases_status_last_reported', ['status', 'last_reported_at', 'id']],
  ['moderation_cases_status_first_reported', ['status', 'first_reported_at', 'id']],
  ['moderation_cases_status_report_count', ['status', 'report_count', 'id']],
  ['moderation_cases_holder', ['holder_id', 'status', 'priority', 'id']],
  ['moderation_cases_decided_at', ['decided_at']],
];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await dropSearchIndex(db, dialect, 'moderation_cases');
  await createSearchIndex(db, dialect, 'moderation_cases');
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).ifNotExists().on('moderation_cases').columns(columns).execute();
  await sql`ANALYZE moderation_cases`.execute(db);
}
