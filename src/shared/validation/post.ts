// Post and itinerary form rules (spec §3 "Post form", §5 "Post"), shared by the dialog and the API.
import { z } from 'zod';
import { idNumber, MAX_INT, noControlCharacters, recordVersion } from './common';
import { v } from './messages';
import { placeFields } from './spot';

/** Image types the post form accepts (spec §5), by file extension. */
export const POST_IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'gif', 'tif', 'tiff', 'ico', 'webp', 'bmp', 'svg'] as const;
export const isAcceptedPostImage = (fileName: string) =>
  (POST_IMAGE_EXTENSIONS as readonly string[]).includes(fileName.split('.').pop()?.toLowerCase() ?? '');

/** 'YYYY-MM-DD HH:mm:ss', the form the post date is sent in (spec §9). */
export const POST_DATE_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const ids = z.array(idNumber()).default([]);

/**
 * One spot row of the form: an existing spot (`id`) or a newly chosen place, and its image, which is
 * either the spot's stored image (`image`) or the uploaded file at `imageIndex` among `images`.
 */
export const postSpotRowSchema = z
  .object({
    id: idNumber().optional(),
    name: noControlCharacters(z.string().trim().max(200)).optional(),
    ...placeFields,
    latitude: placeFields.latitude.optional(),
    longitude: placeFields.longitude.optional(),
    image: noControlCharacters(z.string().max(2000)).optional(),
    thumbnail_url: noControlCharacters(z.string().max(2000)).optional(),
    imageIndex: z.coerce.number().int().min(0).max(MAX_INT).optional(),
    itinerary_date: z.string().regex(POST_DATE_PATTERN, v('postDateInvalid')).nullish(),
  })
  // a new place needs its coordinates and a picture; a spot already saved keeps its own
  .refine(
    (row) =>
      row.id !== undefined ||
      (row.latitude !== undefined && row.longitude !== undefined && !!row.name && (!!row.image || row.imageIndex !== undefined)),
    v('addressOrImagesEmpty'),
  );
export type PostSpotRow = z.infer<typeof postSpotRowSchema>;

export const postFormSchema = z.object({
  id: z.coerce.number().int().min(0).max(MAX_INT).optional(),
  user_id: z
    .coerce.number({ error: v('postUserRequired') })
    .int(v('postUserRequired'))
    .positive(v('postUserRequired'))
    .max(MAX_INT, v('postUserRequired')),
  title: noControlCharacters(
    z.string({ error: v('postTitleRequired') }).trim().min(1, v('postTitleRequired')).max(200, v('titleTooLong')),
  ),
  description: noControlCharacters(z.string().trim().max(5000), true).default(''),
  itinerary_date: z
    .string({ error: v('postDateRequired') })
    .trim()
    .min(1, v('postDateRequired'))
    .regex(POST_DATE_PATTERN, v('postDateInvalid')),
  is_planeed: z.enum(['0', '1']).default('0'),
  is_public: z.coerce.number().int().min(0).max(1).default(1),
  type: z.enum(['post', 'itinerary']).default('post'),
  category_id: ids,
  tag_id: ids,
  spotData: z.array(postSpotRowSchema, { error: v('addressRequired') }).min(1, v('addressRequired')),
  deleted_spots: ids,
  /** the version the edit form was opened on (no lost updates) */
  updated_at: recordVersion,
});
export type PostFormInput = z.infer<typeof postFormSchema>;
