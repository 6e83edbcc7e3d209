// Geography behind one interface (DESIGN.md §6): address autocomplete, geocoding and reverse geocoding.
// Offline by default (the bundled gazetteer); Google when GOOGLE_MAPS_API_KEY is set.
import type { Place, PlaceSuggestion } from '../../shared/contract';

export type { Place, PlaceSuggestion };

export interface Geocoder {
  readonly name: 'offline' | 'google';
  autocomplete(input: string, limit?: number): Promise<PlaceSuggestion[]>;
  place(id: string): Promise<Place | null>;
  geocode(text: string): Promise<Place | null>;
  reverse(latitude: number, longitude: number): Promise<Place | null>;
}

/** Great-circle distance in kilometres. */
export function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
