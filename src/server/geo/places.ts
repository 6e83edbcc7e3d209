// Place search for /chat (spec §2, §7 "googleAPIData"): 'type1|type2 in <place name>' answered with
// Google-shaped results and paging tokens. Offline by default: the product's own spots near the place,
// ranked by how well they fit the types (their names and their posts' categories), popularity and
// distance, plus nearby towns; Google Places Text Search when GOOGLE_MAPS_API_KEY is set.
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { townsNear } from './gazetteer';
import { spotsNear } from './spotsNear';
import { distinctSpots } from './distance';
import type { Geocoder } from './types';
import { locatePlace } from '@server/suggest/locate';

/** The place types staff can pick (Google's type names), with display names. */
export const PLACE_TYPES = [
  { type: 'tourist_attraction', name: 'Tourist Attraction' },
  { type: 'museum', name: 'Museum' },
  { type: 'art_gallery', name: 'Art Gallery' },
  { type: 'park', name: 'Park' },
  { type: 'natural_feature', name: 'Nature' },
  { type: 'restaurant', name: 'Restaurant' },
  { type: 'cafe', name: 'Cafe' },
  { type: 'bar', name: 'Bar' },
  { type: 'shopping_mall', name: 'Shopping' },
  { type: 'place_of_worship', name: 'Place of Worship' },
  { type: 'amusement_park', name: 'Amusement Park' },
  { type: 'lodging', name: 'Hotel' },
  { type: 'locality', name: 'City or Town' },
] as const;
export type PlaceType = (typeof PLACE_TYPES)[number]['type'];

/** Words that say a spot (by its name or its posts' categories) is of a type. */
const TYPE_WORDS: Record<PlaceType, string[]> = {
  tourist_attraction: ['square', 'tower', 'castle', 'palace', 'bridge', 'old town', 'viewpoint', 'monument', 'landmark', 'history', 'sightseeing'],
  museum: ['museum', 'history', 'archaeolog', 'palace'],
  art_gallery: ['gallery', 'art', 'street art'],
  park: ['park', 'garden', 'botanic'],
  natural_feature: ['beach', 'lake', 'mountain', 'waterfall', 'bay', 'valley', 'forest', 'hiking', 'nature', 'island', 'coast'],
  restaurant: ['restaurant', 'food', 'kitchen', 'bistro', 'kebab', 'street food', 'market'],
  cafe: ['cafe', 'café', 'coffee', 'tea', 'bakery', 'dessert'],
  bar: ['bar', 'pub', 'wine', 'nightlife', 'rooftop'],
  shopping_mall: ['market', 'bazaar', 'mall', 'shopping'],
  place_of_worship: ['mosque', 'church', 'cathedral', 'temple', 'synagogue', 'monastery'],
  amusement_park: ['amusement', 'theme park', 'zoo', 'aquarium'],
  lodging: ['hotel', 'hostel', 'camping', 'resort'],
  locality: [],
};

export interface PlaceResult {
  place_id: string;
  name: string;
  icon: string;
  formatted_address: string;
  location: { lat: number; lng: number };
  geometry: { location: { lat: number; lng: number } };
  types: string[];
  city: string | null;
  state: string | null;
  country: string | null;
  post_code: string | null;
}

export interface PlacePage {
  results: PlaceResult[];
  next_page_token: string | null;
}

export interface PlaceSearch {
  search(query: string, pageToken?: string): Promise<PlacePage>;
}

export const PAGE_SIZE = 20;
const RADIUS_KM = 50;
const ICON = '/place.svg';

/** 'museum|park in Istanbul' -> types and place; a bare text is a place of any type. */
export function parsePlaceQuery(query: string): { types: PlaceType[]; place: string } {
  const at = query.toLowerCase().lastIndexOf(' in ');
  const typePart = at >= 0 ? query.slice(0, at) : '';
  const place = (at >= 0 ? query.slice(at + 4) : query).trim();
  const known = new Set<string>(PLACE_TYPES.map((t) => t.type));
  const types = typePart
    .split('|')
    .map((t) => t.trim().toLowerCase())
    .filter((t): t is PlaceType => known.has(t));
  return { types, place };
}

/** Stateless paging: the token carries the query and where the next page starts. */
export const encodeToken = (query: string, offset: number) => Buffer.from(JSON.stringify({ q: query, o: offset })).toString('base64url');
export function decodeToken(token: string): { q: string; o: number } | null {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { q?: unknown; o?: unknown };
    return typeof value.q === 'string' && Number.isInteger(value.o) && (value.o as number) >= 0 ? { q: value.q, o: value.o as number } : null;
  } catch {
    return null;
  }
}

