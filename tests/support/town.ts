// A town for the browser tests of the AI tools: one category, and a spot per place, each in one post of
// the demo user with that category, so the itinerary engine has popular spots to choose from.
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

export interface TownSpot {
  name: string;
  lat: number;
  lng: number;
}

export async function seedTown(db: Kysely<Database>, town: { category: string; city: string; state: string; spots: readonly TownSpot[] }) {
  const stamp = new Date().toISOString();
  const owner = await db.selectFrom('users').select('id').where('email', '=', 'user@example.com').executeTakeFirstOrThrow();
  const category = await db
    .insertInto('categories')
    .values({ name: town.category, name_key: town.category.toLowerCase(), status: 'Active', created_at: stamp, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const s of town.spots) {
    const spot = await db
      .insertInto('spots')
      .values({ user_id: owner.id, name: s.name, status: 'Active', address: null, city: town.city, state: town.state, country: 'Türkiye', post_code: null, latitude: s.lat, longitude: s.lng, image: null, thumbnail_url: null, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    const post = await db
      .insertInto('posts')
      .values({ type: 'post', user_id: owner.id, title: `At ${s.name}`, description: null, latitude: s.lat, longitude: s.lng, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('post_spots').values({ post_id: post.id, spot_id: spot.id, position: 0, itinerary_date: null }).execute();
    await db.insertInto('post_categories').values({ post_id: post.id, category_id: category.id }).execute();
  }
}
