// Geography behind one interface (DESIGN.md §6): address autocomplete, geocoding and reverse geocoding.
// Offline by default (the bundled gazetteer); Google when GOOGLE_MAPS_API_KEY is set.
import type { Place, PlaceSuggestion } from '@shared/contract';

export type { Place, PlaceSuggestion };

export interface Geocoder {
  readonly name: 'offline' | 'google';
  autocomplete(input: string, limit?: number): Promise<PlaceSuggestion[]>;
  place(id: string): Promise<Place | null>;
  geocode(text: string): Promise<Place | null>;
  reverse(latitude: number, longitude: number): Promise<Place | null>;
}
