import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

describe.each(dialects)('user list and detail on %s', (dialect) => {
  let t: TestApp;
  let plainId: number;
  let subId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    plainId = await createUser(t, { email: 'ayse@example.com', password: PASSWORD, user_type: 'User', name: 'Ayşe Yılmaz' });
    await createUser(t, { email: 'bob@example.com', password: PASSWORD, user_type: 'User', name: 'Bob Stone', status: 'Inactive' });
    subId = await createUser(t, { email: 'sub@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['User-list'] });
  });
  afterAll(async () => t.close());

  it('pages users one-based and sub-admins zero-based, newest first', async () => {
    const admin = await loginAs(t, ADMIN.email, ADMIN.password);
    const users = (await t.app.inject({ url: '/api/user?user_type=User&page=1&limit=1', headers: bearer(admin.token) })).json().data;
    expect(users.meta).toEqual({ total: 2, page: 1, limit: 1 });
    expect(users.data[0].email).toBe('bob@example.com');
    const second = (await t.app.inject({ url: '/api/user?user_type=User&page=2&limit=1', headers: bearer(admin.token) })).json().data;
    expect(second.data[0].email).toBe('ayse@example.com');
    const subs = (await t.app.inject({ url: '/api/user?user_type=Sub-Admin&page=0', headers: bearer(admin.token) })).json().data;
    expect(subs.data.map((u: { email: string }) => u.email)).toEqual(['sub@example.com']);
    expect(subs.data[0]).not.toHaveProperty('password_hash');
  });

  it('searches name, email, phone and status by substring, short terms too', async () => {
    const admin = await loginAs(t, ADMIN.email, ADMIN.password);
    const search = async (term: string) =>
      (await t.app.inject({ url: `/api/user?user_type=User&filter=${encodeURIComponent(term)}`, headers: bearer(admin.token) }))
        .json()
        .data.data.map((u: { email: string }) => u.email);
    expect(await search('yılmaz')).toEqual(['ayse@example.com']);
    expect(await search('inact')).toEqual(['bob@example.com']);
    expect(await search('bo')).toEqual(['bob@example.com']);
    expect(await search('%')).toEqual([]);
  });

  it('sorts by an allowed column in either direction', async () => {
    const admin = await loginAs(t, ADMIN.email, ADMIN.password);
    const order = encodeURIComponent(JSON.stringify({ direction: 'ASC', name: 'name', type: 'default' }));
    const res = await t.app.inject({ url: `/api/user?user_type=User&order=${order}`, headers: bearer(admin.token) });
    expect(res.json().data.data.map((u: { name: string }) => u.name)).toEqual(['Ayşe Yılmaz', 'Bob Stone']);
  });

  it('sorts by every sortable column, both ways, with the id breaking ties', async () => {
    const admin = await loginAs(t, ADMIN.email, ADMIN.password);
    const rows = await t.ctx.db.selectFrom('users').selectAll().where('user_type', '=', 'User').execute();
    const columns = ['id', 'name', 'email', 'phone', 'status', 'sequence', 'location', 'created_at'] as const;
    for (const name of columns) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const order = encodeURIComponent(JSON.stringify({ direction, name, type: 'default' }));
        const res = await t.app.inject({ url: `/api/user?user_type=User&order=${order}`, headers: bearer(admin.token) });
        expect(res.statusCode, name).toBe(200);
        const sign = direction === 'ASC' ? 1 : -1;
        const expected = [...rows]
          .sort((a, b) => {
            const x = a[name] ?? '';
            const y = b[name] ?? '';
            return (x < y ? -1 : x > y ? 1 : a.id - b.id) * sign;
          })
          .map((r) => r.id);
        expect(res.json().data.data.map((u: { id: number }) => u.id), `${name} ${direction}`).toEqual(expected);
      }
    }
  });

  it('answers one user to whoever may open its list, and tells strangers nothing', async () => {
    const sub = await loginAs(t, 'sub@example.com', PASSWORD);
    const one = await t.app.inject({ url: `/api/user/login/${plainId}`, headers: bearer(sub.token) });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.data).toMatchObject({ id: plainId, email: 'ayse@example.com' });
    expect((await t.app.inject({ url: `/api/user/login/${subId}`, headers: bearer(sub.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user/login/999999', headers: bearer(sub.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/user/login/${plainId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user/login/999999' })).statusCode).toBe(401);
  });
});

