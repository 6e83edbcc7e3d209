// Place search and AI-suggested itineraries, offline (spec §7 "Place search and AI itineraries").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';
import { seedIstanbul } from '../support/istanbul';

const PASSWORD = 'Str0ng@Pass';


describe.each(dialects)('place search and itinerary suggestions on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const categoryIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    Object.assign(categoryIds, await seedIstanbul(t, PASSWORD));
  });
  afterAll(async () => t.close());

  const get = (url: string, token = admin) => t.app.inject({ url, headers: bearer(token) });
  const search = (query: string, extra = '') => get(`/api/googleAPIData?query=${encodeURIComponent(query)}${extra}`);

  it('lists the place types with display names', async () => {
    const types = (await get('/api/searchTypes')).json().data.data;
    expect(types).toContainEqual({ type: 'museum', name: 'Museum' });
    expect(types.length).toBeGreaterThanOrEqual(10);
  });

  it('finds places of the chosen types near a place, best first, and says why the input is refused', async () => {
    const museums = (await search('museum in Istanbul')).json().data;
    expect(museums.results.map((r: { name: string }) => r.name).slice(0, 2)).toEqual(['Hagia Sophia Museum', 'Topkapı Palace Museum']);
    expect(museums.results[0]).toMatchObject({ formatted_address: 'Hagia Sophia Museum, Istanbul, Istanbul, Türkiye', types: expect.arrayContaining(['museum']), icon: '/place.svg' });
    expect(museums.results[0].location.lat).toBeCloseTo(41.0086, 3);
    const food = (await search('restaurant|cafe in Istanbul')).json().data.results.map((r: { name: string }) => r.name);
    expect(food).toEqual(expect.arrayContaining(['Grand Bazaar', 'Karaköy Coffee Corner', 'Kadıköy Fish Market']));
    expect(food).not.toContain('Gülhane Park');

    expect((await search('museum in')).json().message).toBe('Please select Place types and Enter place name!');
    expect((await search('Istanbul')).statusCode).toBe(400);
    expect((await search('museum|park|cafe|bar in Istanbul')).json().message).toBe('You can only select 3 types at a time!');
    const nothing = await search('museum in Reykjavik');
    expect(nothing.json()).toMatchObject({ message: 'No data found', data: { results: [], next_page_token: null } });
  });

  it('pages with tokens: 20 at a time, then the rest, and no token after the last page', async () => {
    const first = (await search('locality in Istanbul')).json().data;
    expect(first.results).toHaveLength(20);
    expect(first.next_page_token).toEqual(expect.any(String));
    const second = (await search('', `&pagetoken=${encodeURIComponent(first.next_page_token)}`)).json().data;
    expect(second.results.length).toBeGreaterThan(0);
    const names = new Set(first.results.map((r: { place_id: string }) => r.place_id));
    expect(second.results.every((r: { place_id: string }) => !names.has(r.place_id))).toBe(true);
    let token = second.next_page_token;
    let pages = 2;
    while (token && pages < 10) {
      token = (await search('', `&pagetoken=${encodeURIComponent(token)}`)).json().data.next_page_token;
      pages++;
    }
    expect(token).toBeNull();
  });

  it('saves chosen places as spots once: saving them again adds nothing', async () => {
    const towns = (await search('locality in Istanbul')).json().data.results.slice(0, 3);
    const first = await t.app.inject({ method: 'POST', url: '/api/googleAPIData', headers: bearer(admin), payload: towns });
    expect(first.json()).toMatchObject({ message: '3 places saved, 0 already known.', data: { skipped: 0 } });
    const again = await t.app.inject({ method: 'POST', url: '/api/googleAPIData', headers: bearer(admin), payload: towns });
    expect(again.json()).toMatchObject({ message: '0 places saved, 3 already known.', data: { saved: [] } });
    const spots = (await get(`/api/spot?filter=${encodeURIComponent(towns[0].name)}`)).json().data.data;
    expect(spots.filter((s: { name: string }) => s.name === towns[0].name)).toHaveLength(1);
    expect(spots.find((s: { name: string }) => s.name === towns[0].name)).toMatchObject({ country: 'Türkiye', created_by: 'Admin', status: 'Active' });
  });

  it('suggests a day-by-day itinerary for a seeded city, weighted to the chosen category', async () => {
    const ask = (search: string, ids: number[]) =>
      get(`/itinerarySuggestion?category_ids=${encodeURIComponent(JSON.stringify(ids))}&search=${encodeURIComponent(search)}&userEmail=admin%40example.com&isAdminPanel=true`);
    const res = await ask('2 days in Istanbul', [categoryIds.History]);
    expect(res.statusCode).toBe(200);
    const days = res.json().data.data;
    expect(days.map((d: { title: string }) => d.title)).toEqual(['Istanbul, day 1 of 2', 'Istanbul, day 2 of 2']);
    const all = days.flatMap((d: { postSpot: { spot: { name: string } }[] }) => d.postSpot.map((p) => p.spot.name));
    expect(all).toEqual(expect.arrayContaining(['Hagia Sophia Museum', 'Topkapı Palace Museum', 'Maiden Tower']));
    expect(days[0].postSpot[0].spot).toMatchObject({ latitude: expect.any(Number), city: 'Istanbul', country: 'Türkiye' });
    // the same question, the same answer
    expect((await ask('2 days in Istanbul', [categoryIds.History])).json().data.data).toEqual(days);

    expect((await ask('3 days in Istanbul', [])).json().message).toBe('Please select Preference category and enter itinerary search!');
    const nowhere = await ask('a week in Reykjavik', [categoryIds.Food]);
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().message).toBe('No itinerary can be suggested for "a week in Reykjavik": no spots are known near Reykjavík yet.');
  });

  it('saves a suggestion as an itinerary that then shows in the itinerary list', async () => {
    const day = (await get(`/api/itinerarySuggestion?category_ids=${encodeURIComponent(JSON.stringify([categoryIds.Food]))}&search=food%20in%20Istanbul`)).json().data.data[0];
    const form = new FormData();
    form.append('title', day.title);
    form.append('type', 'itinerary');
    form.append('is_public', '1');
    form.append('is_planeed', '1');
    form.append('isAdminItinerary', 'true');
    form.append('category_id[]', String(categoryIds.Food));
    for (const { spot } of day.postSpot) {
      form.append('spot_id[]', String(spot.id));
      form.append('spot_name[]', spot.name);
      form.append('latitude[]', String(spot.latitude));
      form.append('longitude[]', String(spot.longitude));
      form.append('saved_spot[]', 'false');
    }
    const body = new Response(form);
    const res = await t.app.inject({ method: 'POST', url: '/api/post', headers: { ...bearer(admin), 'content-type': body.headers.get('content-type')! }, payload: Buffer.from(await body.arrayBuffer()) });
    expect(res.json().message).toBe('Search Results have been saved Successfully');
    const saved = res.json().data.data;
    expect(saved).toMatchObject({ type: 'itinerary', title: 'Food in Istanbul', is_planeed: '0', is_public: 1, user: { name: 'Admin' } });
    expect(saved.postSpot.map((p: { spot: { id: number } }) => p.spot.id)).toEqual(day.postSpot.map((p: { spot: { id: number } }) => p.spot.id));
    const listed = (await get('/api/post?type=itinerary&filter=food')).json().data.data;
    expect(listed.map((p: { id: number }) => p.id)).toContain(saved.id);
  });

  it('understands Turkish and Arabic searches, says the place in every language and lists each spot once', async () => {
    const ask = (search: string, ids: number[], lang?: string) =>
      get(`/itinerarySuggestion?category_ids=${encodeURIComponent(JSON.stringify(ids))}&search=${encodeURIComponent(search)}&isAdminPanel=true${lang ? `&lang=${lang}` : ''}`);
    // the market entered a second time by someone else, 20 m from the first
    const { db } = t.ctx;
    const stamp = new Date().toISOString();
    const owner = await db.selectFrom('users').select('id').where('email', '=', 'local@example.com').executeTakeFirstOrThrow();
    const copy = await db
      .insertInto('spots')
      .values({ user_id: owner.id, name: 'Grand Bazaar', status: 'Active', address: null, city: 'Istanbul', state: 'Istanbul', country: 'Türkiye', post_code: null, latitude: 41.0108, longitude: 28.9682, image: null, thumbnail_url: null, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i++) {
      const post = await db
        .insertInto('posts')
        .values({ type: 'post', user_id: owner.id, title: `Bazaar again ${i}`, description: null, latitude: 41.0108, longitude: 28.9682, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('post_spots').values({ post_id: post.id, spot_id: copy.id, position: 0, itinerary_date: null }).execute();
      await db.insertInto('post_categories').values({ post_id: post.id, category_id: categoryIds.Food }).execute();
    }

    for (const search of ["İstanbul'da 2 gün", 'ISTANBUL’DA 2 GÜN', '2 أيام في إسطنبول', 'إسطنبول ٢ أيام']) {
      const res = await ask(search, [categoryIds.Food, categoryIds.History]);
      expect(res.statusCode, search).toBe(200);
      const days = res.json().data.data;
      expect(days.map((d: { title: string }) => d.title), search).toEqual(['Istanbul, day 1 of 2', 'Istanbul, day 2 of 2']);
      expect(days[0]).toMatchObject({ day: 1, days: 2, place: 'Istanbul', placeNames: { en: 'Istanbul', tr: 'İstanbul', ar: 'إسطنبول' }, theme: null });
      const names = days.flatMap((d: { postSpot: { spot: { name: string } }[] }) => d.postSpot.map((p) => p.spot.name));
      expect(new Set(names).size, names.join(', ')).toBe(names.length);
      expect(names).toContain('Grand Bazaar');
    }

    // refusals carry their catalogue key and values, the place in the asker's language
    const nowhere = await ask("Atlantisköyü'nde 2 gün", [categoryIds.Food], 'tr');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toMatchObject({
      message: 'No itinerary can be suggested: "Atlantisköyü" is not a place we know.',
      data: { messageKey: 'unknownPlace', values: { place: 'Atlantisköyü' } },
    });
    const empty = await ask('3 أيام في باريس', [categoryIds.Food], 'ar');
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toMatchObject({
      message: 'No itinerary can be suggested for "3 أيام في باريس": no spots are known near Paris yet.',
      data: { messageKey: 'nothingToSuggest', values: { search: '3 أيام في باريس', place: 'باريس' } },
    });
  });

  it('keeps the AI tools for Admins', async () => {
    await createUser(t, { email: 'sub-all@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Spot-list', 'Post-list', 'Itinerary-list', 'Categories-list'] });
    const sub = (await loginAs(t, 'sub-all@example.com', PASSWORD)).token;
    for (const url of ['/api/searchTypes', '/api/googleAPIData?query=museum%20in%20Istanbul', '/itinerarySuggestion?category_ids=[1]&search=Istanbul']) {
      expect((await get(url, sub)).statusCode, url).toBe(403);
    }
  });
});
