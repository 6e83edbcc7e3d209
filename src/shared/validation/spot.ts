// Spot rules (spec §5 "Spot"): a name, a status, and the place chosen through autocomplete.
import { z } from 'zod';
import { ACTIVE_STATUSES } from '../resources/plain';
import { noControlCharacters } from './common';
import { v } from './messages';

const optionalText = noControlCharacters(z.string().trim().max(200))
  .nullish()
  .transform((s) => s || null);

/** The place fields autocomplete fills (spec §3); latitude and longitude say a place was chosen. */
export const placeFields = {
  // missing: no place was chosen; out of range: typed coordinates (issue 32 M12) that are not on Earth
  latitude: z.coerce.number({ error: v('placeRequired') }).min(-90, v('latitudeRange')).max(90, v('latitudeRange')),
  longitude: z.coerce.number({ error: v('placeRequired') }).min(-180, v('longitudeRange')).max(180, v('longitudeRange')),
  address: optionalText,
  city: optionalText,
  state: optionalText,
  country: optionalText,
  post_code: optionalText,
};

export const spotSchema = z.object({
  name: noControlCharacters(
    z.string({ error: v('spotNameRequired') }).trim().min(1, v('spotNameRequired')).max(200, v('nameTooLong')),
  ),
  status: z.enum(ACTIVE_STATUSES, { error: v('statusSelect') }),
  ...placeFields,
});
export type SpotInput = z.infer<typeof spotSchema>;
