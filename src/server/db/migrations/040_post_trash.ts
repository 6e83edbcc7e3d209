// The Trash (issue 35): a post or itinerary deleted by staff is kept soft-deleted (deleted_at, as before)
// and now also says when and by whom it was deleted (trashed_at, trashed_by), which tells it apart from a
// post hidden by moderation (deleted_at alone). The Trash lists them newest deleted first through a
// partial index of their own (a few rows among a million). Posts deleted before this migration are found
// through their 'delete' entries of the audit trail.
import { type Kysely, sql } from 'kysely';
import { hasColumn } from '../index';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(await hasColumn(db, 'posts', 'trashed_at'))) await db.schema.alterTable('posts').addColumn('trashed_at', 'text').execute();
  // no foreign key: the person who deleted may leave, the post stays in the Trash
  if (!(await hasColumn(db, 'posts', 'trashed_by'))) await db.schema.alterTable('posts').addColumn('trashed_by', 'integer').execute();
  await sql`
    UPDATE posts SET trashed_at = deleted_at
    WHERE deleted_at IS NOT NULL AND trashed_at IS NULL
      AND EXISTS (SELECT 1 FROM audit_log a WHERE a.action = 'delete' AND a.entity IN ('post', 'itinerary') AND a.entity_id = CAST(posts.id AS TEXT))`.execute(db);
  await sql.raw('DROP INDEX IF EXISTS posts_trash').execute(db);
  await db.schema.createIndex('posts_trash').on('posts').columns(['trashed_at', 'id']).where(sql.ref('trashed_at'), 'is not', null).execute();
}
