// Place search and itinerary suggestions look for spots in a box of latitude and longitude.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('spots_location').on('spots').columns(['latitude', 'longitude']).execute();
}
