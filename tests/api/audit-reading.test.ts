// What the audit log reads (issue 32 m5, m6): its Action filter, its "hide sign-ins" toggle and a search for an
// action's label on screen (GET /api/audit?action=…, ?sign_ins=hidden, ?search_actions=…); a reorder's place
// before → after, and a create's entry naming what it made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
type Entry = { action: string; entity_id: string | null };

describe.each(dialects)('the audit log filters on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const call = (query: string) => t.app.inject({ url: `/api/audit?${query}`, headers: bearer(admin) });
  const actions = async (query: string) => {
    const res = await call(`limit=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.data as Entry[]).map((e) => e.action);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    await loginAs(t, ADMIN.email, ADMIN.password);
    const ids = [await createUser(t, { email: 'deniz@example.com', password: PASSWORD, user_type: 'User', name: 'Deniz' }), await createUser(t, { email: 'ece@example.com', password: PASSWORD, user_type: 'User', name: 'Ece' })];
    const res = await t.app.inject({ method: 'POST', url: '/api/user/bulk-action', headers: bearer(admin), payload: { user_ids: ids, action: 'delete' } });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/user/delete/999999`, headers: bearer(admin) });
  });
  afterAll(async () => t.close());

  it('filters by action, one or several', async () => {
    expect(new Set(await actions('action=bulk.delete'))).toEqual(new Set(['bulk.delete']));
    expect((await actions('action=bulk.delete')).length).toBe(2);
    expect(new Set(await actions('action=bulk.delete,login'))).toEqual(new Set(['bulk.delete', 'login']));
  });

  it('hides sign-ins, failed ones and sign-outs when asked, and shows them otherwise', async () => {
    expect(await actions('')).toContain('login');
    const hidden = await actions('sign_ins=hidden');
    expect(hidden.length).toBeGreaterThan(0);
    for (const action of ['login', 'login.failed', 'logout']) expect(hidden).not.toContain(action);
    expect(await actions('sign_ins=shown')).toContain('login');
  });

  it('finds the entries of the actions whose label on screen holds the search ("deleted" finds bulk deletes)', async () => {
    // the server alone knows 'bulk.delete' by its name: "deleted" is no part of it
    expect(await actions('filter=deleted')).not.toContain('bulk.delete');
    // the admin names the actions whose label ("Deleted (bulk)") holds the search
    expect(new Set(await actions('filter=deleted&search_actions=delete,bulk.delete'))).toEqual(new Set(['bulk.delete']));
  });

  it('refuses an unknown action with a 400, never a 500', async () => {
    for (const query of ['action=nope', 'action=login,', 'search_actions=drop', 'sign_ins=maybe']) {
      const res = await call(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    }
  });

  it('records a change of place as before → after, for users and posts (m5)', async () => {
    const user = await createUser(t, { email: 'sira@example.com', password: PASSWORD, user_type: 'User', name: 'Sıra' });
    const post = (await t.ctx.db.insertInto('posts').values({ type: 'post', user_id: user, title: 'Sıralı', description: null, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, sequence: 3, created_at: new Date().toISOString(), updated_at: new Date().toISOString(), deleted_at: null }).returning('id').executeTakeFirstOrThrow()).id;
    for (const [url, id, entity] of [['/api/user/sequence/change', user, 'user'], ['/api/post/sequence/change', post, 'post']] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { id, sequence: 7 } });
      expect(res.statusCode, res.body).toBe(200);
      const history = await t.app.inject({ url: `/api/audit/${entity}/${id}?limit=10`, headers: bearer(admin) });
      const entries = history.json().data.data as { action: string; changes: unknown[] }[];
      expect(entries.find((e) => e.action === 'sequence')?.changes).toEqual([{ field: 'sequence', before: entity === 'user' ? expect.any(Number) : 3, after: 7 }]);
    }
  });

  it('names what a create made: the new account\'s name and email, not only its kind (m5)', async () => {
    const form = new URLSearchParams({ name: 'Yeni Kişi', email: 'yeni@example.com', phone: '5551112233', password: PASSWORD, status: 'Active', user_type: 'User' });
    const res = await t.app.inject({ method: 'POST', url: '/api/user', headers: { ...bearer(admin), 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(res.statusCode, res.body).toBe(200);
    const id = (await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'yeni@example.com').executeTakeFirstOrThrow()).id;
    const history = (await t.app.inject({ url: `/api/audit/user/${id}`, headers: bearer(admin) })).json().data.data as { action: string; changes: { field: string; after: unknown }[] }[];
    const created = history.find((e) => e.action === 'create')!;
    expect(created.changes).toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Yeni Kişi' }, { field: 'email', before: null, after: 'yeni@example.com' }]));
    expect(JSON.stringify(created.changes)).not.toContain(PASSWORD);
  });
});
