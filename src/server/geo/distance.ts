// Distances between places, and telling the same place entered twice from two places.
import { foldText } from '@shared/text';

/** Great-circle distance in kilometres. */
export function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Two spots of the same name closer than this are the same place entered twice. */
export const SAME_SPOT_KM = 0.1;

interface NamedPoint {
  name: string;
  latitude: number;
  longitude: number;
}

/** A spot's name as the duplicate check compares it: folded, spaces collapsed. */
const placeKey = (name: string) => foldText(name).replace(/\s+/g, ' ');

/** The same place entered twice: the same name (ignoring case and accents) within SAME_SPOT_KM. */
export function isSamePlace(a: NamedPoint, b: NamedPoint): boolean {
  return placeKey(a.name) === placeKey(b.name) && distanceKm(a.latitude, a.longitude, b.latitude, b.longitude) <= SAME_SPOT_KM;
}

/**
 * Each place once, best first: a spot listed twice (same id), or entered twice (isSamePlace), keeps
 * only its first, best-ranked entry.
 */
export function distinctSpots<T extends NamedPoint & { id: number }>(ranked: readonly T[]): T[] {
  const kept: T[] = [];
  const ids = new Set<number>();
  for (const c of ranked) {
    if (ids.has(c.id) || kept.some((k) => isSamePlace(k, c))) continue;
    ids.add(c.id);
    kept.push(c);
  }
  return kept;
}
