// The offline itinerary engine (DESIGN.md §6): from the product's own spots, pick those near the
// place the search names, favour the ones in the chosen categories and in popular posts, split them
// into days by distance and order each day as a short route. Pure and deterministic: the same spots
// and query give the same plan.
import { distanceKm, distinctSpots } from '@server/geo/distance';
import { analyseQuery } from './query';
import { type Point, shortRoute } from './shortestRoute';

export interface Candidate extends Point {
  id: number;
  name: string;
  city: string | null;
  country: string | null;
  /** categories of the posts that show this spot */
  categoryIds: number[];
  /** how many posts show it */
  popularity: number;
}

export interface ParsedQuery {
  /** the place part of the search ("Istanbul") */
  place: string;
  days: number;
  /** words of the search that are not the place or the days ("museums", "food") */
  themes: string[];
}

export { MAX_DAYS } from './query';
export const STOPS_PER_DAY = 4;
/** Spots farther than this from the place are not part of its trip. */
export const RADIUS_KM = 60;
// the duplicate rule lives with the geography; the engine and its tests use it from here as well
export { distinctSpots, SAME_SPOT_KM } from '@server/geo/distance';

/**
 * Understands "3 days in Istanbul", "weekend in Rome", "museums and food in Paris for two days",
 * "Izmir", "İstanbul'da 3 gün", "3 أيام في إسطنبول": the place (folded), a number of days (1 when
 * none is said, at most 7) and theme words. See analyseQuery for the rest of what it reads.
 */
export function parseQuery(text: string): ParsedQuery {
  const { place, days, themes } = analyseQuery(text);
  return { place, days, themes };
}

/** A spot's score: 1, plus 3 for each chosen category among its posts', plus its popularity (log). */
export function score(c: Candidate, preferred: ReadonlySet<number>): number {
  const matches = c.categoryIds.filter((id) => preferred.has(id)).length;
  return 1 + 3 * Math.min(matches, 2) + Math.log1p(c.popularity);
}

/**
 * Splits the chosen stops into `days` groups of nearby stops: seeds far apart (the best stop, then
 * each time the stop farthest from the seeds), every stop joins its nearest seed with room left.
 */
export function groupByDistance<T extends Point & { id: number }>(stops: readonly T[], days: number): T[][] {
  const n = Math.min(days, stops.length);
  if (n <= 1) return stops.length ? [[...stops]] : [];
  const seeds: T[] = [stops[0]];
  while (seeds.length < n) {
    let far = stops[0];
    let farKm = -1;
    for (const s of stops) {
      const km = Math.min(...seeds.map((seed) => distanceKm(s.latitude, s.longitude, seed.latitude, seed.longitude)));
      if (km > farKm) {
        farKm = km;
        far = s;
      }
    }
    seeds.push(far);
  }
  const capacity = Math.ceil(stops.length / n);
  const groups: T[][] = seeds.map((seed) => [seed]);
  const rest = stops.filter((s) => !seeds.includes(s));
  // the stops nearest to some seed choose first
  const nearest = (s: T) => Math.min(...seeds.map((seed) => distanceKm(s.latitude, s.longitude, seed.latitude, seed.longitude)));
  rest.sort((a, b) => nearest(a) - nearest(b) || a.id - b.id);
  for (const s of rest) {
    const order = seeds
      .map((seed, i) => ({ i, km: distanceKm(s.latitude, s.longitude, seed.latitude, seed.longitude) }))
      .sort((a, b) => a.km - b.km || a.i - b.i);
    const target = order.find((o) => groups[o.i].length < capacity) ?? order[0];
    groups[target.i].push(s);
  }
  return balanced(groups.filter((g) => g.length), seeds);
}

/**
 * Evens out the days (3/2/2, never 3/1/3): while one day has two stops more than another, the
 * fuller day gives the smaller one its stop nearest to the smaller day's seed (never its own seed).
 */
function balanced<T extends Point & { id: number }>(groups: T[][], seeds: readonly T[]): T[][] {
  const km = (a: Point, b: Point) => distanceKm(a.latitude, a.longitude, b.latitude, b.longitude);
  for (;;) {
    const sizes = groups.map((g) => g.length);
    const small = sizes.indexOf(Math.min(...sizes));
    if (Math.max(...sizes) - sizes[small] <= 1) return groups;
    const seed = seeds.find((s) => groups[small].includes(s)) ?? groups[small][0];
    // the stop to move: from a day with the most stops, the one nearest to the small day
    const most = Math.max(...sizes);
    let move: { from: number; stop: T; km: number } | null = null;
    for (let from = 0; from < groups.length; from++) {
      if (groups[from].length !== most) continue;
      for (const stop of groups[from]) {
        const d = km(stop, seed);
        if (!seeds.includes(stop) && (!move || d < move.km || (d === move.km && stop.id < move.stop.id))) move = { from, stop, km: d };
      }
    }
    if (!move) return groups;
    const { from, stop } = move;
    groups[from] = groups[from].filter((s) => s !== stop);
    groups[small].push(stop);
  }
}

export interface DayPlan<T> {
  day: number;
  stops: T[];
}

/** Candidates within RADIUS_KM of `center`, each place once, best first: the best `limit` of them. */
export function bestSpots<T extends Candidate>(candidates: readonly T[], center: Point, preferredCategoryIds: readonly number[], limit: number): T[] {
  const preferred = new Set(preferredCategoryIds);
  const near = candidates.filter((c) => distanceKm(center.latitude, center.longitude, c.latitude, c.longitude) <= RADIUS_KM);
  const ranked = [...near].sort((a, b) => score(b, preferred) - score(a, preferred) || a.id - b.id);
  return distinctSpots(ranked).slice(0, limit);
}

/**
 * The plan: candidates within RADIUS_KM of `center`, each place once, the best `days * STOPS_PER_DAY`
 * of them, grouped into days and each day ordered as a short route. Empty when no spot is near.
 */
export function planTrip<T extends Candidate>(candidates: readonly T[], center: Point, days: number, preferredCategoryIds: readonly number[]): DayPlan<T>[] {
  const chosen = bestSpots(candidates, center, preferredCategoryIds, days * STOPS_PER_DAY);
  return groupByDistance(chosen, days).map((group, i) => ({ day: i + 1, stops: shortRoute(group) }));
}
