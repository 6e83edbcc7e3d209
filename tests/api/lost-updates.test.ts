// No lost updates: two staff open the same user, post, spot, category, tag, email template or content
// page; the first save wins and the second, sent with the version its form was opened on, is refused with
// 'This record was changed by someone else…' (409) and writes nothing. Each save answers the new version,
// so the winner can save again; a save that sends no version saves as before (the spec's own clients).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, multipart, startTestApp, type TestApp } from '../support/api';

const CHANGED = 'This record was changed by someone else. Reload it to see the changes.';

/** One kind of record: how to make one, read its version and fields, and save it with a version. */
interface Kind {
  name: string;
  /** a fresh record's id */
  make: () => Promise<number>;
  /** the record as its edit form opens on it */
  read: (id: number) => Promise<{ updated_at: string } & Record<string, unknown>>;
  /** a save of the form with `text` as its edited text, sent with `version` (none: unchecked) */
  save: (id: number, text: string, version?: string) => Promise<{ statusCode: number; json: () => { message: string; data: { data?: Record<string, unknown> } } }>;
  /** the edited text as the record holds it */
  textOf: (record: Record<string, unknown>) => unknown;
}

describe.each(dialects)('no lost updates on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let owner: number;
  let spotForPosts: number;
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
  /** a record of a list, found by id (the list's row is what the edit dialogs open on) */
  const row = async (list: string, id: number) => {
    const found = (await get(`${list}${list.includes('?') ? '&' : '?'}ids=${id}`)).data[0];
    expect(found, `${list} row ${id}`).toBeDefined();
    return found;
  };
  const created = async (url: string, payload: object) => {
    const res = await post(url, payload);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    return Number(body.id ?? body.data?.id ?? body.created?.[0]?.id);
  };
  /** every file under the uploads folder */
  const storedFiles = () => {
    const dir = path.join(t.dataDir, 'uploads');
    if (!fs.existsSync(dir)) return [];
    return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
  };
  let n = 0;
  const unique = (prefix: string) => `${prefix} ${++n} ${Date.now()}`;

  const named = (base: string, lower = false): Kind => ({
    name: base,
    make: () => created(`/api/${base}/create`, { name: unique(lower ? 'kapalı çarşı' : 'Kapalı Çarşı'), status: 'Active' }),
    read: (id) => row(`/api/${base}`, id),
    save: (id, text, version) => post(`/api/${base}/update`, { id, name: lower ? text.toLowerCase() : text, status: 'Active', ...(version ? { updated_at: version } : {}) }),
    textOf: (r) => String(r.name).toLowerCase(),
  });
  const page = (base: string, list: string, creates: boolean): Kind => ({
    name: base,
    make: async () => {
      if (creates) return created(`/api/${base}`, { title: unique('صفحة'), description: '<p>نص</p>', status: 'Active' });
      // the templates are seeded: the first one
      return Number((await get(list)).data[0].id);
    },
    read: (id) => row(list, id),
    save: (id, text, version) =>
      post(`/api/${base}`, { id, title: text, description: `<p>${text}</p>`, ...(creates ? { status: 'Active' } : {}), ...(version ? { updated_at: version } : {}) }),
    textOf: (r) => r.title,
  });
  const kinds: Kind[] = [
    {
      name: 'user',
      make: async () => createUser(t, { email: `${unique('u').replace(/\W/g, '')}@example.com`, password: 'Str0ng@Pass', user_type: 'User', name: 'Ayşe Yılmaz' }),
      read: async (id) => (await get(`/api/user/login/${id}`)).data,
      save: (id, text, version) => post('/api/user/update-user', { id, name: text, status: 'Active', ...(version ? { updated_at: version } : {}) }),
      textOf: (r) => r.name,
    },
    {
      name: 'spot',
      make: async () => created('/api/spot', { name: unique('Galata Kulesi'), status: 'Active', latitude: 41.0256 + n / 1000, longitude: 28.9741, address: 'Beyoğlu' }),
      read: (id) => row('/api/spot', id),
      save: async (id, text, version) => {
        const before = await row('/api/spot', id);
        return post('/api/spot', { id, name: text, status: 'Active', latitude: before.latitude, longitude: before.longitude, address: before.address, ...(version ? { updated_at: version } : {}) });
      },
      textOf: (r) => r.name,
    },
    {
      name: 'post',
      make: () => created('/api/post/createUpdateAdminPost', { user_id: owner, title: unique('Boğaz turu'), itinerary_date: '2026-06-01 10:00:00', type: 'post', spotData: [{ id: spotForPosts }] }),
      read: async (id) => (await get(`/api/post/${id}`)).data,
      save: (id, text, version) =>
        post('/api/post/createUpdateAdminPost', { id, user_id: owner, title: text, itinerary_date: '2026-06-01 10:00:00', type: 'post', spotData: [{ id: spotForPosts }], ...(version ? { updated_at: version } : {}) }),
      textOf: (r) => r.title,
    },
    named('category'),
    named('tag', true),
    page('page', '/api/page', true),
    page('email-template', '/api/email-template', false),
  ];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    owner = await createUser(t, { email: 'owner@example.com', password: 'Str0ng@Pass', user_type: 'User', name: 'Deniz Traveller' });
    spotForPosts = await created('/api/spot', { name: 'Kız Kulesi', status: 'Active', latitude: 41.021, longitude: 29.004, address: 'Üsküdar' });
  });
  afterAll(async () => t.close());

  it.each(['user', 'spot', 'post', 'category', 'tag', 'page', 'email-template'])('%s: the second of two saves from the same version is refused and writes nothing', async (name) => {
    const kind = kinds.find((k) => k.name === name)!;
    const id = await kind.make();
    const opened = await kind.read(id);
    expect(opened.updated_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);

    // the first colleague saves: the answer carries the new version
    const first = await kind.save(id, 'first colleague', opened.updated_at);
    expect(first.statusCode, JSON.stringify(first.json())).toBe(200);
    const saved = await kind.read(id);
    expect(kind.textOf(saved)).toBe('first colleague');
    expect(saved.updated_at).not.toBe(opened.updated_at);
    const answered = first.json().data.data?.updated_at;
    if (answered !== undefined) expect(answered).toBe(saved.updated_at);

    // the second, still on the version both opened: refused with the message, nothing written
    const second = await kind.save(id, 'second colleague', opened.updated_at);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(CHANGED);
    const after = await kind.read(id);
    expect(kind.textOf(after)).toBe('first colleague');
    expect(after.updated_at).toBe(saved.updated_at);

    // reloaded, the second saves on the new version; a save without a version is not checked
    const reloaded = await kind.save(id, 'second reloaded', saved.updated_at);
    expect(reloaded.statusCode, JSON.stringify(reloaded.json())).toBe(200);
    expect(kind.textOf(await kind.read(id))).toBe('second reloaded');
    expect((await kind.save(id, 'unchecked', undefined)).statusCode).toBe(200);
    expect(kind.textOf(await kind.read(id))).toBe('unchecked');
  });

  /** the entries of a record's History */
  const historyOf = async (kind: string, id: number, entity = ({ page: 'contentmanagement', 'email-template': 'emailtemplate' } as Record<string, string>)[kind] ?? kind) => (await get(`/api/audit/${entity}/${id}?limit=100`)).data.length as number;

  it.each(['user', 'spot', 'post', 'category', 'tag', 'page', 'email-template'])('%s: a save that changes nothing writes nothing, and a colleague then saves', async (name) => {
    const kind = kinds.find((k) => k.name === name)!;
    const id = await kind.make();
    // a real save first, so that the record holds exactly what the form sends
    const text = `kept as it is ${name}`;
    expect((await kind.save(id, text, (await kind.read(id)).updated_at)).statusCode).toBe(200);
    const opened = await kind.read(id);
    const entries = await historyOf(name, id);

    // A presses Save on the unchanged form: answered as saved, but no version, no History entry
    const unchanged = await kind.save(id, text, opened.updated_at);
    expect(unchanged.statusCode, JSON.stringify(unchanged.json())).toBe(200);
    const answered = unchanged.json().data.data?.updated_at;
    if (answered !== undefined) expect(answered).toBe(opened.updated_at);
    expect((await kind.read(id)).updated_at).toBe(opened.updated_at);
    expect(await historyOf(name, id)).toBe(entries);

    // B, who opened the same version, makes a real edit: it is not refused
    const real = await kind.save(id, 'colleague edit', opened.updated_at);
    expect(real.statusCode, JSON.stringify(real.json())).toBe(200);
    expect(kind.textOf(await kind.read(id))).toBe('colleague edit');
    expect(await historyOf(name, id)).toBe(entries + 1);
  });

  it('two saves racing on the same version: exactly one wins', async () => {
    for (const kind of kinds.filter((k) => ['category', 'spot', 'post', 'user'].includes(k.name))) {
      const id = await kind.make();
      const { updated_at } = await kind.read(id);
      const answers = await Promise.all(['racer a', 'racer b', 'racer c'].map((text) => kind.save(id, text, updated_at)));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses, kind.name).toEqual([200, 409, 409]);
      const winner = ['racer a', 'racer b', 'racer c'][answers.findIndex((a) => a.statusCode === 200)];
      expect(kind.textOf(await kind.read(id))).toBe(winner);
    }
  });

  it('a version saved within the same millisecond still moves on', async () => {
    const kind = kinds.find((k) => k.name === 'category')!;
    const id = await kind.make();
    let { updated_at } = await kind.read(id);
    // back-to-back saves, each on the version the previous one answered
    for (let i = 0; i < 5; i++) {
      const res = await kind.save(id, `quick ${i}`, updated_at);
      expect(res.statusCode).toBe(200);
      const next = String(res.json().data.data?.updated_at);
      expect(next > updated_at).toBe(true);
      // the version just replaced no longer saves
      expect((await kind.save(id, 'late', updated_at)).statusCode).toBe(409);
      updated_at = next;
    }
  });

  it('a malformed version is a 400, a missing record still a 404', async () => {
    const kind = kinds.find((k) => k.name === 'category')!;
    const id = await kind.make();
    for (const bad of ['yesterday', '2026-13-45T99:99:99.000Z', "1' OR '1'='1", 'x'.repeat(5000)]) {
      const res = await post('/api/category/update', { id, name: 'Malformed', status: 'Active', updated_at: bad });
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(kind.textOf(await kind.read(id))).not.toBe('malformed');
    const gone = await post('/api/category/update', { id: 999_999, name: 'Nobody', status: 'Active', updated_at: '2026-01-01T00:00:00.000Z' });
    expect(gone.statusCode).toBe(404);
    const user = await post('/api/user/update-user', { id: 999_999, name: 'Nobody', status: 'Active', updated_at: '2026-01-01T00:00:00.000Z' });
    expect(user.statusCode).toBe(404);
  });

  it('a refused user save keeps no picture it brought', async () => {
    const id = await createUser(t, { email: 'pictured@example.com', password: 'Str0ng@Pass', user_type: 'User', name: 'Pictured' });
    const { updated_at } = (await get(`/api/user/login/${id}`)).data;
    expect((await post('/api/user/update-user', { id, name: 'First', status: 'Active', updated_at })).statusCode).toBe(200);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } }).png().toBuffer();
    const form = await multipart({ id: String(id), name: 'Second', status: 'Active', updated_at, profile_pic: { filename: 'me.png', type: 'image/png', bytes: png } });
    const before = storedFiles();
    const res = await t.app.inject({ method: 'POST', url: '/api/user/update-user', headers: { ...bearer(admin), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(409);
    const detail = (await get(`/api/user/login/${id}`)).data;
    expect(detail.name).toBe('First');
    expect(detail.profile_pic ?? null).toBeNull();
    expect(storedFiles()).toEqual(before);
  });
});
