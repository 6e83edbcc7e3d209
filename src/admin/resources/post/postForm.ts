// The post dialog's form model and its translation to the wire form of createUpdateAdminPost (spec §3).
import { z } from 'zod';
import { v } from '@shared/validation/messages';
import { isAcceptedPostImage, postFormSchema } from '@shared/validation/post';
import type { PostDetail } from './types';

// notAnImage: its bytes are no image, whatever its name (ImageFileInput reads them on selection)
const file = z.object({ rawFile: z.instanceof(File), notAnImage: z.boolean() }).partial().nullish();

/** One spot row: an address chosen through autocomplete and an image (stored, or a chosen file). */
const spotRow = z
  .object({
    // a new row copies the keys of the first one, empty: null as often as undefined
    spotId: z.number().nullish(),
    address: z.string().nullish(),
    name: z.string().nullish(),
    latitude: z.number().nullish(),
    longitude: z.number().nullish(),
    city: z.string().nullish(),
    state: z.string().nullish(),
    country: z.string().nullish(),
    post_code: z.string().nullish(),
    image: z.string().nullish(),
    /** a saved stop's date (an itinerary's day), kept as it is */
    itinerary_date: z.string().nullish(),
    file,
  })
  .refine((row) => !row.file?.rawFile || (isAcceptedPostImage(row.file.rawFile.name) && !row.file.notAnImage), { message: v('imageTypeNotSupported'), path: ['file'] })
  // under the field that lacks it; the list says 'Address or Images cannot be empty' (PostSpotRows)
  .refine((row) => row.spotId != null || typeof row.latitude === 'number', { message: v('addressRequired'), path: ['address'] })
  .refine((row) => !!row.image || !!row.file?.rawFile, { message: v('imageRequired'), path: ['file'] });
export type SpotRowValues = z.infer<typeof spotRow>;

const { title, description } = postFormSchema.shape;

export const postDialogSchema = z.object({
  user_id: z.number({ error: v('postUserRequired') }).int().positive(v('postUserRequired')),
  title,
  description: description.optional(),
  /** 'YYYY-MM-DDTHH:mm', a datetime-local value (LanguageDateInput reads and writes it in the language's pattern) */
  itinerary_date: z.string({ error: v('postDateRequired') }).min(1, v('postDateRequired')),
  category_id: z.array(z.number()).default([]),
  tag_id: z.array(z.number()).default([]),
  spots: z.array(spotRow).min(1, v('addressRequired')),
  /** an itinerary's Planned and Public (the list's Yes / No) */
  planned: z.boolean().optional(),
  public: z.boolean().optional(),
});
export type PostDialogValues = z.infer<typeof postDialogSchema>;

/** A row is complete when it has a chosen place and an image; only then may another be added (spec §5). */
export const rowComplete = (row: Partial<SpotRowValues> | undefined) =>
  !!row && (row.spotId != null || typeof row.latitude === 'number') && (!!row.image || !!row.file?.rawFile);

/** 'YYYY-MM-DDTHH:mm' -> 'YYYY-MM-DD HH:mm:ss' (spec §9). */
export const wireDate = (local: string) => `${local.replace('T', ' ').slice(0, 16)}:00`;

/** A stored date (ISO) as the form sends it, 'YYYY-MM-DD HH:mm:ss'. */
const sentDate = (stored: string) => stored.replace('T', ' ').slice(0, 19);

/** is_planeed and is_public as sent: the dialog's switches where it has them (itineraries), else the post's own (DESIGN.md §9). */
function flagsOf(values: PostDialogValues, post?: PostDetail) {
  return {
    is_planeed: values.planned === undefined ? (post?.is_planeed ?? '0') : values.planned ? '0' : '1',
    is_public: values.public === undefined ? (post?.is_public ?? 1) : values.public ? 1 : 0,
  };
}

/** The dialog's starting values for a stored post (edit) or a new one. */
export function initialValues(post?: PostDetail): Partial<PostDialogValues> {
  if (!post) return { category_id: [], tag_id: [], spots: [{}] as SpotRowValues[] };
  return {
    user_id: post.user_id,
    title: post.title,
    description: post.description ?? '',
    itinerary_date: (post.itinerary_date ?? post.created_at).slice(0, 16),
    category_id: post.postCategory.map((c) => c.category.id),
    tag_id: post.postTag.map((t) => t.tag.id),
    // a stop already saved reads as its spot's name (a street address says less to staff)
    spots: post.postSpot.map(({ spot, itinerary_date }) => ({ spotId: spot.id, address: spot.name, name: spot.name, image: spot.image, itinerary_date })),
    ...(post.type === 'itinerary' ? { planned: post.is_planeed === '0', public: Number(post.is_public) === 1 } : {}),
  };
}

/** The form's values as createUpdateAdminPost takes them: lists as JSON, files in `images`, rows pointing at them. */
export function toWire(values: PostDialogValues, post?: PostDetail) {
  const images: File[] = [];
  const spotData = values.spots.map((row) => {
    const chosen = row.file?.rawFile;
    const imageIndex = chosen ? images.push(chosen) - 1 : undefined;
    const itinerary_date = row.itinerary_date ? sentDate(row.itinerary_date) : undefined;
    if (row.spotId != null) return { id: row.spotId, image: row.image ?? undefined, imageIndex, itinerary_date };
    const { name, address, latitude, longitude, city, state, country, post_code } = row;
    // a new place may keep the picture the row showed (the row's spot was exchanged for another place)
    return { name: name || address, address, latitude, longitude, city, state, country, post_code, image: row.image ?? undefined, imageIndex };
  });
  const kept = new Set(values.spots.map((r) => r.spotId).filter((id) => id != null));
  return {
    user_id: values.user_id,
    title: values.title,
    description: values.description ?? '',
    itinerary_date: wireDate(values.itinerary_date),
    type: post?.type ?? 'post',
    ...flagsOf(values, post),
    category_id: values.category_id,
    tag_id: values.tag_id,
    spotData,
    images,
    deleted_spots: (post?.postSpot ?? []).map((s) => s.spot.id).filter((id) => !kept.has(id)),
  };
}
