// Saving a place search's result as a spot, unless the same place is a spot already.
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import { type AddressParts, lockPlace, sameSpot, spotAtPlace } from '../spots/service';

/**
 * Adds the place as a spot of `actorId`, unless the same place under the same name exists: checked under
 * the place's lock, since a save running beside this one may have added it meanwhile. Answers the new
 * spot, or null when the place is a spot already.
 */
export async function addPlaceAsSpot(
  ctx: AppContext,
  actorId: number,
  place: { name: string; formatted_address?: string | null },
  where: Omit<AddressParts, 'address'>,
  at: { lat: number; lng: number },
) {
  const stamp = now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockPlace(trx, ctx.dialect, at.lat, at.lng);
    if (await sameSpot(trx, { name: place.name, latitude: at.lat, longitude: at.lng })) return null;
    return trx
      .insertInto('spots')
      .values({
        // the address as the result gives it, its parts from `where`
        ...spotAtPlace(actorId, place.name, { ...where, address: place.formatted_address }, at.lat, at.lng),
        image: null,
        thumbnail_url: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
  });
}

/** Each result with the id of the spot it already is (one of ours, or the same place saved), else null. */
export async function withKnownSpots<R extends { place_id: string; name: string; location: { lat: number; lng: number } }>(ctx: AppContext, results: R[]) {
  return Promise.all(
    results.map(async (r) => {
      const own = r.place_id.startsWith('spot:') ? Number(r.place_id.slice(5)) : null;
      const same = own ? null : await sameSpot(ctx.db, { name: r.name, latitude: r.location.lat, longitude: r.location.lng });
      return { ...r, spot_id: own ?? same?.id ?? null };
    }),
  );
}
