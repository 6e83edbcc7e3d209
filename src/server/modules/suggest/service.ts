// What the itinerary suggestions read besides the spots near a place (geo/spotsNear).
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

/** Names of the given categories by id (for the AI model's prompt: it reads names, not ids). */
export async function categoryNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('categories').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
