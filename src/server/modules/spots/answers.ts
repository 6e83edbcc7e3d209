// What the spot calls answer (spec §7 "Spots"), for the OpenAPI document. Latitude and longitude are
// double precision on PostgreSQL (real on SQLite): numbers on both.
import { z } from 'zod';
import { spotSchema } from '@shared/validation/spot';
import { answerOf, listAnswer, maybeText, timestamp, whole } from '@server/http/answers';
import { savedRecordKey } from '@server/http/zod';

const coordinate = z.number().nullable();

/** The columns every spot shows: its name, status, place and picture (a post's stops show them too). */
export const spotColumns = {
  id: whole,
  name: z.string(),
  status: z.string(),
  address: maybeText,
  city: maybeText,
  state: maybeText,
  country: maybeText,
  post_code: maybeText,
  latitude: coordinate,
  longitude: coordinate,
  image: maybeText,
  thumbnail_url: maybeText,
};

/** A row of GET /api/spot: the spot, its creator's name and the first live post or itinerary that shows it. */
export const spotListRow = z.object({
  ...spotColumns,
  created_at: timestamp,
  updated_at: timestamp.describe('the version an edit sends back (no lost updates)'),
  user_id: whole.nullable(),
  created_by: maybeText.describe("the creator's name"),
  post_id: whole.nullable().describe('the first live post or itinerary that shows the spot'),
  post_type: maybeText.describe("that post's type: post or itinerary"),
});
export const spotListAnswer = listAnswer(spotListRow);

/** The spot form (JSON, url-encoded or multipart): `id` (missing, empty or 0 creates) and the spot's fields. */
export const spotForm = spotSchema.extend(savedRecordKey.shape);

/** A stored spot, every column (an update answers the row as saved). */
const storedSpot = z.looseObject({
  ...spotColumns,
  user_id: whole.nullable(),
  user_name: maybeText,
  created_at: timestamp,
  updated_at: timestamp,
});
/** A new spot: the columns the insert returns, and its id once more. */
const createdSpot = z.object({
  data: z.object({ id: whole, name: z.string(), status: z.string(), created_at: timestamp }),
  id: whole,
});
export const spotSavedAnswer = answerOf(z.union([createdSpot, z.object({ data: storedSpot })]));
