// The product's own active spots around a point, with what the place search and the itinerary engine
// weigh them by: how many live posts show them and those posts' categories.
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { distanceKm } from './distance';
import type { Place } from './types';

export interface NearSpot extends Omit<Place, 'address'> {
  id: number;
  address: string | null;
  image: string | null;
  thumbnail_url: string | null;
  popularity: number;
  categoryIds: number[];
  /** the categories' names, lower case, space separated */
  categoryWords: string;
  /** distance from the point asked about */
  km: number;
}

export async function spotsNear(db: Kysely<Database>, latitude: number, longitude: number, km: number): Promise<NearSpot[]> {
  const box = km / 111 + 0.1;
  // longitude degrees shrink towards the poles
  const lngBox = box / Math.max(Math.cos((latitude * Math.PI) / 180), 0.05);
  const spots = await db
    .selectFrom('spots')
    .select(['id', 'name', 'address', 'latitude', 'longitude', 'city', 'state', 'country', 'post_code', 'image', 'thumbnail_url'])
    .select((eb) => [
      eb
        .selectFrom('post_spots')
        .innerJoin('posts', 'posts.id', 'post_spots.post_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('post_spots.spot_id', '=', 'spots.id')
        .where('posts.deleted_at', 'is', null)
        .as('popularity'),
    ])
    .where('status', '=', 'Active')
    .where('latitude', '>=', latitude - box)
    .where('latitude', '<=', latitude + box)
    .where('longitude', '>=', longitude - lngBox)
    .where('longitude', '<=', longitude + lngBox)
    .execute();
  const ids = spots.map((s) => s.id);
  const links = ids.length
    ? await db
        .selectFrom('post_spots')
        .innerJoin('post_categories', 'post_categories.post_id', 'post_spots.post_id')
        .innerJoin('categories', 'categories.id', 'post_categories.category_id')
        .select(['post_spots.spot_id', 'categories.id', 'categories.name'])
        .where('post_spots.spot_id', 'in', ids)
        .execute()
    : [];
  const byspot = new Map<number, { ids: number[]; words: string[] }>();
  for (const l of links) {
    const entry = byspot.get(l.spot_id) ?? { ids: [], words: [] };
    entry.ids.push(l.id);
    entry.words.push(l.name.toLowerCase());
    byspot.set(l.spot_id, entry);
  }
  return spots
    .map((s) => ({
      ...s,
      latitude: s.latitude!,
      longitude: s.longitude!,
      popularity: Number(s.popularity ?? 0),
      categoryIds: byspot.get(s.id)?.ids ?? [],
      categoryWords: byspot.get(s.id)?.words.join(' ') ?? '',
      km: distanceKm(latitude, longitude, s.latitude!, s.longitude!),
    }))
    .filter((s) => s.km <= km);
}
