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
