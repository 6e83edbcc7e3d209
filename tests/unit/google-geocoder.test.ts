import { describe, expect, it } from 'vitest';
import { createGoogleGeocoder } from '@server/geo/google';

// Google is the edge of the internet: these answers have the shape the Places and Geocoding APIs return.
const ISTANBUL = {
  name: 'Galata Tower',
  formatted_address: 'Bereketzade, Galata Kulesi, 34421 Beyoğlu/İstanbul, Türkiye',
  geometry: { location: { lat: 41.0256, lng: 28.9741 } },
  address_components: [
    { long_name: 'Beyoğlu', types: ['administrative_area_level_2', 'political'] },
    { long_name: 'İstanbul', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'Türkiye', types: ['country', 'political'] },
    { long_name: '34421', types: ['postal_code'] },
  ],
};

function fakeGoogle(answers: Record<string, unknown>) {
  const calls: URL[] = [];
  const fetchImpl = (async (input: string | URL) => {
    const url = new URL(String(input));
    calls.push(url);
    const path = url.pathname.replace('/maps/api/', '');
    return new Response(JSON.stringify(answers[path] ?? { status: 'ZERO_RESULTS', results: [] }), { status: 200 });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('the Google geocoder', () => {
  it('asks Places with the key and turns the answers into places', async () => {
    const { calls, fetchImpl } = fakeGoogle({
      'place/autocomplete/json': { status: 'OK', predictions: [{ place_id: 'abc', description: 'Galata Tower, Istanbul' }] },
      'place/details/json': { status: 'OK', result: ISTANBUL },
      'geocode/json': { status: 'OK', results: [ISTANBUL] },
    });
    const google = createGoogleGeocoder('KEY123', fetchImpl);
    expect(await google.autocomplete('galata')).toEqual([{ id: 'abc', description: 'Galata Tower, Istanbul' }]);
    expect(calls[0].searchParams.get('key')).toBe('KEY123');
    expect(calls[0].searchParams.get('input')).toBe('galata');
    expect(await google.place('abc')).toEqual({
      name: 'Galata Tower',
      address: ISTANBUL.formatted_address,
      latitude: 41.0256,
      longitude: 28.9741,
      city: 'Beyoğlu',
      state: 'İstanbul',
      country: 'Türkiye',
      post_code: '34421',
    });
    expect((await google.reverse(41.0256, 28.9741))?.post_code).toBe('34421');
    expect(calls.at(-1)?.searchParams.get('latlng')).toBe('41.0256,28.9741');
  });

  it('says nothing found for ZERO_RESULTS and fails loudly on a refused key', async () => {
    const none = createGoogleGeocoder('K', fakeGoogle({}).fetchImpl);
    expect(await none.geocode('nowhere at all')).toBeNull();
    const denied = createGoogleGeocoder('BAD', fakeGoogle({ 'geocode/json': { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' } }).fetchImpl);
    await expect(denied.geocode('x')).rejects.toThrow('REQUEST_DENIED The provided API key is invalid.');
  });
});
