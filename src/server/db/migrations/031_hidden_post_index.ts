// The posts a status search of the post lists names 'Inactive' (or hidden): the soft-deleted ones of a
// type, newest first (issue 32 m26). The live-post indexes of 016 hold none of them, and the type-and-id
// index holds every post: a partial index keeps that list to its own few rows.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX IF EXISTS posts_hidden_id').execute(db);
  await db.schema.createIndex('posts_hidden_id').on('posts').columns(['type', 'id']).where(sql.ref('deleted_at'), 'is not', null).execute();
}
