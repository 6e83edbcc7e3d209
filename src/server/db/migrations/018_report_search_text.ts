// A report search no longer folds ten columns of each row it tests: the folded text is kept on the
// report (db/search.ts STORED_SEARCH_TEXT), and each report type has its own search index, as the post
// types do (a report list shows one type). PostgreSQL spent 20 ms of a 30 ms phrase search rechecking
// 920 reports' folded text, and 4 ms combining the index with the type's rows.
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index';
import { createPartitionedSearchIndex, dropSearchIndex, storeSearchText } from '../search';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await dropSearchIndex(db, dialect, 'reports');
  await storeSearchText(db, dialect, 'reports');
  await createPartitionedSearchIndex(db, dialect, 'reports');
  if (dialect === 'postgres') await sql`ANALYZE reports`.execute(db);
}
