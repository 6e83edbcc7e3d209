// A fresh report by the demo user, for the browser tests of the report screens: each test acts on its
// own row. Written straight to the database (the product has no call that files a report).
import type { Server } from './e2e';

export async function makeReport(
  server: Server,
  type: 'post' | 'user' | 'comment',
  names: { title?: string; person?: string; comment?: string; description?: string; postType?: 'post' | 'itinerary' },
) {
  const { db } = server.ctx;
  const stamp = new Date().toISOString();
  const reporter = await db.selectFrom('users').select('id').where('email', '=', 'user@example.com').executeTakeFirstOrThrow();
  const person = await db
    .insertInto('users')
    .values({ name: names.person ?? 'Someone Else', email: `${Date.now()}-${Math.random()}@example.com`, phone: null, country_code: null, password_hash: 'x', status: 'Active', user_type: 'User', profile_pic: null, thumbnail: null, location: null, country: null, latitude: null, longitude: null, shortcuts: null, created_at: stamp, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const post = await db
    .insertInto('posts')
    .values({ type: names.postType ?? 'post', user_id: person.id, title: names.title ?? 'Some post', description: names.description ?? null, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const comment = names.comment
    ? await db.insertInto('comments').values({ post_id: post.id, user_id: person.id, comment: names.comment, created_at: stamp, deleted_at: null }).returning('id').executeTakeFirstOrThrow()
    : undefined;
  const report = await db
    .insertInto('reports')
    .values({
      type,
      user_id: reporter.id,
      post_id: type === 'user' ? null : post.id,
      comment_id: comment?.id ?? null,
      other_user_id: type === 'user' ? person.id : null,
      report_category_id: null,
      reason: 'Not what it claims to be',
      status: 'Pending',
      user_status_by_admin: 'Active',
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { reportId: report.id, postId: post.id, personId: person.id };
}
