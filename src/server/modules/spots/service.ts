// Spot images may be shared (the demo data reuses a pool of pictures), so a file goes only with its last spot.
import type { AppContext } from '../../context';
import { distanceKm } from '../../geo/types';
import { SAME_SPOT_KM } from '../../suggest/engine';
import { foldText } from '../../suggest/query';

/** Removes an uploaded spot image once no spot shows it any more. */
export async function removeUnusedImage(ctx: AppContext, url: string | null) {
  if (!url) return;
  const other = await ctx.db.selectFrom('spots').select('id').where('image', '=', url).limit(1).executeTakeFirst();
  if (!other) await ctx.storage.remove(url);
}

/**
 * An existing spot that is the same place as `spot` (the same name, ignoring case and accents, within
 * SAME_SPOT_KM), other than `exceptId`: staff are offered it instead of adding a copy. The indexed
 * latitude/longitude box narrows the rows first.
 */
export async function sameSpot(ctx: AppContext, spot: { name: string; latitude: number; longitude: number }, exceptId?: number) {
  const dLat = SAME_SPOT_KM / 111;
  const dLng = dLat / Math.max(0.01, Math.cos((spot.latitude * Math.PI) / 180));
  let q = ctx.db
    .selectFrom('spots')
    .select(['id', 'name', 'latitude', 'longitude'])
    .where('latitude', '>=', spot.latitude - dLat)
    .where('latitude', '<=', spot.latitude + dLat)
    .where('longitude', '>=', spot.longitude - dLng)
    .where('longitude', '<=', spot.longitude + dLng);
  if (exceptId) q = q.where('id', '<>', exceptId);
  const name = foldText(spot.name).replace(/\s+/g, ' ');
  return (await q.execute()).find(
    (s) => s.latitude !== null && s.longitude !== null && foldText(s.name).replace(/\s+/g, ' ') === name && distanceKm(s.latitude, s.longitude, spot.latitude, spot.longitude) <= SAME_SPOT_KM,
  );
}
