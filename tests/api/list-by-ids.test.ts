// The lists answer some records by id (react-admin's getMany: one call, not one per record) and the rows
// of one referenced record (getManyReference: a person's posts or spots), always within the list's own
// conditions and the caller's scope; a malformed id list or an unknown reference is a 400 naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

describe.each(dialects)('lists by ids and by reference on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const get = async (url: string, token = admin) => t.app.inject({ url, headers: bearer(token) });
  const ids = (res: { json: () => { data: { data: { id: number }[] } } }) => res.json().data.data.map((r) => r.id).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  it('answers exactly the records asked for, whatever page and search, and none of another list', async () => {
    const made: number[] = [];
    for (const name of ['İzmir', 'Şile', 'العلا', 'Kaş']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/category/create', headers: bearer(admin), payload: { name, status: 'Active' } });
      expect(res.statusCode).toBe(200);
      made.push(res.json().data.id);
    }
    const [a, b, c] = made;
    const res = await get(`/api/category?ids=${c},${a},999999,${a}&page=7&filter=nothing-like-this`);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([a, c]);
    expect(res.json().data.meta.total).toBe(2);
    // a User's id asked of the sub-admin list is not there
    const person = await createUser(t, { email: 'ids-user@example.com', password: PASSWORD, user_type: 'User' });
    expect(ids(await get(`/api/user?user_type=Sub-Admin&ids=${person}`))).toEqual([]);
    expect(ids(await get(`/api/user?user_type=User&ids=${person},${b}`))).toContain(person);
  });

  it("keeps a Sub-Admin's scope: ids outside it are not answered", async () => {
    const mine = await createUser(t, { email: 'ids-scoped@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['SubAdmin-list', 'Tags-list'] });
    const narrower = await createUser(t, { email: 'ids-narrow@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Tags-list'] });
    const wider = await createUser(t, { email: 'ids-wide@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Post-list'] });
    const token = (await loginAs(t, 'ids-scoped@example.com', PASSWORD)).token;
    const res = await get(`/api/user?user_type=Sub-Admin&ids=${mine},${narrower},${wider}`, token);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).not.toContain(wider);
    expect(ids(res)).toContain(narrower);
  });

  it('refuses a malformed id list with a 400 naming ids', async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    // Arabic-Indic digits are no ids either
    for (const bad of ['', 'x', '0', '-3', '1.5', '1,,x', '99999999999', '٣', many]) {
      const res = await get(`/api/category?ids=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().data.errors).toHaveProperty('ids');
    }
  });

  it("answers a person's posts and spots by reference, paged and counted, and refuses other references", async () => {
    const author = await createUser(t, { email: 'ids-author@example.com', password: PASSWORD, user_type: 'User' });
    const other = await createUser(t, { email: 'ids-other@example.com', password: PASSWORD, user_type: 'User' });
    const stamp = new Date().toISOString();
    const post = (user_id: number, title: string) =>
      t.ctx.db.insertInto('posts').values({ user_id, title, type: 'post', is_public: 1, is_planeed: '0', created_at: stamp, updated_at: stamp, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
    const spot = (user_id: number, name: string) =>
      t.ctx.db.insertInto('spots').values({ user_id, name, status: 'Active', address: null, country: null, state: null, city: null, post_code: null, latitude: null, longitude: null, image: null, thumbnail_url: null, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    const written = [await post(author, 'Kapadokya'), await post(author, 'Efes'), await post(author, 'Pamukkale')].map((r) => r.id);
    await post(other, 'Not theirs');
    const spots = [(await spot(author, 'Galata')).id];
    await spot(other, 'Not theirs either');

    const first = await get(`/api/post?type=post&reference=user_id&reference_id=${author}&page=0&limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.meta.total).toBe(3);
    expect(first.json().data.data).toHaveLength(2);
    const second = await get(`/api/post?type=post&reference=user_id&reference_id=${author}&page=1&limit=2`);
    expect([...ids(first), ...ids(second)].sort((a, b) => a - b)).toEqual(written.sort((a, b) => a - b));
    expect(ids(await get(`/api/spot?reference=user_id&reference_id=${author}`))).toEqual(spots);

    for (const url of [
      `/api/post?type=post&reference=title&reference_id=${author}`,
      `/api/post?type=post&reference=user_id&reference_id=abc`,
      `/api/post?type=post&reference=user_id`,
      `/api/post?type=post&reference=__proto__&reference_id=1`,
      `/api/category?reference=user_id&reference_id=${author}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data.errors).toHaveProperty('reference');
    }
  });
});
