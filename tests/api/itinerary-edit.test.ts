// Editing an itinerary (issue 32 m23): the post form's call, scoped by Itinerary-list, checked against the
// version the form opened on, answered with the itinerary's own message, audited with a History entry.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

describe.each(dialects)('itinerary edits on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let owner: number;

  beforeAll(async () => {
    t = await startTestApp(dialect, { listCacheMs: 0 });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    owner = await createUser(t, { email: 'walker@example.com', password: PASSWORD, user_type: 'User', name: 'Ece Walker' });
  });
  afterAll(async () => t?.close());

  const get = (url: string, token = admin) => t.app.inject({ url, headers: bearer(token) });
  const save = async (fields: Record<string, string>, token = admin, files: { name: string; bytes: Buffer }[] = []) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) form.append('images', new Blob([new Uint8Array(f.bytes)], { type: 'image/png' }), f.name);
    const res = new Response(form);
    const payload = Buffer.from(await res.arrayBuffer());
    return t.app.inject({ method: 'POST', url: '/api/post/createUpdateAdminPost', payload, headers: { ...bearer(token), 'content-type': res.headers.get('content-type')! } });
  };
  const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const stop = (name: string, latitude: number, longitude: number, imageIndex: number, itinerary_date: string) => ({ name, latitude, longitude, country: 'Türkiye', imageIndex, itinerary_date });

  it('lets an Itinerary-list Sub-Admin edit title, flags and stop order, refuses a stale form and a Post-list one, and keeps a History entry', async () => {
    const day = '2026-07-01 09:00:00';
    const created = await save(
      {
        user_id: String(owner),
        title: 'Kapadokya turu',
        type: 'itinerary',
        itinerary_date: day,
        is_planeed: '0',
        is_public: '1',
        spotData: JSON.stringify([stop('Göreme', 38.64, 34.83, 0, day), stop('Uçhisar', 38.63, 34.8, 1, day), stop('Avanos', 38.72, 34.85, 2, day)]),
      },
      admin,
      await Promise.all(['a', 'b', 'c'].map(async (n) => ({ name: `${n}.png`, bytes: await png() }))),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const before = (await get(`/api/post/${id}`)).json().data.data;
    const [goreme, uchisar, avanos] = before.postSpot as { spot: { id: number; image: string }; itinerary_date: string }[];

    await createUser(t, { email: 'trips@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Itinerary-list'] });
    await createUser(t, { email: 'posts@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Post-list'] });
    const trips = (await loginAs(t, 'trips@example.com', PASSWORD)).token;
    const posts = (await loginAs(t, 'posts@example.com', PASSWORD)).token;

    const row = (s: typeof goreme) => ({ id: s.spot.id, image: s.spot.image, itinerary_date: day });
    const edit = (token: string, updated_at: string) =>
      save(
        {
          id: String(id),
          user_id: String(owner),
          title: 'Kapadokya, üç durak',
          description: 'Balonlar sabah erken kalkar.',
          type: 'itinerary',
          itinerary_date: day,
          is_planeed: '1',
          is_public: '0',
          // the stops in a new order: Avanos first
          spotData: JSON.stringify([row(avanos), row(goreme), row(uchisar)]),
          updated_at,
        },
        token,
      );

    const refused = await edit(posts, before.updated_at);
    expect(refused.statusCode).toBe(403);

    const res = await edit(trips, before.updated_at);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Itinerary has been updated Successfully');
    const after = (await get(`/api/post/${id}`)).json().data.data;
    expect(after).toMatchObject({ type: 'itinerary', title: 'Kapadokya, üç durak', description: 'Balonlar sabah erken kalkar.', is_planeed: '1', is_public: 0 });
    expect(after.postSpot.map((s: { spot: { name: string } }) => s.spot.name)).toEqual(['Avanos', 'Göreme', 'Uçhisar']);
    // each stop keeps its day
    expect(after.postSpot.map((s: { itinerary_date: string }) => s.itinerary_date.slice(0, 10))).toEqual(['2026-07-01', '2026-07-01', '2026-07-01']);

    // a form opened before that save is refused, and writes nothing
    const stale = await edit(trips, before.updated_at);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record was changed by someone else. Reload it to see the changes.');

    const history = (await get(`/api/audit/itinerary/${id}?limit=100`, trips)).json().data.data as { action: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    const update = history.filter((e) => e.action === 'update');
    expect(update).toHaveLength(1);
    expect(update[0].changes.map((c) => c.field)).toEqual(expect.arrayContaining(['title', 'is_public']));
  });
});