describe.each(dialects)('user list: status search and count columns on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const people = [
      ['ada@example.com', 'Ada Active', 'Active'],
      ['ben@example.com', 'Ben Brook', 'Active'],
      ['cem@example.com', 'Cem Cliff', 'Inactive'],
      // a name holding the word: found by its name whatever its status (no e-mail here holds it)
      ['dan@example.com', 'Dan Activeson', 'Inactive'],
      ['eda@example.com', 'Eda Ersoy', 'Pending'],
    ] as const;
    for (const [email, name, status] of people) ids[email] = await createUser(t, { email, password: PASSWORD, user_type: 'User', name, status });
    await createUser(t, { email: 'sub-a@example.com', password: PASSWORD, user_type: 'Sub-Admin', name: 'Sub Active', status: 'Active' });
    await createUser(t, { email: 'sub-r@example.com', password: PASSWORD, user_type: 'Sub-Admin', name: 'Sub Request', status: 'Request Pending' });
    // posts, itineraries and spots: different counts, and ties broken by the id
    const at = new Date().toISOString();
    const posts = (email: string, type: string, n: number, deleted = 0) =>
      Array.from({ length: n }, (_, i) => ({
        type,
        user_id: ids[email],
        title: `${type} ${email} ${i}`,
        description: null,
        latitude: null,
        longitude: null,
        itinerary_date: null,
        is_planeed: '1',
        is_public: 0,
        created_at: at,
        updated_at: at,
        deleted_at: i < deleted ? at : null,
      }));
    await t.ctx.db
      .insertInto('posts')
      .values([
        ...posts('ada@example.com', 'post', 3),
        ...posts('ben@example.com', 'post', 1),
        ...posts('cem@example.com', 'post', 3),
        // hidden posts are not counted
        ...posts('eda@example.com', 'post', 4, 4),
        ...posts('ben@example.com', 'itinerary', 2),
        ...posts('eda@example.com', 'itinerary', 1),
      ])
      .execute();
    const spots = (email: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ user_id: ids[email], name: `Spot ${email} ${i}`, status: 'Active', created_at: at, updated_at: at }));
    await t.ctx.db.insertInto('spots').values([...spots('cem@example.com', 2), ...spots('dan@example.com', 5)]).execute();
    token = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  const listOf = async (query: string) => {
    const res = await t.app.inject({ url: `/api/user?${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { data: { id: number; email: string; status: string; postCount: number; userSpotCount: number; itineraryCount: number }[]; meta: { total: number } };
  };
  const search = async (term: string, type = 'User') =>
    (await listOf(`user_type=${type}&limit=50&filter=${encodeURIComponent(term)}`)).data.map((u) => u.email).sort();

  it('a status term matches the status exactly, the other columns by substring', async () => {
    for (const term of ['Active', 'active', ' ACTIVE ']) {
      expect(await search(term), term).toEqual(['ada@example.com', 'ben@example.com', 'dan@example.com']);
    }
    expect(await search('Inactive')).toEqual(['cem@example.com', 'dan@example.com']);
    expect(await search('pending')).toEqual(['eda@example.com']);
    // 'Pending' is not 'Request Pending' among the sub-admins, and 'Request Pending' is exact too
    expect(await search('Pending', 'Sub-Admin')).toEqual([]);
    expect(await search('request pending', 'Sub-Admin')).toEqual(['sub-r@example.com']);
    expect(await search('active', 'Sub-Admin')).toEqual(['sub-a@example.com']);
    // the total counts the same rows
    expect((await listOf('user_type=User&limit=1&filter=Active')).meta.total).toBe(3);
    // a term that is no status value keeps the substring search of every column, status included
    expect(await search('activ')).toEqual(['ada@example.com', 'ben@example.com', 'cem@example.com', 'dan@example.com']);
    expect(await search('inact')).toEqual(['cem@example.com', 'dan@example.com']);
    expect(await search('cliff')).toEqual(['cem@example.com']);
  });

  it('sorts by the Posts, Spots and Itineraries counts both ways, the id breaking ties, across pages', async () => {
    const rows = (await listOf('user_type=User&limit=50')).data;
    for (const name of ['postCount', 'userSpotCount', 'itineraryCount'] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const sign = direction === 'ASC' ? 1 : -1;
        const expected = [...rows].sort((a, b) => (a[name] - b[name] || a.id - b.id) * sign).map((r) => r.id);
        const order = encodeURIComponent(JSON.stringify({ direction, name, type: 'default' }));
        const pages: number[] = [];
        for (const page of [1, 2, 3]) pages.push(...(await listOf(`user_type=User&page=${page}&limit=2&order=${order}`)).data.map((u) => u.id));
        expect(pages, `${name} ${direction}`).toEqual(expected);
      }
    }
    const order = (name: string) => encodeURIComponent(JSON.stringify({ direction: 'DESC', name, type: 'default' }));
    expect((await listOf(`user_type=User&limit=1&order=${order('postCount')}`)).data[0]).toMatchObject({ email: 'cem@example.com', postCount: 3 });
    expect((await listOf(`user_type=User&limit=1&order=${order('userSpotCount')}`)).data[0]).toMatchObject({ email: 'dan@example.com', userSpotCount: 5 });
    expect((await listOf(`user_type=User&limit=1&order=${order('itineraryCount')}`)).data[0]).toMatchObject({ email: 'ben@example.com', itineraryCount: 2 });
    // a search and a count sort together
    const both = await listOf(`user_type=User&filter=active&order=${order('postCount')}`);
    expect(both.data.map((u) => u.email)).toEqual(['ada@example.com', 'ben@example.com', 'dan@example.com']);
  });
});
