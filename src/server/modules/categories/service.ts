// What goes with a deleted category.
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

/** Takes a category off every post (the posts keep their other categories). */
export async function unlinkCategoryFromPosts(trx: Kysely<Database>, categoryId: number) {
  await trx.deleteFrom('post_categories').where('category_id', '=', categoryId).execute();
}
