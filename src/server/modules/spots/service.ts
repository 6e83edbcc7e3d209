// Spot images may be shared (the demo data reuses a pool of pictures), so a file goes only with its last spot.
import type { AppContext } from '../../context';

/** Removes an uploaded spot image once no spot shows it any more. */
export async function removeUnusedImage(ctx: AppContext, url: string | null) {
  if (!url) return;
  const other = await ctx.db.selectFrom('spots').select('id').where('image', '=', url).limit(1).executeTakeFirst();
  if (!other) await ctx.storage.remove(url);
}
