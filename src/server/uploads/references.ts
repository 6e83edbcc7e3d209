// A stored picture may be shown by several records (the demo's spots share a pool; a new spot may reuse a
// spot's picture), so a file is removed only once nothing at all references it: no spot, no account, no
// rich text (a content page or an email template may show an image of this site).
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { type ImageStorage, thumbnailUrlOf } from './storage';

/** Some row still shows the picture at `url` or its thumbnail. */
async function isReferenced(db: Kysely<Database>, url: string): Promise<boolean> {
  const urls = [url, thumbnailUrlOf(url)];
  const found = await Promise.all([
    db.selectFrom('spots').select('id').where((eb) => eb.or([eb('image', 'in', urls), eb('thumbnail_url', 'in', urls)])).limit(1).executeTakeFirst(),
    db.selectFrom('users').select('id').where((eb) => eb.or([eb('profile_pic', 'in', urls), eb('thumbnail', 'in', urls)])).limit(1).executeTakeFirst(),
    ...(['content_pages', 'email_templates'] as const).map((table) =>
      db
        .selectFrom(table)
        .select('id')
        .where((eb) => eb.or(urls.map((u) => eb('description', 'like', `%${u}%`))))
        .limit(1)
        .executeTakeFirst(),
    ),
  ]);
  return found.some((row) => row !== undefined);
}

/** Removes the picture at `url` (and its thumbnail) when no row references it any more. */
export async function removeIfUnreferenced(ctx: { db: Kysely<Database>; storage: ImageStorage }, url: string | null | undefined) {
  if (!url || (await isReferenced(ctx.db, url))) return;
  await ctx.storage.remove(url);
}
