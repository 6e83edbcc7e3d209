// The Users, Sub-Admins and Spots lists sort names as a Turkish reader expects (m8): Ç after every C
// word, Ö after O, Ş after S, the dotted and dotless i as one letter, Arabic names after the Latin ones in
// their own alphabet's order, both ways, for every sortable column that holds such names. The sort keys
// behind it (db/sortKey.ts) are the database's own: no answer, History entry or export shows them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, multipart, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
/** The names in the order a Turkish reader expects them. */
const SORTED = ['Cami', 'Çay bahçesi', 'çınar', 'Dağ', 'Ilgaz', 'ırmak', 'İzmir', 'Otel', 'Ödemiş', 'Sahil', 'Şabanözü', 'Zoos', 'أحمد', 'بلال', 'يوسف'];
/** The same names shuffled, as they are added. */
const ADDED = ['Şabanözü', 'İzmir', 'Zoos', 'يوسف', 'Ödemiş', 'Cami', 'ırmak', 'Çay bahçesi', 'بلال', 'Sahil', 'Dağ', 'أحمد', 'Otel', 'Ilgaz', 'çınar'];

describe.each(dialects)('names in the Turkish alphabet on the users, sub-admins and spots lists on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const answers: string[] = [];

  const call = async (url: string, init: { method?: 'GET' | 'POST' | 'DELETE'; body?: object; form?: Awaited<ReturnType<typeof multipart>> } = {}) => {
    const { method = 'GET', body, form } = init;
    const headers = { ...bearer(admin), ...(form ? form.headers : body ? { 'content-type': 'application/json' } : {}) };
    const res = await t.app.inject({ method, url, headers, payload: form ? form.payload : body ? JSON.stringify(body) : undefined });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    answers.push(res.body);
    return res;
  };
  const order = (name: string, direction: string) => encodeURIComponent(JSON.stringify({ name, direction, type: 'default' }));
  /** The column `field` of the list `url` sorted by `sort`, our names only. */
  const sorted = async (url: string, sort: string, direction: string, field: string) =>
    ((await call(`${url}&limit=100&order=${order(sort, direction)}`)).json().data.data as Record<string, string>[])
      .map((row) => row[field])
      .filter((name) => SORTED.includes(name));
  const bothWays = async (url: string, sort: string, field: string) => {
    expect(await sorted(url, sort, 'ASC', field), `${url} by ${sort}`).toEqual(SORTED);
    expect(await sorted(url, sort, 'DESC', field), `${url} by ${sort} descending`).toEqual([...SORTED].reverse());
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { listCacheMs: 0 });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    for (const [i, name] of ADDED.entries()) {
      // half through the API's Add User / Add Sub Admin, half as other paths write them
      const sub = { name, email: `sub${i}@example.com`, phone: '5551234567', user_type: 'Sub-Admin', status: 'Active' };
      const user = { name, email: `user${i}@example.com`, phone: '5551234567', user_type: 'User', status: 'Active', password: PASSWORD };
      if (i % 2) {
        await call('/api/user', { method: 'POST', body: user });
        await call('/api/user', { method: 'POST', body: sub });
      } else {
        await createUser(t, { ...user, password: PASSWORD });
        await createUser(t, { ...sub, password: PASSWORD });
      }
    }
    // each user's location is another of the names, changed after the account was made
    const users = await t.ctx.db.selectFrom('users').select(['id', 'name']).where('user_type', '=', 'User').where('email', 'like', 'user%').execute();
    for (const u of users) await t.ctx.db.updateTable('users').set({ location: ADDED[(ADDED.indexOf(u.name) + 1) % ADDED.length] }).where('id', '=', u.id).execute();
    // spots: named, in a country and by an author of the names (the author's name is copied onto the spot)
    for (const [i, name] of ADDED.entries()) {
      const spot = { name, status: 'Active', latitude: 36 + i, longitude: 27 + i, city: 'Muğla', country: ADDED[(i + 2) % ADDED.length] };
      const id = (await call('/api/spot', { method: 'POST', body: spot })).json().data.id as number;
      await t.ctx.db.updateTable('spots').set({ user_id: users.find((u) => u.name === ADDED[(i + 3) % ADDED.length])!.id }).where('id', '=', id).execute();
    }
  });
  afterAll(async () => t.close());

  it('sorts the Users list by name and by location', async () => {
    for (const sort of ['name', 'username']) await bothWays('/api/user?user_type=User&page=1', sort, 'name');
    await bothWays('/api/user?user_type=User&page=1', 'location', 'location');
  });

  it('sorts the Sub-Admins list by name', async () => {
    await bothWays('/api/user?user_type=Sub-Admin&page=0', 'name', 'name');
  });

  it('sorts the Spots list by name, country and creator', async () => {
    await bothWays('/api/spot?typeUser=admin&page=0', 'name', 'name');
    await bothWays('/api/spot?typeUser=admin&page=0', 'country', 'country');
    await bothWays('/api/spot?typeUser=admin&page=0', 'created_by', 'created_by');
  });

  it('follows a rename: the sort key is the database’s own, kept on every write', async () => {
    const zoos = await t.ctx.db.selectFrom('users').select('id').where('email', '=', `user${ADDED.indexOf('Zoos')}@example.com`).executeTakeFirstOrThrow();
    const renamed = await multipart({ id: String(zoos.id), name: 'Çaykur', status: 'Active' });
    await call('/api/user/update-user', { method: 'POST', form: renamed });
    const names = ((await call(`/api/user?user_type=User&page=1&limit=100&order=${order('name', 'ASC')}`)).json().data.data as { name: string }[]).map((u) => u.name);
    expect(names.slice(names.indexOf('Çay bahçesi'), names.indexOf('çınar') + 1)).toEqual(['Çay bahçesi', 'Çaykur', 'çınar']);
    // the renamed author's spots sort under the new name
    const spots = ((await call(`/api/spot?typeUser=admin&page=0&limit=100&order=${order('created_by', 'ASC')}`)).json().data.data as { created_by: string }[]).map((s) => s.created_by);
    expect(spots.slice(spots.indexOf('Çay bahçesi'), spots.indexOf('çınar') + 1)).toEqual(['Çay bahçesi', 'Çaykur', 'çınar']);
    await call('/api/user/update-user', { method: 'POST', form: await multipart({ id: String(zoos.id), name: 'Zoos', status: 'Active' }) });
  });

  it('never shows a sort key in an answer, a History entry or an export', async () => {
    const user = await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'user1@example.com').executeTakeFirstOrThrow();
    const spot = await t.ctx.db.selectFrom('spots').select(['id', 'latitude', 'longitude']).where('name', '=', 'Ödemiş').executeTakeFirstOrThrow();
    // the record, its edits (a real one and an unchanged one), a reorder, a bulk change, a deletion
    await call(`/api/user/login/${user.id}`);
    await call('/api/user/update-user', { method: 'POST', form: await multipart({ id: String(user.id), name: 'Ömer Şen', status: 'Active' }) });
    await call('/api/user/update-user', { method: 'POST', form: await multipart({ id: String(user.id), name: 'Ömer Şen', status: 'Active' }) });
    await call('/api/user/sequence/change', { method: 'POST', body: { id: user.id, sequence: 3 } });
    await call('/api/user/bulk-action', { method: 'POST', body: { user_ids: [user.id], action: 'inactive' } });
    const place = { status: 'Active', latitude: spot.latitude, longitude: spot.longitude, city: 'Muğla', country: 'Türkiye' };
    await call('/api/spot', { method: 'POST', body: { id: spot.id, name: 'Ödemiş Çarşı', ...place } });
    await call('/api/spot', { method: 'POST', body: { id: spot.id, name: 'Ödemiş Çarşı', ...place } });
    const gone = (await call('/api/spot', { method: 'POST', body: { name: 'Şirince', status: 'Active', latitude: 37.94, longitude: 27.43 } })).json().data.id as number;
    await call(`/api/spot/delete/${gone}`, { method: 'DELETE' });
    await call('/api/user/bulk-action', { method: 'POST', body: { user_ids: [user.id], action: 'delete' } });
    // the lists, their exports and the History of each record
    for (const list of ['/api/user?user_type=User&page=1', '/api/user?user_type=Sub-Admin&page=0', '/api/spot?typeUser=admin&page=0']) {
      await call(`${list}&limit=100&order=${order('name', 'ASC')}`);
      await call(`${list}&format=csv&order=${order('name', 'ASC')}`);
    }
    for (const [entity, id] of [['user', user.id], ['spot', spot.id], ['spot', gone]] as const) await call(`/api/audit/${entity}/${id}`);
    await call('/api/audit?limit=100');
    await call('/api/audit?format=csv');

    expect(answers.length).toBeGreaterThan(40);
    for (const body of answers) expect(body).not.toMatch(/_sort\b|c~|s~/);
    const trail = await t.ctx.db.selectFrom('audit_log').select('detail').execute();
    expect(trail.length).toBeGreaterThan(40);
    for (const { detail } of trail) expect(detail ?? '').not.toMatch(/_sort\b|c~|s~/);
  });
});
