// Spots: saving one without copying a place already saved, deleting one, and their images. Spot images
// may be shared (the demo data reuses a pool of pictures): uploads/references.ts removes a file only
// once nothing references it.
import { updateChecked } from '@server/db/versions';
import { type Kysely, sql } from 'kysely';
import { englishMessage } from '@shared/validation/messages';
import type { SpotInput } from '@shared/validation/spot';
import type { AppContext } from '@server/context';
import { type DialectName, now } from '@server/db/index';
import type { Database } from '@server/db/schema';
import { SPOT_COLUMNS } from '@server/db/rowColumns';
import { isSamePlace, SAME_SPOT_KM } from '@server/geo/distance';
import { conflict, notFound } from '@server/http/errors';

type AddressPart = string | null | undefined;
/** A place's address and its parts, as a form or a geocoder gives them. */
export type AddressParts = { address?: AddressPart; city?: AddressPart; state?: AddressPart; country?: AddressPart; post_code?: AddressPart };

/**
 * The columns of a new Active spot of `userId` at a place: its name, address parts as found (null where
 * missing) and position. The caller adds the image and the times.
 */
export function spotAtPlace(
  userId: number,
  name: string,
  parts: AddressParts,
  latitude: number,
  longitude: number,
) {
  return {
    user_id: userId,
    name,
    status: 'Active',
    address: parts.address ?? null,
    city: parts.city ?? null,
    state: parts.state ?? null,
    country: parts.country ?? null,
    post_code: parts.post_code ?? null,
    latitude,
    longitude,
  };
}

/** One spot, every column but its sort keys (undefined when there is none). */
export async function findSpotById(db: Kysely<Database>, id: number) {
  return db.selectFrom('spots').select(SPOT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Creates a spot (no `id`) or updates spot `id` (404 when there is none). The same place under the same
 * name already existing is a 409 naming it (`existing`): staff are offered it rather than store a copy.
 * Checked and written under the place's lock, so two saves at once cannot both add it. An update is
 * written only while the spot still has the form's `expected` version, when one is given (db/versions.ts).
 * Answers the row before the update and the row after it, or the created row.
 */
export async function saveSpot(ctx: AppContext, input: SpotInput, id: number | undefined, actorId: number, expected?: string) {
  const stamp = now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockPlace(trx, ctx.dialect, input.latitude, input.longitude);
    const existing = await sameSpot(trx, input, id);
    if (existing) throw conflict(englishMessage('spotExists', { name: existing.name }), { existing });
    if (id) {
      const before = await findSpotById(trx, id);
      if (!before) throw notFound();
      const updated_at = await updateChecked(trx, 'spots', id, input, expected);
      return { before, after: { ...before, ...input, updated_at } };
    }
    const created = await trx
      .insertInto('spots')
      .values({ ...input, user_id: actorId, image: null, thumbnail_url: null, created_at: stamp, updated_at: stamp })
      .returning(['id', 'name', 'status', 'created_at'])
      .executeTakeFirstOrThrow();
    return { created };
  });
}

/** Deletes a spot; the posts that used it keep their other spots. */
export async function deleteSpot(db: Kysely<Database>, id: number) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('post_spots').where('spot_id', '=', id).execute();
    await trx.deleteFrom('spots').where('id', '=', id).execute();
  });
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
