// Issue 32 M11 and M12: an AI trip of several days saved as ONE itinerary with its stops dated day
// 1…n, days balanced, a capped request said so; typed coordinates of a spot checked with clear messages.
import { describe, expect, it } from 'vitest';
import { bearer, dialects, multipart } from '../support/api';
import { useIstanbulApp } from '../support/istanbul';

interface Day {
  title: string;
  days: number;
  askedDays?: number;
  maxDays: number;
  postSpot: { spot: { id: number; name: string; latitude: number; longitude: number } }[];
}

describe.each(dialects)('AI trips and typed coordinates on %s', (dialect) => {
  const app = useIstanbulApp(dialect, 'Str0ng@Pass');

  const ask = async (search: string): Promise<Day[]> =>
    (
      await app.t.app.inject({
        url: `/itinerarySuggestion?category_ids=${encodeURIComponent(JSON.stringify([app.categoryIds.History]))}&search=${encodeURIComponent(search)}&isAdminPanel=true`,
        headers: bearer(app.admin),
      })
    ).json().data.data;

  const save = async (fields: [string, string][]) => {
    const form = new FormData();
    for (const [k, v] of fields) form.append(k, v);
    const body = new Request('http://multipart.local/', { method: 'POST', body: form });
    return app.t.app.inject({ method: 'POST', url: '/api/post', headers: { ...bearer(app.admin), 'content-type': body.headers.get('content-type')! }, payload: Buffer.from(await body.arrayBuffer()) });
  };

  it('balances the days of a trip: no day has two stops more than another', async () => {
    const days = await ask('3 days in Istanbul');
    const sizes = days.map((d) => d.postSpot.length);
    expect(sizes).toHaveLength(3);
    expect(Math.max(...sizes) - Math.min(...sizes), sizes.join('/')).toBeLessThanOrEqual(1);
    expect(days[0]).not.toHaveProperty('askedDays');
  });

  it('says when a request asks for more days than a trip is planned for', async () => {
    const days = await ask('10 days in Istanbul');
    expect(days[0]).toMatchObject({ askedDays: 10, maxDays: 7 });
    expect(days[0].days).toBeLessThanOrEqual(7);
  });

  it('saves the whole trip as one itinerary, its stops dated day 1…n in day order, with its description', async () => {
    const days = await ask('3 days in Istanbul');
    const fields: [string, string][] = [
      ['title', 'Istanbul, 3 days'],
      ['description', 'Day 1: … Day 2: … Day 3: …'],
      ['itinerary_date', '2026-12-01 09:00:00'],
      ['type', 'itinerary'],
      ['is_public', '1'],
      ['is_planeed', '1'],
      ['category_id[]', String(app.categoryIds.History)],
    ];
    // sent day 3 first: the saved itinerary still reads day 1 first
    for (const [i, day] of [...days.entries()].reverse()) {
      for (const { spot } of day.postSpot) fields.push(['spot_id[]', String(spot.id)], ['spot_name[]', spot.name], ['day[]', String(i + 1)]);
    }
    const res = await save(fields);
    expect(res.json().message).toBe('Search Results have been saved Successfully');
    const saved = res.json().data.data;
    expect(saved).toMatchObject({ type: 'itinerary', title: 'Istanbul, 3 days', description: 'Day 1: … Day 2: … Day 3: …' });
    const dates = saved.postSpot.map((p: { itinerary_date: string }) => String(p.itinerary_date).slice(0, 10));
    const expected = days.flatMap((d, i) => d.postSpot.map(() => `2026-12-0${i + 1}`));
    expect(dates).toEqual(expected);
    expect(saved.postSpot.map((p: { spot: { id: number } }) => p.spot.id)).toEqual(days.flatMap((d) => d.postSpot.map((p) => p.spot.id)));
    // one itinerary, not one per day
    const listed = (await app.t.app.inject({ url: '/api/post?type=itinerary&filter=Istanbul', headers: bearer(app.admin) })).json().data.data;
    expect(listed.filter((p: { title: string }) => p.title.startsWith('Istanbul, 3 days'))).toHaveLength(1);
  });

  it('refuses a trip whose days are missing or out of range, writing nothing', async () => {
    const [day] = await ask('Istanbul');
    const base: [string, string][] = [['title', 'Bad trip'], ['type', 'itinerary'], ['category_id[]', String(app.categoryIds.History)]];
    const stops = day.postSpot.slice(0, 2).flatMap(({ spot }) => [['spot_id[]', String(spot.id)], ['spot_name[]', spot.name]] as [string, string][]);
    for (const days of [['1'], ['1', '9'], ['1', 'two']]) {
      const res = await save([...base, ...stops, ...days.map((d) => ['day[]', d] as [string, string])]);
      expect(res.statusCode, days.join(',')).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: 'Each stop needs the day of the trip it is on: a whole number from 1 to 7, one per stop.' });
    }
    const listed = (await app.t.app.inject({ url: '/api/post?type=itinerary&filter=Bad%20trip', headers: bearer(app.admin) })).json().data.meta.total;
    expect(listed).toBe(0);
  });

  it('place search (AI Chat) reads place names in Turkish and Arabic and marks the places that are spots already', async () => {
    const search = async (query: string) =>
      (await app.t.app.inject({ url: `/api/googleAPIData?query=${encodeURIComponent(query)}`, headers: bearer(app.admin) })).json().data.results as { name: string; place_id: string; spot_id: number | null }[];
    for (const place of ['إسطنبول', 'İstanbul', 'Istanbul']) {
      const names = (await search(`museum in ${place}`)).map((r) => r.name);
      expect(names.slice(0, 2), place).toEqual(['Hagia Sophia Museum', 'Topkapı Palace Museum']);
    }
    const museums = await search('museum in إسطنبول');
    expect(museums.every((r) => typeof r.spot_id === 'number')).toBe(true);
    const towns = await search('locality in Istanbul');
    const town = towns.find((r) => r.place_id.startsWith('town:'))!;
    expect(town.spot_id).toBeNull();
    const saved = await app.t.app.inject({ method: 'POST', url: '/api/googleAPIData', headers: bearer(app.admin), payload: [town] });
    const id = saved.json().data.saved[0].id;
    const again = (await search('locality in Istanbul')).find((r) => r.place_id === town.place_id);
    expect(again?.spot_id).toBe(id);
  });

  it('adds a spot at typed coordinates, and says which coordinate is out of range', async () => {
    const send = async (fields: Record<string, string>) => {
      const body = await multipart(fields);
      return app.t.app.inject({ method: 'POST', url: '/api/spot', headers: { ...bearer(app.admin), ...body.headers }, payload: body.payload });
    };
    const added = await send({ name: 'Kapalı Çarşı', status: 'Active', latitude: '41.0107', longitude: '28.968' });
    expect(added.json().message).toBe('Spot has been added Successfully');
    const far = await send({ name: 'Nowhere', status: 'Active', latitude: '91', longitude: '-181' });
    expect(far.statusCode).toBe(400);
    expect(far.json().data.errors).toMatchObject({ latitude: 'The latitude must be a number from -90 to 90.', longitude: 'The longitude must be a number from -180 to 180.' });
  });
});
