// Where a place named in English, Turkish or Arabic is ("إسطنبول", "İstanbul'da", "Kapadokya"): the
// same reading the itinerary suggestions use (analyseQuery), shared with the place search (/chat).
import type { Geocoder, Place } from '@server/geo/types';
import { analyseQuery } from './query';

/** The first of `texts`, then of the place the search names (its table name, its spellings), that the geocoder knows. */
export async function locatePlace(geo: Pick<Geocoder, 'geocode'>, search: string, first: readonly string[] = []): Promise<Place | null> {
  const tried = new Set<string>();
  for (const text of [...first, ...analyseQuery(search).geocodeQueries]) {
    if (!text || tried.has(text)) continue;
    tried.add(text);
    const place = await geo.geocode(text);
    if (place) return place;
  }
  return null;
}
