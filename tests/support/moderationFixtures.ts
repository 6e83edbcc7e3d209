// Posts and reports written straight to the database for the moderation desk's API tests (the product
// files reports itself; the trigger of db/moderationCases.ts files each into its case).
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

/** A live post by `author`, its text made from its title. */
export async function insertPost(db: Kysely<Database>, author: number, title: string, at: string) {
  const row = await db
    .insertInto('posts')
    .values({ type: 'post', user_id: author, title, description: `${title}, the text`, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: at, updated_at: at, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A Pending report by `reporter` on a post or a user, and the case it was filed into. */
export async function insertReport(db: Kysely<Database>, reporter: number, target: { post_id?: number; other_user_id?: number }, at: string, categoryId: number | null = null) {
  const { id } = await db
    .insertInto('reports')
    .values({
      type: target.post_id ? 'post' : 'user',
      user_id: reporter,
      post_id: target.post_id ?? null,
      comment_id: null,
      other_user_id: target.other_user_id ?? null,
      report_category_id: categoryId,
      reason: 'Looks wrong',
      status: 'Pending',
      user_status_by_admin: 'Active',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { case_id } = await db.selectFrom('reports').select('case_id').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, caseId: case_id! };
}
