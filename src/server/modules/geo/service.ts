// The product's own spots as places: suggested first by the address autocomplete, and read back as a
// place when one is chosen.
import type { Kysely } from 'kysely';
import type { AppContext } from '@server/context';
import type { Database } from '@server/db/schema';
import { substringCondition } from '@server/db/search';
import type { Place } from '@server/geo/types';

/** A spot as a place (null when there is no such spot or it has no position). */
export async function findSpotPlace(db: Kysely<Database>, id: number): Promise<Place | null> {
  const spot = await db
    .selectFrom('spots')
    .select(['id', 'name', 'address', 'latitude', 'longitude', 'city', 'state', 'country', 'post_code', 'image'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!spot || spot.latitude === null || spot.longitude === null) return null;
  const { id: spotId, ...rest } = spot;
  const address = spot.address ?? [spot.name, spot.city, spot.country].filter(Boolean).join(', ');
  return { ...rest, spotId, address, latitude: spot.latitude, longitude: spot.longitude };
}

/** The first three placed spots found by name or place (not by their creator's name), by name. */
export async function findSpotSuggestions(ctx: AppContext, input: string) {
  return ctx.db
    .selectFrom('spots')
    .select(['id', 'name', 'city', 'country'])
    .where(substringCondition(ctx.dialect, 'spots', 'spots', input, ['name', 'country', 'city']))
    .where('latitude', 'is not', null)
    .orderBy('name')
    .limit(3)
    .execute();
}
