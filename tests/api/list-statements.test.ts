// The statements of a list are kept compiled (http/list.ts, through db/keptStatements.ts): the second call of a list
// runs the statements the first one built, with only a page's ids and the limits that follow the total
// filled in. What must never happen: one person's scope in another's list, a row the kept statements
// miss, or a kept statement that differs from what the builders would make now. The suite's check mode
// (tests/support/api.ts) builds each kept statement again and compares; answers are not kept here, so
// every call reaches the statements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery } from '@server/http/list';
import { runListQuery } from '@server/db/list';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

describe.each(dialects)('kept list statements on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { listCacheMs: 0 });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    const author = await createUser(t, { email: 'kept-author@example.com', password: PASSWORD, user_type: 'User', name: 'Şükrü Çelik' });
    const rows = Array.from({ length: 60 }, (_, i) => ({
      type: i % 4 === 0 ? 'itinerary' : 'post',
      user_id: author,
      title: `${i % 3 ? 'Kadıköy' : 'Üsküdar'} walk ${i}`,
      description: `${i % 2 ? 'bazaar tea' : 'ferry view'} #${i}`,
      latitude: null,
      longitude: null,
      itinerary_date: null,
      is_planeed: '0',
      is_public: 1,
      sequence: i % 7,
      created_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      updated_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      deleted_at: null,
    }));
    await t.ctx.db.insertInto('posts').values(rows).execute();
  });
  afterAll(async () => t.close());

  const get = async (url: string, token = admin) => {
    const res = await t.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as { data: { id: number; name?: string; title?: string }[]; meta: { total: number } };
  };
  const order = (name: string, direction: string) => encodeURIComponent(JSON.stringify({ direction, name, type: 'default' }));

  it('answers every list the same from kept statements as from new ones, in every language’s search', async () => {
    const lists = [
      ['/api/user?user_type=User', 'name'],
      ['/api/user?user_type=Sub-Admin', 'email'],
      ['/api/post?type=post', 'title'],
      ['/api/post?type=itinerary', 'user'],
      ['/api/spot?', 'name'],
      ['/api/user/reports?type=post', 'reported_by'],
      ['/api/user/reports?type=comment', 'status'],
      ['/api/user/reports?type=user', 'created_by'],
      ['/api/category?', 'name'],
      ['/api/tag?', 'status'],
      ['/api/reportCategory?', 'name'],
      ['/api/email-template?', 'title'],
      ['/api/page?', 'slug'],
    ];
    for (const [path, sort] of lists) {
      for (const filter of ['', 'bazaar', 'uskudar', 'ŞÜKRÜ', 'القاهرة', 'zqxv-nothing']) {
        for (const [name, direction, page] of [['id', 'DESC', 0], [sort, 'ASC', 1]] as const) {
          const url = `${path}&limit=5&page=${page}&filter=${encodeURIComponent(filter)}&order=${order(name, direction)}`;
          const first = await get(url);
          // the second call runs the kept statements (and the check builds them again)
          expect(await get(url), url).toEqual(first);
        }
      }
    }
    // the post list did find its rows: the searches above were not all empty answers
    expect((await get(`/api/post?type=post&limit=5&page=0&filter=uskudar&order=${order('id', 'DESC')}`)).meta.total).toBeGreaterThan(5);
  });

  it('keeps no rows: a post added after the statements were kept is on the next page asked', async () => {
    const url = `/api/post?type=post&limit=5&page=0&filter=lighthouse%20keeper&order=${order('id', 'DESC')}`;
    expect((await get(url)).meta.total).toBe(0);
    const { id: author } = await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'kept-author@example.com').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('posts')
      .values({ type: 'post', user_id: author, title: 'The lighthouse keeper', description: null, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, sequence: 0, created_at: now, updated_at: now, deleted_at: null })
      .execute();
    const after = await get(url);
    expect(after.meta.total).toBe(1);
    expect(after.data.map((p) => p.title)).toEqual(['The lighthouse keeper']);
  });

  it('never runs one person’s scope for another: each Sub-Admin’s list of Sub-Admins is their own', async () => {
    // a Sub-Admin lists the Sub-Admins whose permissions it holds too; the Admin lists every one, and all
    // ask the same URL
    // (A and B hold as many permissions: their scopes are the same SQL with other values)
    await createUser(t, { email: 'scope-a@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['SubAdmin-list', 'Post-list'], name: 'Scope A' });
    await createUser(t, { email: 'scope-b@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['SubAdmin-list', 'User-list'], name: 'Scope B' });
    await createUser(t, { email: 'scope-c@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Post-list'], name: 'Scope C' });
    await createUser(t, { email: 'scope-d@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['User-list'], name: 'Scope D' });
    const url = `/api/user?user_type=Sub-Admin&limit=100&page=0&filter=scope&order=${order('id', 'ASC')}`;
    const names = async (token: string) => (await get(url, token)).data.map((u) => u.name);
    const tokenA = (await loginAs(t, 'scope-a@example.com', PASSWORD)).token;
    const tokenB = (await loginAs(t, 'scope-b@example.com', PASSWORD)).token;
    // twice each, in turns: the second round runs the kept statements
    for (let round = 0; round < 2; round++) {
      expect(await names(admin)).toEqual(['Scope A', 'Scope B', 'Scope C', 'Scope D']);
      expect(await names(tokenA)).toEqual(['Scope A', 'Scope C']);
      expect(await names(tokenB)).toEqual(['Scope B', 'Scope D']);
    }
    // and a page of the list without a search (the page's own statements)
    const plain = `/api/user?user_type=Sub-Admin&limit=100&page=0&order=${order('id', 'ASC')}`;
    for (let round = 0; round < 2; round++) {
      expect((await get(plain, tokenA)).data.map((u) => u.name)).toEqual(['Scope A', 'Scope C']);
      expect((await get(plain, tokenB)).data.map((u) => u.name)).toEqual(['Scope B', 'Scope D']);
    }
  });

  it('the check finds a builder that uses a value its list’s key does not hold', async () => {
    const req = parseListQuery({ page: '0', limit: '5' }, { sortable: { id: 'id' }, defaultOrder: { direction: 'DESC', name: 'id', type: 'default' }, pageBase: 0 });
    const listTags = (status: string) =>
      // the status is used by `select`, not by `base`: wrong for a named list, and the check says so
      runListQuery(t.ctx.db.selectFrom('tags'), (qb) => qb.select(['id', 'name']).where('status', '=', status), req, 'id', { db: t.ctx.db, name: 'tags with a hidden status' });
    await t.ctx.db.insertInto('tags').values([{ name: 'open tag', name_key: 'open tag', status: 'Active', created_at: '2025-01-01', updated_at: '2025-01-01' }, { name: 'closed tag', name_key: 'closed tag', status: 'Inactive', created_at: '2025-01-01', updated_at: '2025-01-01' }]).execute();
    expect((await listTags('Active')).rows).toEqual([expect.objectContaining({ name: 'open tag' })]);
    await expect(listTags('Inactive')).rejects.toThrow(/differs from a new one/);
  });
});
