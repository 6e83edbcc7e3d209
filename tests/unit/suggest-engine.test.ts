import { describe, expect, it } from 'vitest';
import { type Candidate, groupByDistance, parseQuery, planTrip } from '../../src/server/suggest/engine';
import { pathLength, shortRoute } from '../../src/server/suggest/route';

const spot = (id: number, latitude: number, longitude: number, extra: Partial<Candidate> = {}): Candidate => ({
  id,
  name: `Spot ${id}`,
  latitude,
  longitude,
  city: 'Istanbul',
  country: 'Türkiye',
  categoryIds: [],
  popularity: 0,
  ...extra,
});
const ISTANBUL = { latitude: 41.01, longitude: 28.97 };

describe('the itinerary engine', () => {
  it('understands a place, a number of days and themes', () => {
    expect(parseQuery('3 days in Istanbul')).toEqual({ place: 'istanbul', days: 3, themes: [] });
    expect(parseQuery('Museums and food in Rome for two days')).toEqual({ place: 'rome', days: 2, themes: ['museums', 'food'] });
    expect(parseQuery('weekend in New York')).toMatchObject({ place: 'new york', days: 2 });
    expect(parseQuery('Izmir')).toEqual({ place: 'izmir', days: 1, themes: [] });
    expect(parseQuery('30 days in Paris').days).toBe(7);
  });

  it('orders a day as a route shorter than the order it was given in', () => {
    // points along a line, given shuffled
    const shuffled = [0, 5, 1, 4, 2, 3].map((i) => spot(i, 41, 28.9 + i * 0.02));
    const route = shortRoute(shuffled);
    expect(pathLength(route)).toBeLessThan(pathLength(shuffled));
    expect(route.map((s) => s.id)).toEqual(route[0].id === 0 ? [0, 1, 2, 3, 4, 5] : [5, 4, 3, 2, 1, 0]);
  });

  it('groups stops into days by distance: the two sides of the Bosphorus stay apart', () => {
    const europe = [1, 2, 3].map((i) => spot(i, 41.01 + i * 0.003, 28.95 + i * 0.003));
    const asia = [4, 5, 6].map((i) => spot(i, 40.99 + i * 0.003, 29.05 + i * 0.003));
    const groups = groupByDistance([...europe, ...asia], 2);
    const sides = groups.map((g) => g.map((s) => s.id).sort());
    expect(sides).toContainEqual([1, 2, 3]);
    expect(sides).toContainEqual([4, 5, 6]);
  });

  it('favours spots in the chosen categories and in popular posts, within the radius', () => {
    const plain = Array.from({ length: 6 }, (_, i) => spot(i + 1, 41 + i * 0.01, 28.95));
    const museum = spot(20, 41.05, 29.0, { categoryIds: [7] });
    const popular = spot(21, 41.04, 29.01, { popularity: 40 });
    const faraway = spot(22, 39.9, 32.85, { categoryIds: [7], popularity: 99 }); // Ankara
    const [day] = planTrip([...plain, museum, popular, faraway], ISTANBUL, 1, [7]);
    const ids = day.stops.map((s) => s.id);
    expect(ids).toHaveLength(4);
    expect(ids).toContain(20);
    expect(ids).toContain(21);
    expect(ids).not.toContain(22);
    // and the same query gives the same plan
    expect(planTrip([...plain, museum, popular, faraway], ISTANBUL, 1, [7])[0].stops.map((s) => s.id)).toEqual(ids);
  });

  it('has nothing to suggest when no spot is near the place', () => {
    expect(planTrip([spot(1, 39.9, 32.85)], ISTANBUL, 3, [])).toEqual([]);
  });
});
