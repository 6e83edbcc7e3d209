// Posts and itineraries: the detail with its user, categories, tags and spots, and the admin form's
// save, which creates the spots it needs, stores the images and relinks the spots in the form's order.
import { updateChecked } from '@server/db/versions';
import type { Kysely } from 'kysely';
import { mayTouchSpotFromPostForm, type Principal } from '@shared/access';
import { decodeNumericEntities } from '@shared/text';
import { englishMessage } from '@shared/validation/messages';
import type { PostFormInput } from '@shared/validation/post';
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import type { Database } from '@server/db/schema';
import { badRequest, forbidden, HttpError, notFound } from '@server/http/errors';
import type { UploadedFile } from '@server/http/form';
import { lockPlace, sameSpot, spotAtPlace } from '../spots/service';
import { isUploadOfKind } from '@server/uploads/names';
import { storeUpload } from '@server/uploads/refusals';
import { SPOT_IMAGE_FORMATS, type StoredImage, thumbnailUrlOf } from '@server/uploads/storage';

export type PostType = 'post' | 'itinerary';

/** One post or itinerary as GET /api/post/{id} answers it (spec §3 "Post/itinerary"). */
export async function loadPost(db: Kysely<Database>, id: number) {
  const post = await db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .selectAll('posts')
    .select(['users.name as user_name'])
    .where('posts.id', '=', id)
    .executeTakeFirst();
  if (!post) return null;
  const [categories, tags, spots] = await Promise.all([
    db
      .selectFrom('post_categories')
      .innerJoin('categories', 'categories.id', 'post_categories.category_id')
      .select(['categories.id', 'categories.name'])
      .where('post_categories.post_id', '=', id)
      .orderBy('categories.name')
      .execute(),
    db
      .selectFrom('post_tags')
      .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
      .select(['tags.id', 'tags.name'])
      .where('post_tags.post_id', '=', id)
      .orderBy('tags.name')
      .execute(),
    db
      .selectFrom('post_spots')
      .innerJoin('spots', 'spots.id', 'post_spots.spot_id')
      .select([
        'post_spots.id as link_id',
        'post_spots.itinerary_date',
        'post_spots.position',
        'spots.id',
        'spots.name',
        'spots.status',
        'spots.image',
        'spots.thumbnail_url',
        'spots.address',
        'spots.latitude',
        'spots.longitude',
        'spots.city',
        'spots.state',
        'spots.country',
        'spots.post_code',
      ])
      .where('post_spots.post_id', '=', id)
      .orderBy('post_spots.position')
      .execute(),
  ]);
  // an itinerary's stops follow their dates (spec §2), undated ones last, in the order they were given
  if (post.type === 'itinerary') {
    spots.sort((a, b) =>
      a.itinerary_date === b.itinerary_date
        ? a.position - b.position
        : a.itinerary_date === null
          ? 1
          : b.itinerary_date === null
            ? -1
            : a.itinerary_date < b.itinerary_date
              ? -1
              : 1,
    );
  }
  // who put it in the Trash is the Trash's to show (modules/trash/), not the post's answer
  const { user_name, trashed_at: _trashedAt, trashed_by: _trashedBy, ...fields } = post;
  return {
    ...fields,
    user: { id: post.user_id, name: user_name },
    postCategory: categories.map((category) => ({ category })),
    postTag: tags.map((tag) => ({ tag })),
    postSpot: spots.map(({ link_id, itinerary_date, position, ...spot }) => ({ id: link_id, itinerary_date, position, spot })),
  };
}
export type PostDetail = NonNullable<Awaited<ReturnType<typeof loadPost>>>;

/** A post as its audit entries show it: what its form edits, the linked records by name. */
export function auditedPost(post: PostDetail) {
  return {
    title: post.title,
    description: post.description,
    itinerary_date: post.itinerary_date,
    is_public: post.is_public,
    is_planeed: post.is_planeed,
    user: post.user.name,
    categories: post.postCategory.map((c) => c.category.name).join(', '),
    tags: post.postTag.map((t) => t.tag.name).join(', '),
    spots: post.postSpot.map((s) => s.spot.name).join(', '),
    // a new picture of a stop is a change too (an edit that changes nothing is not saved: audit/edits.ts)
    spot_pictures: post.postSpot.map((s) => String(s.spot.image ?? '').split('/').pop()).join(', '),
  };
}

