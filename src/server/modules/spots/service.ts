// Spot images may be shared (the demo data reuses a pool of pictures), so a file goes only with its last spot.
import type { AppContext } from '../../context';
import { isSamePlace, SAME_SPOT_KM } from '../../geo/types';

/** Removes an uploaded spot image once no spot shows it any more. */
export async function removeUnusedImage(ctx: AppContext, url: string | null) {
  if (!url) return;
  const other = await ctx.db.selectFrom('spots').select('id').where('image', '=', url).limit(1).executeTakeFirst();
  if (!other) await ctx.storage.remove(url);
}

/**
 * An existing spot that is the same place as `spot` (isSamePlace), other than `exceptId`: staff are offered it instead of adding a copy. The indexed
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
  const near = await q.execute();
  return near.find((s) => s.latitude !== null && s.longitude !== null && isSamePlace({ ...s, latitude: s.latitude, longitude: s.longitude }, spot));
}
