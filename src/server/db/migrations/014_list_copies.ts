// The report lists sort and search without joins, the post and spot searches find the author's name
// through their one search index, and PostgreSQL's sort indexes hold the tie-breaking id.
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index';
import { installReportCopies } from '../reportCopies';
import { createSearchIndex, dropSearchIndex } from '../search';

/**
 * Sort indexes of columns with few distinct values (or long runs of one value). SQLite's indexes end
 * with the rowid; PostgreSQL's do not, so `ORDER BY status, id` sorted every row of a status.
 */
const TIE_BROKEN: [name: string, table: string, columns: string[]][] = [
  ['users_type_status', 'users', ['user_type', 'status']],
  ['users_type_sequence', 'users', ['user_type', 'sequence']],
  ['users_type_location', 'users', ['user_type', 'location']],
  ['users_type_post_count', 'users', ['user_type', 'post_count']],
  ['users_type_itinerary_count', 'users', ['user_type', 'itinerary_count']],
  ['users_type_spot_count', 'users', ['user_type', 'spot_count']],
  ['spots_country', 'spots', ['country']],
  ['spots_status', 'spots', ['status']],
  ['posts_type_planned', 'posts', ['type', 'is_planeed']],
  ['posts_type_public', 'posts', ['type', 'is_public']],
  ['posts_type_sequence', 'posts', ['type', 'sequence']],
  ['reports_type_status', 'reports', ['type', 'status']],
  ['reports_type_reason', 'reports', ['type', 'reason']],
  ['reports_type_target_status', 'reports', ['type', 'user_status_by_admin']],
];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await installReportCopies(db, dialect);
  for (const table of ['posts', 'spots', 'reports'] as const) {
    await dropSearchIndex(db, dialect, table);
    await createSearchIndex(db, dialect, table);
  }
  if (dialect === 'postgres') {
    for (const [name, table, columns] of TIE_BROKEN) {
      await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
      await db.schema.createIndex(name).on(table).columns([...columns, 'id']).execute();
    }
  }
  for (const table of ['users', 'spots', 'posts', 'reports']) await sql`ANALYZE ${sql.table(table)}`.execute(db);
}
