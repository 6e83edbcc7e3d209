// A post list shows one type, so each type gets its own search index (db/search.ts SEARCH_PARTITIONS):
// searching the itineraries (one post in ten) no longer reads and drops the other nine posts' matches.
// 'sunset galata' among a million posts: 10,068 matches read through the shared index for the 951
// itineraries it holds.
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index';
import { createPartitionedSearchIndex, dropSearchIndex } from '../search';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await dropSearchIndex(db, dialect, 'posts');
  await createPartitionedSearchIndex(db, dialect, 'posts');
  if (dialect === 'postgres') await sql`ANALYZE posts`.execute(db);
}
