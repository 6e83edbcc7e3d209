// Spot images may be shared (the demo data reuses a pool of pictures), so a file goes only with its last spot.
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context';
import type { DialectName } from '../../db/index';
import type { Database } from '../../db/schema';
import { isSamePlace, SAME_SPOT_KM } from '../../geo/distance';

/** Removes an uploaded spot image once no spot shows it any more. */
export async function removeUnusedImage(ctx: AppContext, url: string | null) {
  if (!url) return;
  const other = await ctx.db.selectFrom('spots').select('id').where('image', '=', url).limit(1).executeTakeFirst();
  if (!other) await ctx.storage.remove(url);
}

/** The box of latitudes and longitudes within SAME_SPOT_KM of a point. */
function nearBox(latitude: number, longitude: number) {
  const dLat = SAME_SPOT_KM / 111;
  const dLng = dLat / Math.max(0.01, Math.cos((latitude * Math.PI) / 180));
  return { south: latitude - dLat, north: latitude + dLat, west: longitude - dLng, east: longitude + dLng };
}

/** Grid cells (0.01°, about 1 km) for the place locks; a 100 m box touches at most four. */
const CELL = 100;
const LOCK_SPACE = 7_000_000_000_000; // keeps these advisory lock keys apart from any other use

/**
 * Holds the places near a point until the transaction ends, so that two saves of one place cannot both
 * find no spot there and both add it. PostgreSQL: transaction-scoped advisory locks on the grid cells
 * the box touches (in order, so two saves never wait on each other crosswise). SQLite runs one
 * transaction at a time on its single connection, which already serialises them.
 */
export async function lockPlace(trx: Kysely<Database>, dialect: DialectName, latitude: number, longitude: number) {
  if (dialect !== 'postgres') return;
  const box = nearBox(latitude, longitude);
  const keys = new Set<number>();
  for (const lat of [box.south, box.north]) {
    for (const lng of [box.west, box.east]) keys.add(LOCK_SPACE + Math.floor((lat + 90) * CELL) * 36_000 + Math.floor((lng + 180) * CELL));
  }
  for (const key of [...keys].sort((a, b) => a - b)) await sql`select pg_advisory_xact_lock(${key}::bigint)`.execute(trx);
}

/**
 * An existing spot that is the same place as `spot` (isSamePlace), other than `exceptId`: staff are offered it instead of adding a copy. The indexed
 * latitude/longitude box narrows the rows first.
 */
export async function sameSpot(db: Kysely<Database>, spot: { name: string; latitude: number; longitude: number }, exceptId?: number) {
  const box = nearBox(spot.latitude, spot.longitude);
  let q = db
    .selectFrom('spots')
    .select(['id', 'name', 'latitude', 'longitude', 'image'])
    .where('latitude', '>=', box.south)
    .where('latitude', '<=', box.north)
    .where('longitude', '>=', box.west)
    .where('longitude', '<=', box.east);
  if (exceptId) q = q.where('id', '<>', exceptId);
  const near = await q.execute();
  return near.find((s) => s.latitude !== null && s.longitude !== null && isSamePlace({ ...s, latitude: s.latitude, longitude: s.longitude }, spot));
}
