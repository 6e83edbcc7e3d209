// What goes with a deleted tag.
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

/** Takes a tag off every post (the posts keep their other tags). */
export async function unlinkTagFromPosts(trx: Kysely<Database>, tagId: number) {
  await trx.deleteFrom('post_tags').where('tag_id', '=', tagId).execute();
}
