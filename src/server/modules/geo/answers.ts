// What the geography calls answer (the OpenAPI document); the admin reads them as src/shared/contract.ts's
// Place and PlaceSuggestion, which these schemas are checked against.
import { z } from 'zod';
import type { Place, PlaceSuggestion } from '@shared/contract';
import { type Alike, answerOf, itemAnswer, maybeText, type Same, whole } from '@server/http/answers';

export const place = z.object({
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  city: maybeText,
  state: maybeText,
  country: maybeText,
  post_code: maybeText,
  spotId: whole.optional(),
  image: maybeText.optional(),
});
export const suggestion = z.object({ id: z.string(), description: z.string() });

export const placeAnswer = itemAnswer(place);
export const suggestionsAnswer = itemAnswer(z.array(suggestion));
export const geoConfigAnswer = answerOf(z.object({ provider: z.enum(['offline', 'google']), browserKey: maybeText }));

export type PlaceAlike = Alike<Same<Place, z.infer<typeof place>>>;
export type SuggestionAlike = Alike<Same<PlaceSuggestion, z.infer<typeof suggestion>>>;
