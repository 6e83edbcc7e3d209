// What the post and itinerary calls answer (spec §3 "Post/itinerary", §7 "Posts and itineraries"), for
// the OpenAPI document. Counts are numbers on both dialects (PostgreSQL's bigint is read as a number).
import { z } from 'zod';
import { postFormSchema } from '@shared/validation/post';
import { spotColumns } from '../spots/answers';
import { answerOf, itemAnswer, listAnswer, maybeText, timestamp, whole } from '@server/http/answers';

const POST_TYPES = ['post', 'itinerary'] as const;

/** A row of GET /api/post: the post, its author's name, its first stop's picture and its number of stops. */
export const postListRow = z.object({
  id: whole,
  type: z.enum(POST_TYPES),
  title: z.string(),
  description: maybeText,
  user_id: whole,
  itinerary_date: timestamp.nullable(),
  is_planeed: z.string().describe("'0' or '1'"),
  is_public: whole.describe('0 or 1'),
  sequence: whole,
  created_at: timestamp,
  deleted_at: timestamp.nullable().describe("set on a post hidden by moderation: listed by a search for 'Inactive'"),
  user: maybeText.describe("the author's name"),
  image: maybeText.describe("the first stop's thumbnail"),
  spotCount: whole,
});
export const postListAnswer = listAnswer(postListRow);

const linkedSpot = z.object(spotColumns);

/** One post or itinerary (services' loadPost): every column of the post, with its user, categories, tags and stops. */
export const postDetail = z.looseObject({
  id: whole,
  type: z.string(),
  user_id: whole,
  title: z.string(),
  description: maybeText,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  itinerary_date: timestamp.nullable(),
  is_planeed: z.string(),
  is_public: whole,
  sequence: whole,
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable().describe('set when the post was deleted or hidden by moderation'),
  user: z.object({ id: whole, name: z.string() }),
  postCategory: z.array(z.object({ category: z.object({ id: whole, name: z.string() }) })),
  postTag: z.array(z.object({ tag: z.object({ id: whole, name: z.string() }) })),
  postSpot: z.array(z.object({ id: whole, itinerary_date: timestamp.nullable(), position: whole, spot: linkedSpot })),
});
export const postAnswer = itemAnswer(postDetail);

/** The post saved by the admin form: the post as GET /api/post/{id} gives it, and its id. */
export const postSavedAnswer = answerOf(z.object({ data: postDetail, id: whole }));

/**
 * The admin's post form (JSON, url-encoded or multipart with `images`): the lists may also come as
 * repeated fields, `name[]` or JSON text, and `spotData` as JSON text of its rows.
 */
export const postForm = postFormSchema.extend({
  spotData: z.union([postFormSchema.shape.spotData, z.string().describe('the rows as JSON text')]),
});
