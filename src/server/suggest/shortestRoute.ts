// Short routes through a day's stops: nearest neighbour, then 2-opt until no swap shortens the path.
// Open paths (a day starts at its first stop and ends at its last), distances on the sphere.
import { distanceKm } from '@server/geo/distance';

export interface Point {
  latitude: number;
  longitude: number;
}

const d = (a: Point, b: Point) => distanceKm(a.latitude, a.longitude, b.latitude, b.longitude);

/** Length of the path through `points` in order, in km. */
export function pathLength(points: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += d(points[i - 1], points[i]);
  return total;
}

/** Visits every point, always going to the nearest one not yet visited, from `points[start]`. */
export function nearestNeighbour<T extends Point>(points: readonly T[], start = 0): T[] {
  if (points.length < 3) return [...points];
  const left = points.filter((_, i) => i !== start);
  const path = [points[start]];
  while (left.length) {
    const last = path[path.length - 1];
    let best = 0;
    for (let i = 1; i < left.length; i++) if (d(last, left[i]) < d(last, left[best])) best = i;
    path.push(left.splice(best, 1)[0]);
  }
  return path;
}

/** Reverses segments while that shortens the open path (2-opt). */
export function twoOpt<T extends Point>(path: readonly T[]): T[] {
  const p = [...path];
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < p.length - 2; i++) {
      for (let j = i + 2; j < p.length; j++) {
        // edges (i, i+1) and (j, j+1) become (i, j) and (i+1, j+1); an open path has no edge after the last
        const before = d(p[i], p[i + 1]) + (j + 1 < p.length ? d(p[j], p[j + 1]) : 0);
        const after = d(p[i], p[j]) + (j + 1 < p.length ? d(p[i + 1], p[j + 1]) : 0);
        if (after + 1e-9 < before) {
          p.splice(i + 1, j - i, ...p.slice(i + 1, j + 1).reverse());
          improved = true;
        }
      }
    }
  }
  return p;
}

/** The shortest route this finds: nearest neighbour from each end candidate, improved by 2-opt. */
export function shortRoute<T extends Point>(points: readonly T[]): T[] {
  if (points.length < 3) return [...points];
  let best: T[] = [...points];
  let bestLength = Number.POSITIVE_INFINITY;
  for (let start = 0; start < points.length; start++) {
    const route = twoOpt(nearestNeighbour(points, start));
    const length = pathLength(route);
    if (length < bestLength - 1e-9) {
      best = route;
      bestLength = length;
    }
  }
  return best;
}
