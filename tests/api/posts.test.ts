// Spots, posts and itineraries, and the offline geocoder (spec §7): what the API stores and answers.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, multipart, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
const png = (colour: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();
const image = async (name: string, colour = '#3366cc') => ({ filename: name, type: 'image/png', bytes: await png(colour) });

describe.each(dialects)('spots, posts and itineraries on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let owner: number;
  let categories: { id: number; name: string }[];
  let tags: { id: number; name: string }[];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    owner = await createUser(t, { email: 'traveller@example.com', password: PASSWORD, user_type: 'User', name: 'Deniz Traveller' });
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: payload as Record<string, unknown> });
    categories = (await post('/api/category/create', { name: ['Beaches', 'History'], status: ['Active', 'Active'] })).json().data.created;
    tags = (await post('/api/tag/create', { name: ['sunset', 'ruins'], status: ['Active', 'Active'] })).json().data.created;
  });
  afterAll(async () => t.close());

  const get = (url: string, token = admin) => t.app.inject({ url, headers: bearer(token) });
  const del = (url: string, token = admin) => t.app.inject({ method: 'DELETE', url, headers: bearer(token) });
  const sendForm = async (url: string, fields: Parameters<typeof multipart>[0], extraFiles: { name: string; file: Awaited<ReturnType<typeof image>> }[] = [], token = admin) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) {
      if (typeof v === 'string') form.append(k, v);
    }
    for (const { name, file } of extraFiles) form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.filename);
    const res = new Response(form);
    const payload = Buffer.from(await res.arrayBuffer());
    return t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), 'content-type': res.headers.get('content-type')! } });
  };
  const place = async (name: string) => {
    const suggestions = (await get(`/api/geo/autocomplete?input=${encodeURIComponent(name)}`)).json().data.data;
    return (await get(`/api/geo/place/${encodeURIComponent(suggestions[0].id)}`)).json().data.data;
  };

  it('answers address suggestions, places, geocoding and reverse geocoding offline', async () => {
    const suggestions = (await get('/api/geo/autocomplete?input=istanb')).json().data.data;
    expect(suggestions[0].description).toBe('Istanbul, Istanbul, Türkiye');
    const istanbul = await place('istanb');
    expect(istanbul).toMatchObject({ name: 'Istanbul', city: 'Istanbul', state: 'Istanbul', country: 'Türkiye' });
    expect(istanbul.latitude).toBeCloseTo(41.01, 1);
    expect(istanbul.longitude).toBeCloseTo(28.95, 1);
    const paris = (await get('/api/geo/geocode?address=Paris, France')).json().data.data;
    expect(paris).toMatchObject({ city: 'Paris', state: 'Île-de-France', country: 'France' });
    const near = (await get('/api/geo/reverse?lat=48.857&lng=2.352')).json().data.data;
    expect(near).toMatchObject({ city: 'Paris', country: 'France', latitude: 48.857, longitude: 2.352 });
    expect((await get('/api/geo/reverse?lat=0&lng=-30')).statusCode).toBe(404);
    expect((await get('/api/geo/config')).json().data).toEqual({ provider: 'offline', browserKey: null });
  });

  it('adds, edits, lists, searches and deletes a spot', async () => {
    const ankara = await place('ankara');
    const add = await sendForm('/api/spot', { name: 'Anıtkabir', status: 'Active', latitude: String(ankara.latitude), longitude: String(ankara.longitude), city: ankara.city, state: ankara.state, country: ankara.country, post_code: '06570' });
    expect(add.json().message).toBe('Spot has been added Successfully');
    const id = add.json().data.id;
    const missing = await sendForm('/api/spot', { name: '', status: '' });
    expect(missing.json().data.errors).toMatchObject({ name: 'Please enter a name', status: 'Please select the status', latitude: 'Please choose a place from the suggestions.' });

    const upd = await sendForm('/api/spot', { id: String(id), name: 'Anıtkabir Museum', status: 'Inactive', latitude: String(ankara.latitude), longitude: String(ankara.longitude), country: 'Türkiye' });
    expect(upd.json().message).toBe('Spot has been updated Successfully');
    const found = (await get('/api/spot?typeUser=admin&filter=museum')).json().data;
    expect(found.meta.total).toBe(1);
    expect(found.data[0]).toMatchObject({ name: 'Anıtkabir Museum', status: 'Inactive', country: 'Türkiye', created_by: 'Admin', post_id: null });
    // the creator's name is searchable too
    expect((await get('/api/spot?filter=admin')).json().data.data.map((s: { id: number }) => s.id)).toContain(id);
    expect((await del(`/api/spot/delete/${id}`)).json().message).toBe('Spot has been Deleted Successfully');
    expect((await get('/api/spot?filter=museum')).json().data.meta.total).toBe(0);
  });

  it('stores one spot when eight staff add the same place at the same moment; the others are offered it', async () => {
    const at = { latitude: '38.4192', longitude: '27.1287', country: 'Türkiye' };
    // the bodies are read first, so the eight saves meet at the duplicate check
    const form = (name: string) => multipart({ name, status: 'Active', ...at });
    const bodies = await Promise.all(Array.from({ length: 8 }, (_, i) => form(i % 2 ? 'Saat Kulesi' : 'SAAT KULESİ')));
    const send = (_: unknown, i: number) => t.app.inject({ method: 'POST', url: '/api/spot', headers: { ...bearer(admin), ...bodies[i].headers }, payload: bodies[i].payload });
    const answers = await Promise.all(Array.from({ length: 8 }, send));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const stored = await t.ctx.db.selectFrom('spots').select(['id', 'name']).where('latitude', '=', 38.4192).execute();
    expect(stored).toHaveLength(1);
    // whichever save took the place's lock first stored its spelling; the others are offered that spot
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(refused.message).toBe(`This place is already a spot: ${stored[0].name}, within 100 m. Use that spot instead of adding a copy.`);
  });

  it('creates a post with two new spots and images, then edits it: one spot out, one in, a new image', async () => {
    const izmir = await place('izmir');
    const antalya = await place('antalya');
    const create = await sendForm(
      '/api/post/createUpdateAdminPost',
      {
        user_id: String(owner),
        title: 'Aegean coast',
        description: 'Two cities by the sea',
        itinerary_date: '2026-05-01 10:30:00',
        type: 'post',
        category_id: JSON.stringify([categories[0].id, categories[1].id]),
        tag_id: JSON.stringify([tags[0].id]),
        spotData: JSON.stringify([
          { ...izmir, imageIndex: 0 },
          { ...antalya, imageIndex: 1 },
        ]),
      },
      [
        { name: 'images', file: await image('izmir.png', '#0088cc') },
        { name: 'images', file: await image('antalya.png', '#cc8800') },
      ],
    );
    expect(create.statusCode).toBe(200);
    expect(create.json().message).toBe('Post has been added Successfully');
    const id = create.json().data.id;
    const detail = (await get(`/api/post/${id}`)).json().data.data;
    expect(detail).toMatchObject({ title: 'Aegean coast', type: 'post', is_planeed: '0', is_public: 1, user: { id: owner, name: 'Deniz Traveller' } });
    expect(detail.postCategory.map((c: { category: { name: string } }) => c.category.name)).toEqual(['Beaches', 'History']);
    expect(detail.postTag.map((c: { tag: { name: string } }) => c.tag.name)).toEqual(['sunset']);
    expect(detail.postSpot.map((s: { spot: { name: string } }) => s.spot.name)).toEqual(['İzmir', 'Antalya']);
    const [izmirSpot, antalyaSpot] = detail.postSpot.map((s: { spot: { id: number; image: string; thumbnail_url: string } }) => s.spot);
    expect((await t.app.inject(izmirSpot.image)).statusCode).toBe(200);
    expect((await t.app.inject(izmirSpot.thumbnail_url)).headers['content-type']).toBe('image/jpeg');

    // the spot list says which post a spot belongs to
    const spotRow = (await get('/api/spot?filter=antalya')).json().data.data[0];
    expect(spotRow).toMatchObject({ id: antalyaSpot.id, post_id: id, post_type: 'post', created_by: 'Deniz Traveller' });

    const bodrum = await place('bodrum');
    const edit = await sendForm(
      '/api/post/createUpdateAdminPost',
      {
        id: String(id),
        user_id: String(owner),
        title: 'Aegean coast, revised',
        itinerary_date: '2026-05-02 09:00:00',
        category_id: JSON.stringify([categories[1].id]),
        tag_id: '[]',
        spotData: JSON.stringify([
          { id: izmirSpot.id, image: izmirSpot.image, imageIndex: 0 },
          { ...bodrum, imageIndex: 1 },
        ]),
        deleted_spots: JSON.stringify([antalyaSpot.id]),
      },
      [
        { name: 'images', file: await image('izmir2.png', '#11aa11') },
        { name: 'images', file: await image('bodrum.png', '#aa1111') },
      ],
    );
    expect(edit.json().message).toBe('Post has been updated Successfully');
    const after = (await get(`/api/post/${id}`)).json().data.data;
    expect(after.title).toBe('Aegean coast, revised');
    expect(after.postSpot.map((s: { spot: { name: string } }) => s.spot.name)).toEqual(['İzmir', 'Bodrum']);
    expect(after.postSpot[0].spot.image).not.toBe(izmirSpot.image);
    expect((await t.app.inject(izmirSpot.image)).statusCode).toBe(404); // the replaced file is gone
    expect(after.postCategory.map((c: { category: { name: string } }) => c.category.name)).toEqual(['History']);
    expect(after.postTag).toEqual([]);
    // Antalya left the post but stays a spot, now unassociated
    expect((await get('/api/spot?filter=antalya')).json().data.data[0]).toMatchObject({ id: antalyaSpot.id, post_id: null });
  });

  it('links a place that is already a spot instead of adding a copy; the address suggestions offer that spot first', async () => {
    const erzurum = await place('erzurum');
    const spotCount = async () => Number((await get('/api/spot?filter=erzurum')).json().data.meta.total);
    const save = (title: string, row: object, files: { name: string; file: Awaited<ReturnType<typeof image>> }[], token = admin) =>
      sendForm(
        '/api/post/createUpdateAdminPost',
        { user_id: String(owner), title, itinerary_date: '2026-06-01 10:00:00', type: 'post', spotData: JSON.stringify([row]) },
        files,
        token,
      );
    const first = await save('Erzurum once', { ...erzurum, imageIndex: 0 }, [{ name: 'images', file: await image('erzurum.png', '#224466') }]);
    expect(first.statusCode).toBe(200);
    expect(await spotCount()).toBe(1);
    const spot = (await get(`/api/post/${first.json().data.id}`)).json().data.data.postSpot[0].spot;

    // the suggestions now start with that spot, and its place says which spot it is
    const suggestions = (await get('/api/geo/autocomplete?input=erzurum')).json().data.data;
    expect(suggestions[0]).toEqual({ id: `spot:${spot.id}`, description: 'Erzurum, Erzurum, Türkiye' });
    expect((await get(`/api/geo/place/spot:${spot.id}`)).json().data.data).toMatchObject({ spotId: spot.id, name: 'Erzurum', image: spot.image });

    // a client that sends the same place as a new row (Google's suggestions, an older form) gets the spot linked
    const again = await save('Erzurum twice', { ...erzurum, name: 'ERZURUM', imageIndex: 0 }, [{ name: 'images', file: await image('erzurum2.png', '#664422') }]);
    expect(again.statusCode).toBe(200);
    expect(await spotCount()).toBe(1);
    const linked = (await get(`/api/post/${again.json().data.id}`)).json().data.data.postSpot[0].spot;
    expect(linked.id).toBe(spot.id);

    // a Post-list-only Sub-Admin may link the spot as it is, but its picture stays (the new file is not kept)
    const writerEmail = 'erzurum-writer@example.com';
    await createUser(t, { email: writerEmail, password: PASSWORD, user_type: 'Sub-Admin', name: 'Erzurum Writer', permissions: ['Post-list'] });
    const writer = (await loginAs(t, writerEmail, PASSWORD)).token;
    const before = (await get(`/api/post/${again.json().data.id}`)).json().data.data.postSpot[0].spot.image;
    const byWriter = await save('Erzurum by a writer', { ...erzurum, imageIndex: 0 }, [{ name: 'images', file: await image('erzurum3.png', '#aa22aa') }], writer);
    expect(byWriter.statusCode).toBe(200);
    const writersSpot = (await get(`/api/post/${byWriter.json().data.id}`)).json().data.data.postSpot[0].spot;
    expect(writersSpot).toMatchObject({ id: spot.id, image: before });
    const linkById = await save('Erzurum linked by id', { id: spot.id }, [], writer);
    expect(linkById.statusCode).toBe(200);
    expect(await spotCount()).toBe(1);
  });

  it('refuses a post form with missing fields, an empty spot row or a file that is not an image', async () => {
    const empty = await sendForm('/api/post/createUpdateAdminPost', { title: '' });
    expect(empty.json().data.errors).toMatchObject({
      user_id: 'Please select the User',
      title: 'Please Enter title',
      itinerary_date: 'Please Enter Date',
      spotData: 'Please Enter Address',
    });
    const base = { user_id: String(owner), title: 'T', itinerary_date: '2026-01-01 00:00:00' };
    const noImage = await sendForm('/api/post/createUpdateAdminPost', { ...base, spotData: JSON.stringify([{ ...(await place('konya')) }]) });
    expect(noImage.json().message).toBe('Address or Images cannot be empty');
    const text = { filename: 'notes.png', type: 'image/png', bytes: Buffer.from('just text, not a picture') };
    const bad = await sendForm('/api/post/createUpdateAdminPost', { ...base, spotData: JSON.stringify([{ ...(await place('konya')), imageIndex: 0 }]) }, [{ name: 'images', file: text }]);
    expect(bad.statusCode).toBe(415);
    expect(bad.json().message).toBe(' File type is not supported');
  });

  it('stores SVG, BMP and TIFF images as PNG, so an SVG cannot carry script', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><script>alert(1)</script><rect width="20" height="20" fill="red"/></svg>';
    const bmp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } }).raw().toBuffer();
    const bmpFile = Buffer.concat([bmpHeader(4, 4), bmpRows(bmp, 4, 4)]);
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0000ff' } }).tiff().toBuffer();
    const files = [
      { name: 'images', file: { filename: 'a.svg', type: 'image/svg+xml', bytes: Buffer.from(svg) } },
      { name: 'images', file: { filename: 'b.bmp', type: 'image/bmp', bytes: bmpFile } },
      { name: 'images', file: { filename: 'c.tif', type: 'image/tiff', bytes: tiff } },
    ];
    const rows = await Promise.all(['sivas', 'kayseri', 'erzurum'].map(async (n, i) => ({ ...(await place(n)), imageIndex: i })));
    const res = await sendForm('/api/post/createUpdateAdminPost', { user_id: String(owner), title: 'Formats', itinerary_date: '2026-01-01 00:00:00', spotData: JSON.stringify(rows) }, files as never);
    expect(res.statusCode).toBe(200);
    for (const s of res.json().data.data.postSpot) {
      expect(s.spot.image).toMatch(/\.png$/);
      const stored = await t.app.inject(s.spot.image);
      expect(stored.headers['content-type']).toBe('image/png');
      expect(stored.body).not.toContain('script');
    }
  });

  it('lists posts and itineraries apart, searches and sorts them, changes the sequence, soft-deletes', async () => {
    const rome = await place('rome, it');
    const mk = async (title: string, type: 'post' | 'itinerary', extra: Record<string, string> = {}) =>
      (
        await sendForm(
          '/api/post/createUpdateAdminPost',
          { user_id: String(owner), title, type, itinerary_date: '2026-03-01 08:00:00', spotData: JSON.stringify([{ ...rome, imageIndex: 0 }]), ...extra },
          [{ name: 'images', file: await image('rome.png') }],
        )
      ).json().data.id;
    const p1 = await mk('Roman holiday', 'post');
    const p2 = await mk('Coliseum at night', 'post');
    const it1 = await mk('Three days in Rome', 'itinerary', { is_planeed: '0', is_public: '1' });

    const posts = (await get('/api/post?type=post&filter=roman')).json().data;
    expect(posts.data.map((p: { id: number }) => p.id)).toEqual([p1]);
    expect(posts.data[0]).toMatchObject({ user: 'Deniz Traveller', spotCount: 1 });
    expect(posts.data[0].image).toMatch(/^\/uploads\/spots\/thumbs\//);
    expect((await get('/api/post?type=post&filter=deniz')).json().data.meta.total).toBeGreaterThanOrEqual(2);
    const itineraries = (await get('/api/post?type=itinerary')).json().data.data;
    expect(itineraries.map((p: { id: number }) => p.id)).toEqual([it1]);
    expect(itineraries[0]).toMatchObject({ is_planeed: '0', is_public: 1 });

    const seq = await t.app.inject({ method: 'POST', url: '/api/post/sequence/change', headers: bearer(admin), payload: { id: p2, sequence: 7 } });
    expect(seq.json().message).toBe('Sequence has been updated successfully');
    const bySequence = (await get(`/api/post?type=post&order=${encodeURIComponent('{"direction":"DESC","name":"sequence","type":"default"}')}`)).json().data.data;
    expect(bySequence[0].id).toBe(p2);
    const byTitle = (await get(`/api/post?type=post&limit=100&order=${encodeURIComponent('{"direction":"ASC","name":"title","type":"default"}')}`)).json().data.data.map((p: { title: string }) => p.title);
    expect(byTitle).toEqual([...byTitle].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    expect((await del(`/api/post/adminPostDelete/${p1}`)).json().message).toBe('Post has been Deleted Successfully');
    expect((await del(`/api/post/delete/${it1}`)).json().message).toBe('Itinerary has been Deleted Successfully');
    expect((await get('/api/post?type=post&filter=roman')).json().data.meta.total).toBe(0);
    // soft: the detail (what reports point at) is still there, marked deleted
    const gone = (await get(`/api/post/${p1}`)).json().data.data;
    expect(gone.deleted_at).toBeTruthy();
  });

  it('orders an itinerary detail by the stops dates', async () => {
    const stops = await Promise.all(['florence', 'venice', 'milan'].map((n) => place(n)));
    const res = await sendForm(
      '/api/post/createUpdateAdminPost',
      {
        user_id: String(owner),
        title: 'North Italy',
        type: 'itinerary',
        itinerary_date: '2026-06-01 09:00:00',
        spotData: JSON.stringify([
          { ...stops[0], imageIndex: 0, itinerary_date: '2026-06-03 09:00:00' },
          { ...stops[1], imageIndex: 1, itinerary_date: '2026-06-01 09:00:00' },
          { ...stops[2], imageIndex: 2, itinerary_date: '2026-06-02 09:00:00' },
        ]),
      },
      await Promise.all(['f', 'v', 'm'].map(async (n) => ({ name: 'images', file: await image(`${n}.png`) }))),
    );
    const detail = (await get(`/api/post/${res.json().data.id}`)).json().data.data;
    expect(detail.postSpot.map((s: { spot: { name: string } }) => s.spot.name)).toEqual(['Venice', 'Milan', 'Florence']);
  });

  it('refuses every spot, post and geography call to a Sub-Admin without their permissions', async () => {
    await createUser(t, { email: 'users-only@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['User-list'] });
    const sub = (await loginAs(t, 'users-only@example.com', PASSWORD)).token;
    const post = (await get('/api/post?type=post')).json().data.data[0];
    const spot = (await get('/api/spot')).json().data.data[0];
    const calls = [
      get('/api/geo/config', sub),
      get('/api/geo/autocomplete?input=rome', sub),
      get('/api/geo/place/city:3169070', sub),
      get('/api/geo/geocode?address=Rome', sub),
      get('/api/geo/reverse?lat=41.9&lng=12.5', sub),
      get('/api/spot', sub),
      sendForm('/api/spot', { name: 'X', status: 'Active', latitude: '1', longitude: '1' }, [], sub),
      del(`/api/spot/delete/${spot.id}`, sub),
      get('/api/post?type=post', sub),
      get(`/api/post/${post.id}`, sub),
      sendForm('/api/post/createUpdateAdminPost', { user_id: String(owner), title: 'T', itinerary_date: '2026-01-01 00:00:00', spotData: '[]' }, [], sub),
      t.app.inject({ method: 'POST', url: '/api/post/sequence/change', headers: bearer(sub), payload: { id: post.id, sequence: 3 } }),
      del(`/api/post/adminPostDelete/${post.id}`, sub),
      del(`/api/post/delete/${post.id}`, sub),
    ];
    const codes = (await Promise.all(calls)).map((res) => res.statusCode);
    expect(codes).toEqual(calls.map(() => 403));
    expect((await get(`/api/post/${post.id}`)).json().data.data).toMatchObject({ id: post.id, deleted_at: null, sequence: post.sequence });
  });

  it('checks Post-list and Itinerary-list; the post form may read its pickers', async () => {
    await createUser(t, { email: 'posts-only@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Post-list'] });
    const sub = (await loginAs(t, 'posts-only@example.com', PASSWORD)).token;
    expect((await get('/api/post?type=post', sub)).statusCode).toBe(200);
    expect((await get('/api/post?type=itinerary', sub)).statusCode).toBe(403);
    expect((await get('/api/user?user_type=User', sub)).statusCode).toBe(200);
    expect((await get('/api/user?user_type=Sub-Admin', sub)).statusCode).toBe(403);
    expect((await get('/api/spot', sub)).statusCode).toBe(403);
    expect((await get('/api/geo/autocomplete?input=rome', sub)).statusCode).toBe(200);
    const itinerary = (await get('/api/post?type=itinerary')).json().data.data[0];
    expect((await get(`/api/post/${itinerary.id}`, sub)).statusCode).toBe(403);
    expect((await del(`/api/post/adminPostDelete/${itinerary.id}`, sub)).statusCode).toBe(403);
  });
});

/** A minimal 24-bit BMP file header for a w x h image. */
function bmpHeader(w: number, h: number): Buffer {
  const rowSize = Math.ceil((w * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + rowSize * h, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(w, 18);
  header.writeInt32LE(h, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(rowSize * h, 34);
  return header;
}
/** RGB rows as BMP stores them: bottom-up, BGR, each row padded to 4 bytes. */
function bmpRows(rgb: Buffer, w: number, h: number): Buffer {
  const rowSize = Math.ceil((w * 3) / 4) * 4;
  const out = Buffer.alloc(rowSize * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const src = (y * w + x) * 3;
      const dst = (h - 1 - y) * rowSize + x * 3;
      out[dst] = rgb[src + 2];
      out[dst + 1] = rgb[src + 1];
      out[dst + 2] = rgb[src];
    }
  return out;
}
