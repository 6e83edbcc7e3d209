// The AI tools' test town: spots around Istanbul's old town and its Asian side, some in posts with
// categories, as the itinerary engine and the LLM planner tests both read them.
import { afterAll, beforeAll } from 'vitest';
import { ADMIN, createUser, loginAs, startTestApp, type TestApp } from './api';

/** Spots around Istanbul's old town and its Asian side, some in posts with categories. */
export const ISTANBUL_SPOTS = [
  { name: 'Hagia Sophia Museum', lat: 41.0086, lng: 28.9802, categories: ['History'], posts: 3 },
  { name: 'Topkapı Palace Museum', lat: 41.0115, lng: 28.9834, categories: ['History'], posts: 2 },
  { name: 'Gülhane Park', lat: 41.0133, lng: 28.9815, categories: [], posts: 1 },
  { name: 'Grand Bazaar', lat: 41.0107, lng: 28.968, categories: ['Food'], posts: 1 },
  { name: 'Karaköy Coffee Corner', lat: 41.0226, lng: 28.9773, categories: ['Food'], posts: 0 },
  { name: 'Moda Seaside Park', lat: 40.9794, lng: 29.0258, categories: [], posts: 0 },
  { name: 'Kadıköy Fish Market', lat: 40.9903, lng: 29.0246, categories: ['Food'], posts: 2 },
  { name: 'Çamlıca Hill Viewpoint', lat: 41.0273, lng: 29.0686, categories: [], posts: 1 },
  { name: 'Maiden Tower', lat: 41.0211, lng: 29.0041, categories: ['History'], posts: 1 },
];

/** Seeds the spots, their posts and the History and Food categories; answers the categories' ids by name. */
export async function seedIstanbul(t: TestApp, password: string): Promise<Record<string, number>> {
  const categoryIds: Record<string, number> = {};
  const { db } = t.ctx;
  const owner = await createUser(t, { email: 'local@example.com', password, user_type: 'User' });
  const stamp = new Date().toISOString();
  for (const name of ['History', 'Food']) {
    categoryIds[name] = (await db.insertInto('categories').values({ name, name_key: name.toLowerCase(), status: 'Active', created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow()).id;
  }
  for (const s of ISTANBUL_SPOTS) {
    const spot = await db
      .insertInto('spots')
      .values({ user_id: owner, name: s.name, status: 'Active', address: null, city: 'Istanbul', state: 'Istanbul', country: 'Türkiye', post_code: null, latitude: s.lat, longitude: s.lng, image: null, thumbnail_url: null, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < s.posts; i++) {
      const post = await db
        .insertInto('posts')
        .values({ type: 'post', user_id: owner, title: `${s.name} ${i}`, description: null, latitude: s.lat, longitude: s.lng, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('post_spots').values({ post_id: post.id, spot_id: spot.id, position: 0, itinerary_date: null }).execute();
      for (const c of s.categories) await db.insertInto('post_categories').values({ post_id: post.id, category_id: categoryIds[c] }).execute();
    }
  }
  return categoryIds;
}

/**
 * For a describe block: a test app on `dialect` with the Istanbul spots, read after its beforeAll has run
 * (`app.t`, an Admin's token `app.admin`, the categories' ids `app.categoryIds`); closed after its tests.
 */
export function useIstanbulApp(dialect: 'sqlite' | 'postgres', password: string) {
  const app = { t: undefined as unknown as TestApp, admin: '', categoryIds: {} as Record<string, number> };
  beforeAll(async () => {
    app.t = await startTestApp(dialect);
    app.admin = (await loginAs(app.t, ADMIN.email, ADMIN.password)).token;
    app.categoryIds = await seedIstanbul(app.t, password);
  });
  afterAll(async () => app.t.close());
  return app;
}
