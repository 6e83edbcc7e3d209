// Rows the filters tests pick among (issue 35), written straight to the database: two authors in two
// countries, categories, a tag, spots, posts and an itinerary (one hidden, dated apart), reports under two
// reasons. Every name carries `mark`, so a test finds its own rows among a seeded server's by a search.
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

const DAY = 86_400_000;

export async function makeFilterRows(ctx: { db: Kysely<Database> }, mark: string) {
  const { db } = ctx;
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  const person = async (name: string, country: string | null, daysAgo: number) =>
    (
      await db
        .insertInto('users')
        .values({ name: `${name} ${mark}`, email: `${name.toLowerCase()}.${mark}@example.com`.replace(/\s/g, ''), phone: null, country_code: null, password_hash: 'x', status: 'Active', user_type: 'User', profile_pic: null, thumbnail: null, location: null, country, latitude: null, longitude: null, shortcuts: null, created_at: at(daysAgo), updated_at: at(daysAgo) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const named = async (table: 'categories' | 'tags' | 'report_categories', name: string) =>
    (await db.insertInto(table).values({ name, name_key: name.toLowerCase(), status: 'Active', created_at: at(1), updated_at: at(1) }).returning('id').executeTakeFirstOrThrow()).id;
  const aylin = await person('Aylin', 'Türkiye', 2);
  const pierre = await person('Pierre', 'France', 40);
  const beaches = await named('categories', `Beaches ${mark}`);
  const museums = await named('categories', `Museums ${mark}`);
  const sunny = await named('tags', `sunny ${mark}`);
  const spot = async (name: string, country: string, status: string, userId: number, daysAgo: number) =>
    (
      await db
        .insertInto('spots')
        .values({ name: `${name} ${mark}`, status, address: null, country, state: null, city: null, post_code: null, latitude: 1, longitude: 1, image: null, thumbnail_url: null, user_id: userId, created_at: at(daysAgo), updated_at: at(daysAgo) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const galata = await spot('Galata', 'Türkiye', 'Active', aylin, 1);
  const louvre = await spot('Louvre', 'France', 'Inactive', pierre, 60);
  const post = async (title: string, f: { type?: string; user: number; spot: number; categories: number[]; tags?: number[]; isPublic: number; planned: boolean; daysAgo: number; hidden?: boolean }) => {
    const { id } = await db
      .insertInto('posts')
      .values({ type: f.type ?? 'post', user_id: f.user, title: `${title} ${mark}`, description: null, latitude: null, longitude: null, itinerary_date: null, is_planeed: f.planned ? '0' : '1', is_public: f.isPublic, created_at: at(f.daysAgo), updated_at: at(f.daysAgo), deleted_at: f.hidden ? at(0) : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('post_spots').values({ post_id: id, spot_id: f.spot, itinerary_date: null, position: 0 }).execute();
    for (const category_id of f.categories) await db.insertInto('post_categories').values({ post_id: id, category_id }).execute();
    for (const tag_id of f.tags ?? []) await db.insertInto('post_tags').values({ post_id: id, tag_id }).execute();
    return id;
  };
  const sunrise = await post('Sunrise', { user: aylin, spot: galata, categories: [beaches], tags: [sunny], isPublic: 1, planned: false, daysAgo: 0 });
  const gallery = await post('Gallery', { user: pierre, spot: louvre, categories: [museums], isPublic: 0, planned: false, daysAgo: 20 });
  const oldShore = await post('Old shore', { user: aylin, spot: galata, categories: [beaches], isPublic: 1, planned: false, daysAgo: 400 });
  const takenDown = await post('Taken down', { user: pierre, spot: louvre, categories: [beaches], isPublic: 1, planned: false, daysAgo: 3, hidden: true });
  const trip = await post('Trip', { type: 'itinerary', user: aylin, spot: galata, categories: [beaches], tags: [sunny], isPublic: 1, planned: true, daysAgo: 5 });
  const spam = await named('report_categories', `Spam ${mark}`);
  const rude = await named('report_categories', `Rude ${mark}`);
  const report = async (postId: number, category: number, status: string, daysAgo: number) =>
    (
      await db
        .insertInto('reports')
        .values({ type: 'post', user_id: pierre, post_id: postId, comment_id: null, other_user_id: null, report_category_id: category, reason: `Reported ${mark}`, status, user_status_by_admin: 'Active', created_at: at(daysAgo), updated_at: at(daysAgo) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const spamReport = await report(sunrise, spam, 'Pending', 1);
  const rudeReport = await report(gallery, rude, 'Resolved', 50);
  return { aylin, pierre, beaches, museums, sunny, galata, louvre, sunrise, gallery, oldShore, takenDown, trip, spam, rude, spamReport, rudeReport };
}