const result = (id: string, name: string, lat: number, lng: number, types: string[], where: { address?: string | null; city: string | null; state: string | null; country: string | null; post_code: string | null }): PlaceResult => ({
  place_id: id,
  name,
  icon: ICON,
  formatted_address: where.address || [name, where.city, where.state, where.country].filter(Boolean).join(', '),
  location: { lat, lng },
  geometry: { location: { lat, lng } },
  types,
  city: where.city,
  state: where.state,
  country: where.country,
  post_code: where.post_code,
});

export function createOfflinePlaceSearch(db: Kysely<Database>, geo: Geocoder): PlaceSearch {
  /** Every match of a query, best first (deterministic). */
  async function allMatches(query: string): Promise<PlaceResult[]> {
    const { types, place } = parsePlaceQuery(query);
    if (!place) return [];
    // the name as typed, else as the itinerary search reads it ("إسطنبول", "İstanbul'da")
    const center = await locatePlace(geo, place, [place]);
    if (!center) return [];
    const wanted = types.length ? types : (['tourist_attraction'] as PlaceType[]);
    const spots = await spotsNear(db, center.latitude, center.longitude, RADIUS_KM);
    const ranked = spots
      .map((s) => {
        const { km } = s;
        const name = s.name.toLowerCase();
        const cats = s.categoryWords;
        const fits = wanted.filter((t) => t === 'tourist_attraction' || TYPE_WORDS[t].some((w) => name.includes(w) || cats.includes(w)));
        const inName = wanted.some((t) => TYPE_WORDS[t].some((w) => name.includes(w)));
        const fit = fits.length ? 2 + (inName ? 2 : 0) : 0;
        return { s, fits, score: fit + Math.log1p(s.popularity) - km / RADIUS_KM };
      })
      .filter((x) => x.fits.length)
      .sort((a, b) => b.score - a.score || a.s.id - b.s.id);
    // a place entered twice (same name within 100 m) is listed once, by its better-ranked spot
    const distinct = new Set(distinctSpots(ranked.map((x) => x.s)));
    const scored = ranked
      .filter((x) => distinct.has(x.s))
      .map(({ s, fits }) => result(`spot:${s.id}`, s.name, s.latitude, s.longitude, [...fits, 'point_of_interest'], s));
    const towns = wanted.includes('locality')
      ? townsNear(center.latitude, center.longitude, 80, 40).map((t) => result(`town:${t.latitude},${t.longitude}`, t.name, t.latitude, t.longitude, ['locality', 'political'], t))
      : [];
    return [...scored, ...towns];
  }

  return {
    async search(query, pageToken) {
      const token = pageToken ? decodeToken(pageToken) : null;
      const q = token?.q ?? query;
      const offset = token?.o ?? 0;
      const all = await allMatches(q);
      const page = all.slice(offset, offset + PAGE_SIZE);
      return { results: page, next_page_token: offset + PAGE_SIZE < all.length ? encodeToken(q, offset + PAGE_SIZE) : null };
    },
  };
}

/** Google Places Text Search, when a key is set. */
export function createGooglePlaceSearch(apiKey: string, fetchImpl: typeof fetch = fetch): PlaceSearch {
  return {
    async search(query, pageToken) {
      const params = new URLSearchParams(pageToken ? { pagetoken: pageToken, key: apiKey } : { query: query.replace(/\|/g, ' OR '), key: apiKey });
      const res = await fetchImpl(`https://maps.googleapis.com/maps/api/place/textsearch/json?${params}`, { signal: AbortSignal.timeout(8000) });
      const body = (await res.json()) as {
        status: string;
        next_page_token?: string;
        results?: { place_id: string; name: string; icon?: string; formatted_address?: string; geometry: { location: { lat: number; lng: number } }; types?: string[] }[];
      };
      if (body.status !== 'OK' && body.status !== 'ZERO_RESULTS') throw new Error(`Google place search: ${body.status}`);
      return {
        results: (body.results ?? []).map((r) => ({
          ...result(r.place_id, r.name, r.geometry.location.lat, r.geometry.location.lng, r.types ?? [], { address: r.formatted_address, city: null, state: null, country: null, post_code: null }),
          icon: r.icon ?? ICON,
        })),
        next_page_token: body.next_page_token ?? null,
      };
    },
  };
}