/** Stores the uploaded images of a post form (all or none); a file of another type is a 415 with the spec's message. */
async function storeImages(ctx: AppContext, files: UploadedFile[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const file of files) stored.push(await storeUpload(ctx.storage, file.bytes, 'spots', SPOT_IMAGE_FORMATS, 'validation.imageTypeNotSupported'));
    return stored;
  } catch (err) {
    await Promise.all(stored.map((s) => ctx.storage.remove(s.url)));
    throw err;
  }
}

/** 'YYYY-MM-DD HH:mm:ss' (the form's local time, kept as given) -> the stored ISO-like text. */
const storedDate = (text: string) => `${text.replace(' ', 'T')}.000Z`;

/**
 * Creates or updates a post from the admin form (spec §7 createUpdateAdminPost). Rows with an `id` keep
 * their spot (its image replaced when a new file comes with the row); other rows become new spots of the
 * post's user. Spots left out of the form (deleted_spots) are unlinked; the spots stay in /spot.
 */
export async function savePost(
  ctx: AppContext,
  input: PostFormInput,
  files: UploadedFile[],
  opts: {
    caller: Principal;
    staffOwner?: boolean;
    /** writes the save's entry in the audit trail, in the save's transaction (both commit or neither) */
    audited?: (id: number, created: boolean) => Promise<void>;
  },
) {
  const { db } = ctx;
  // posts belong to product users; an itinerary saved from the AI tool belongs to the staff member
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', input.user_id)
    .where('user_type', 'in', opts.staffOwner ? ['Admin', 'Sub-Admin'] : ['User'])
    .executeTakeFirst();
  if (!user) throw new HttpError(400, englishMessage('postUserNotFound'), { errors: { user_id: englishMessage('postUserNotFound') } });
  for (const [table, ids] of [['categories', input.category_id], ['tags', input.tag_id]] as const) {
    const wanted = unique(ids);
    if (!wanted.length) continue;
    const found = await db.selectFrom(table).select('id').where('id', 'in', wanted).execute();
    if (found.length !== wanted.length) throw new HttpError(400, 'validation.invalidInput', { errors: { [table]: 'unknown id' } });
  }
  input.spotData.forEach((row, i) => {
    if (row.imageIndex !== undefined && !files[row.imageIndex]) {
      throw new HttpError(400, 'validation.addressOrImagesEmpty');
    }
    // a new spot may reuse a picture stored for a spot (an AI suggestion's stop), never a profile picture
    // or anything else: replacing that spot's picture later would remove the other record's file
    if (!row.id && row.imageIndex === undefined && row.image && !isUploadOfKind(row.image, 'spots')) {
      throw badRequest(englishMessage('spotImageNotStored'), { [`spotData.${i}.image`]: englishMessage('spotImageNotStored') });
    }
  });
  const existing = input.id
    ? await db.selectFrom('posts').select(['id', 'type', 'deleted_at']).where('id', '=', input.id).executeTakeFirst()
    : undefined;
  if (input.id && (!existing || existing.deleted_at)) throw notFound();
  // The form changes the spots of this post only (or makes new ones); any other spot needs Spot-list.
  const ownSpots = new Set(
    existing ? (await db.selectFrom('post_spots').select('spot_id').where('post_id', '=', existing.id).execute()).map((r) => r.spot_id) : [],
  );
  // Linking an existing spot leaves it as it is; giving it a new picture changes it.
  for (const row of input.spotData) {
    if (row.id && row.imageIndex !== undefined && !mayTouchSpotFromPostForm(opts.caller, ownSpots.has(row.id))) {
      throw forbidden(englishMessage('spotNotInPost'));
    }
  }

  const images = await storeImages(ctx, files);
  const replacedImages: string[] = [];
  const unusedImages: StoredImage[] = [];
  const stamp = now();
  try {
    const postId = await db.transaction().execute(async (trx) => {
      const first = input.spotData[0];
      const values = {
        user_id: input.user_id,
        // text is stored as text: numeric references a client sent ('Caf&#233;') are decoded once
        title: decodeNumericEntities(input.title),
        description: input.description ? decodeNumericEntities(input.description) : null,
        itinerary_date: storedDate(input.itinerary_date),
        is_planeed: input.is_planeed,
        is_public: input.is_public,
        latitude: first.latitude ?? null,
        longitude: first.longitude ?? null,
      };
      let id: number;
      if (existing) {
        id = existing.id;
        // first, so that a post changed by someone else since its form opened is refused before any row is touched
        await updateChecked(trx, 'posts', id, values, input.updated_at);
      } else {
        const created = await trx
          .insertInto('posts')
          .values({ ...values, type: input.type, created_at: stamp, updated_at: stamp, deleted_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = created.id;
      }

      await trx.deleteFrom('post_categories').where('post_id', '=', id).execute();
      if (input.category_id.length) {
        await trx.insertInto('post_categories').values(unique(input.category_id).map((category_id) => ({ post_id: id, category_id }))).execute();
      }
      await trx.deleteFrom('post_tags').where('post_id', '=', id).execute();
      if (input.tag_id.length) {
        await trx.insertInto('post_tags').values(unique(input.tag_id).map((tag_id) => ({ post_id: id, tag_id }))).execute();
      }

      // the spots in the form's order; links are rebuilt so removed and reordered rows follow the form
      const spotIds: number[] = [];
      for (const row of input.spotData) {
        const image = row.imageIndex !== undefined ? images[row.imageIndex] : undefined;
        if (row.id) {
          const spot = await trx.selectFrom('spots').select(['id', 'image']).where('id', '=', row.id).executeTakeFirst();
          if (!spot) throw notFound();
          if (image) {
            if (spot.image) replacedImages.push(spot.image);
            await trx.updateTable('spots').set({ image: image.url, thumbnail_url: image.thumbnailUrl, updated_at: stamp }).where('id', '=', spot.id).execute();
          }
          spotIds.push(spot.id);
          continue;
        }
        // a place that is already a spot (the same name within 100 m) is linked, not copied; the row's
        // picture goes to it only where that spot lacks one or the caller may change it
        await lockPlace(trx, ctx.dialect, row.latitude!, row.longitude!);
        const same = await sameSpot(trx, { name: row.name!, latitude: row.latitude!, longitude: row.longitude! });
        if (same) {
          if (image && (!same.image || mayTouchSpotFromPostForm(opts.caller, ownSpots.has(same.id)))) {
            if (same.image) replacedImages.push(same.image);
            await trx.updateTable('spots').set({ image: image.url, thumbnail_url: image.thumbnailUrl, updated_at: stamp }).where('id', '=', same.id).execute();
          } else if (image) {
            unusedImages.push(image);
          }
          spotIds.push(same.id);
        } else {
          const spot = await trx
            .insertInto('spots')
            .values({
              ...spotAtPlace(input.user_id, row.name!, row, row.latitude!, row.longitude!),
              // a new spot may reuse a spot's stored picture (checked above), with the thumbnail beside it
              image: image?.url ?? row.image ?? null,
              thumbnail_url: image?.thumbnailUrl ?? (row.image ? thumbnailUrlOf(row.image) : null),
              created_at: stamp,
              updated_at: stamp,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          spotIds.push(spot.id);
        }
      }
      await trx.deleteFrom('post_spots').where('post_id', '=', id).execute();
      await trx
        .insertInto('post_spots')
        .values(
          spotIds.map((spot_id, position) => ({
            post_id: id,
            spot_id,
            position,
            itinerary_date: input.spotData[position].itinerary_date ? storedDate(input.spotData[position].itinerary_date!) : null,
          })),
        )
        .execute();
      await opts.audited?.(id, !existing);
      return id;
    });
    await Promise.all(unusedImages.map((s) => ctx.storage.remove(s.url)));
    return { id: postId, created: !existing, replacedImages };
  } catch (err) {
    await Promise.all(images.map((s) => ctx.storage.remove(s.url)));
    throw err;
  }
}

/** Moves a post in its list's sequence. */
/** Sets a post's place in the lists; answers the place it had (its History reads before → after). */
export async function setPostSequence(db: Kysely<Database>, id: number, sequence: number): Promise<number | null> {
  const before = await db.selectFrom('posts').select('sequence').where('id', '=', id).executeTakeFirst();
  await db.updateTable('posts').set({ sequence, updated_at: now() }).where('id', '=', id).execute();
  return before?.sequence ?? null;
}

/**
 * Soft-deletes a post: it leaves the lists, its reports still find it, and it is in the Trash (trashed_at,
 * trashed_by) until restored. A post hidden by moderation keeps the time it was hidden, so that a restore
 * brings it back hidden (modules/trash/service.ts).
 */
export async function softDeletePost(db: Kysely<Database>, id: number, by: number) {
  const stamp = now();
  await db
    .updateTable('posts')
    .set((eb) => ({ deleted_at: eb.fn.coalesce('deleted_at', eb.val(stamp)), trashed_at: stamp, trashed_by: by, updated_at: stamp }))
    .where('id', '=', id)
    .execute();
}

const unique = (ids: number[]) => [...new Set(ids)];

