// The lists as filtered, sorted through an index of their own at a million rows (issue 32 bench):
// 1. the hidden posts (a status search 'Inactive', 031) by each sortable column: indexes of the hidden
//    rows alone, shaped as the live posts' of 016 (the tie-breaking id on PostgreSQL; SQLite's rowid);
// 2. the users of one status by name, email and created date: (user_type, status, column, id), where the
//    (user_type, column) indexes had SQLite check the status of every row walked (62,000 for page 500);
// 3. the reports of one state by reporter: (type, status, reporter_name, id);
// 4. the catalogues' totals (categories, tags, report categories) kept in row_counts like the others'
//    (db/counts.ts), so that the dashboard and those lists read them instead of counting.
// Run again over its own work, it changes nothing.
import { type Kysely, sql } from 'kysely';
import { catalogueCounted, COUNTED_CATALOGUES, installCounter } from '../counts';
import type { DialectName } from '../index';

/** The post lists' sort columns (posts/routes.ts SORTABLE; the id's index is 031's). */
const POST_SORTS = ['title', 'description', 'sequence', 'created_at', 'user_name', 'is_planeed', 'is_public'];

/** [table, index name, columns] of the filtered lists' order indexes. */
const FILTERED: [table: string, name: string, columns: string[]][] = [
  ['users', 'users_type_status_name_sort', ['user_type', 'status', 'name_sort', 'id']],
  ['users', 'users_type_status_email', ['user_type', 'status', 'email', 'id']],
  ['users', 'users_type_status_created_at', ['user_type', 'status', 'created_at', 'id']],
  ['reports', 'reports_type_status_reporter_name', ['type', 'status', 'reporter_name', 'id']],
];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const column of POST_SORTS) {
    await db.schema
      .createIndex(`posts_hidden_${column}`)
      .ifNotExists()
      .on('posts')
      .columns(dialect === 'postgres' ? ['type', column, 'id'] : ['type', column])
      .where(sql.ref('deleted_at'), 'is not', null)
      .execute();
  }
  for (const [table, name, columns] of FILTERED) await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  for (const table of COUNTED_CATALOGUES) await installCounter(db, dialect, catalogueCounted(table));
  for (const table of ['posts', 'users', 'reports']) await sql`ANALYZE ${sql.table(table)}`.execute(db);
}
