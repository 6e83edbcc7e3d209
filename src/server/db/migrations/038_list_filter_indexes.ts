// The lists' filters (issue 35) through indexes of their own, so that a rare value is read from them rather
// than found by walking a million rows: the users of a country and the reports of a reason in the lists'
// newest-first order; the posts of a category, a tag or a spot (the spots' country) from their links,
// covering the post's id (the links' indexes held the link's row, read once more for it). The post author's
// (posts_user), the spots' country and status and the creation dates had theirs already.
// Run again over its own work, it changes nothing.
import { type Kysely, sql } from 'kysely';

/** [table, index name, columns]. */
const INDEXES: [table: string, name: string, columns: string[]][] = [
  ['users', 'users_type_country', ['user_type', 'country', 'id']],
  ['reports', 'reports_type_category', ['type', 'report_category_id', 'id']],
  ['post_categories', 'post_categories_category_post', ['category_id', 'post_id']],
  ['post_tags', 'post_tags_tag_post', ['tag_id', 'post_id']],
  ['post_spots', 'post_spots_spot_post', ['spot_id', 'post_id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, name, columns] of INDEXES) await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  for (const table of new Set(INDEXES.map(([table]) => table))) await sql`ANALYZE ${sql.table(table)}`.execute(db);
}
