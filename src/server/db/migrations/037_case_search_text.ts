// The desk's search (issue 34) no longer folds a case's title, text, author and reasons for each case it
// tests: the folded text is kept on the case (db/search.ts STORED_SEARCH_TEXT), as a report's is
// (migration 018). A phrase search first tests the 500 highest cases; that fold was 9 of its 20 ms on
// SQLite at 100,000 open cases. PostgreSQL's index is then built over the kept text, which its rechecks
// read too.
// Also an index of the cases of a status by id: the search's probe takes the newest 500 cases, and the
// list sorts by id, without sorting the 100,000 open cases first (7 ms of every search).
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index';
import { createSearchIndex, dropSearchIndex, storeSearchText } from '../search';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await dropSearchIndex(db, dialect, 'moderation_cases');
  await storeSearchText(db, dialect, 'moderation_cases');
  await createSearchIndex(db, dialect, 'moderation_cases');
  await db.schema.createIndex('moderation_cases_status_id').ifNotExists().on('moderation_cases').columns(['status', 'id']).execute();
  await sql`ANALYZE moderation_cases`.execute(db);
}
