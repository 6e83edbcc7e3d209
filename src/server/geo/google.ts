// Google geocoding for when GOOGLE_MAPS_API_KEY is set: Places Autocomplete and Details, Geocoding.
// Called from our server so the key stays here; `fetchImpl` lets tests stand in for Google.
import type { Geocoder, Place } from './types';

const BASE = 'https://maps.googleapis.com/maps/api';

interface AddressComponent {
  long_name: string;
  types: string[];
}
interface GoogleResult {
  name?: string;
  formatted_address?: string;
  geometry?: { location: { lat: number; lng: number } };
  address_components?: AddressComponent[];
}

/** A Google result as the forms store a place. */
export function placeFromGoogle(result: GoogleResult): Place | null {
  const location = result.geometry?.location;
  if (!location) return null;
  const part = (type: string) => result.address_components?.find((c) => c.types.includes(type))?.long_name ?? null;
  const city = part('locality') ?? part('postal_town') ?? part('administrative_area_level_2');
  return {
    name: result.name ?? city ?? result.formatted_address ?? '',
    address: result.formatted_address ?? '',
    latitude: location.lat,
    longitude: location.lng,
    city,
    state: part('administrative_area_level_1'),
    country: part('country'),
    post_code: part('postal_code'),
  };
}

export function createGoogleGeocoder(apiKey: string, fetchImpl: typeof fetch = fetch): Geocoder {
  const call = async <T>(path: string, params: Record<string, string>): Promise<T> => {
    const url = `${BASE}/${path}?${new URLSearchParams({ ...params, key: apiKey })}`;
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(8000) });
    if (!res.ok) throw new Error(`Google ${path}: HTTP ${res.status}`);
    const body = (await res.json()) as T & { status: string; error_message?: string };
    if (body.status !== 'OK' && body.status !== 'ZERO_RESULTS') {
      throw new Error(`Google ${path}: ${body.status} ${body.error_message ?? ''}`.trim());
    }
    return body;
  };
  const firstPlace = async (params: Record<string, string>) => {
    const { results } = await call<{ results: GoogleResult[] }>('geocode/json', params);
    return results?.[0] ? placeFromGoogle(results[0]) : null;
  };
  return {
    name: 'google',
    async autocomplete(input, limit = 8) {
      const { predictions } = await call<{ predictions: { place_id: string; description: string }[] }>(
        'place/autocomplete/json',
        { input },
      );
      return (predictions ?? []).slice(0, limit).map((p) => ({ id: p.place_id, description: p.description }));
    },
    async place(id) {
      const { result } = await call<{ result?: GoogleResult }>('place/details/json', {
        place_id: id,
        fields: 'name,formatted_address,geometry,address_component',
      });
      return result ? placeFromGoogle(result) : null;
    },
    geocode: (text) => firstPlace({ address: text }),
    reverse: (latitude, longitude) => firstPlace({ latlng: `${latitude},${longitude}` }),
  };
}
