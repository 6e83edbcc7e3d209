// An audit trail nobody can erase (issue 31): who acted outlives the account, a change and its entry commit
// together or not at all, an entry is judged by its own kind, the exported changes cannot be forged, failed
// sign-ins, refused calls and each record of a bulk action are entries with where the call came from, the AI
// save never overwrites, the trail is a hash chain that `npm run audit:verify` checks, and old entries are
// pruned in batches without breaking it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEntriesRefused } from '../support/refusedEntries';
import { verifyChain } from '@server/modules/audit/chain';
import { pruneTrail } from '@server/modules/audit/retention';
import { writeAudit } from '@server/modules/audit/trail';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';
import { parseCsv } from '../support/csv';

const PASSWORD = 'Str0ng@Pass';
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36';

interface Entry {
  id: number;
  actor: { id: number; name: string; email: string; role: string; deleted: boolean; path: string | null } | null;
  action: string;
  entity: string;
  entity_id: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
  ip?: string | null;
  user_agent?: string | null;
}

describe.each(dialects)('an accountable audit trail on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;

  const get = (url: string, token = admin) => t.app.inject({ url, headers: { ...bearer(token), 'user-agent': AGENT } });
  const post = (url: string, body: object, token = admin) =>
    t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/json', 'user-agent': AGENT }, payload: JSON.stringify(body) });
  const remove = (url: string, token = admin) => t.app.inject({ method: 'DELETE', url, headers: { ...bearer(token), 'user-agent': AGENT } });
  const entries = async (query: string, token = admin) => {
    const res = await get(`/api/audit?${query}&limit=100`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.data as Entry[];
  };
  const history = async (entity: string, id: number, token = admin) => get(`/api/audit/${entity}/${id}?limit=100`, token);

  beforeAll(async () => {
    t = await startTestApp(dialect, { listCacheMs: 0 });
    const session = await loginAs(t, ADMIN.email, ADMIN.password);
    admin = session.token;
    adminId = session.user.id;
  });
  afterAll(async () => t?.close());

  /** A spot of the Admin's, for the posts' spot rows. */
  const newSpot = async (name: string) => {
    const res = await post('/api/spot', { name, status: 'Active', latitude: 38.6431, longitude: 34.8289, city: 'Nevşehir', country: 'Turkey' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };

  it('keeps who acted on their entries after their account is deleted, and offers them in the person filter', async () => {
    const id = await createUser(t, { email: 'leaving@example.com', password: PASSWORD, user_type: 'Sub-Admin', name: 'Gülşen Yıldız', permissions: ['Categories-list'] });
    const token = (await loginAs(t, 'leaving@example.com', PASSWORD)).token;
    expect((await post('/api/category/create', { name: ['Kapalı çarşılar'], status: ['Active'] }, token)).statusCode).toBe(200);
    expect((await remove(`/api/user/delete/${id}`)).statusCode).toBe(200);

    const theirs = await entries(`actor=${id}`);
    expect(theirs.map((e) => e.action).sort()).toEqual(['create', 'login']);
    for (const e of theirs) expect(e.actor).toEqual({ id, name: 'Gülşen Yıldız', email: 'leaving@example.com', role: 'Sub-Admin', deleted: true, path: null });
    // found by the name they had, folded as the search folds
    expect((await entries('filter=gulsen')).map((e) => e.actor?.id)).toEqual(expect.arrayContaining([id]));
    const people = (await get('/api/audit/people?filter=gulsen')).json().data.data;
    expect(people).toEqual([{ id, name: 'Gülşen Yıldız', email: 'leaving@example.com', user_type: 'Sub-Admin', deleted: true }]);
    expect((await get(`/api/audit/people?id=${id}`)).json().data.data).toHaveLength(1);
    // the deletion names who was deleted
    const [deletion] = await entries(`entity=user&entity_id=${id}`);
    expect(deletion).toMatchObject({ action: 'delete', actor: { id: adminId, role: 'Admin', deleted: false } });
  });

  it('refuses a Sub-Admin deleting its own account, and writes a change and its entry together or not at all', async () => {
    const id = await createUser(t, { email: 'self@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['SubAdmin-list'] });
    const token = (await loginAs(t, 'self@example.com', PASSWORD)).token;
    const res = await remove(`/api/user/delete/${id}`, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, message: 'You cannot delete your own account.' });
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();

    // the trail refuses this kind's entries (as a full disk or a broken table would): the change is not kept
    const category = (await post('/api/category/create', { name: ['Waterfalls'], status: ['Active'] })).json().data.id as number;
    await withEntriesRefused(t, dialect, 'category', async () => {
      const failed = await post('/api/category/update', { id: category, name: 'Cascades', status: 'Inactive' });
      expect(failed.statusCode).toBe(500);
      expect(await t.ctx.db.selectFrom('categories').select(['name', 'status']).where('id', '=', category).executeTakeFirst()).toEqual({ name: 'Waterfalls', status: 'Active' });
      expect((await remove(`/api/category/delete/${category}`)).statusCode).toBe(500);
      expect(await t.ctx.db.selectFrom('categories').select('id').where('id', '=', category).executeTakeFirst()).toBeDefined();
    });
    expect((await post('/api/category/update', { id: category, name: 'Cascades', status: 'Inactive' })).statusCode).toBe(200);
  });

  it("judges a deleted itinerary's history by each entry's own kind", async () => {
    const owner = await createUser(t, { email: 'traveller@example.com', password: PASSWORD, user_type: 'User' });
    const made = await post('/api/post/createUpdateAdminPost', {
      user_id: owner,
      title: 'Kapadokya gezisi',
      itinerary_date: '2026-06-01 10:00:00',
      type: 'itinerary',
      spotData: [{ id: await newSpot('Göreme') }],
    });
    expect(made.statusCode, made.body).toBe(200);
    const itinerary = made.json().data.id as number;
    await createUser(t, { email: 'posts-only@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Post-list'] });
    const postsOnly = (await loginAs(t, 'posts-only@example.com', PASSWORD)).token;
    expect((await history('post', itinerary, postsOnly)).statusCode).toBe(403);
    // its owner deleted: the itinerary goes with them (cascade), its entries stay the itinerary's
    expect((await remove(`/api/user/delete/${owner}`)).statusCode).toBe(200);
    for (const kind of ['post', 'itinerary']) {
      const res = await history(kind, itinerary, postsOnly);
      if (res.statusCode === 200) expect(res.json().data.data, kind).toEqual([]);
      else expect(res.statusCode, kind).toBe(403);
    }
    expect((await history('itinerary', itinerary)).json().data.data.map((e: Entry) => e.action)).toContain('create');
  });

  it('exports the changes as JSON that a crafted title cannot extend', async () => {
    const category = (await post('/api/category/create', { name: ['Plain name'], status: ['Active'] })).json().data.id as number;
    const crafted = 'Trip; password: → (changed); user_type: User → Admin';
    expect((await post('/api/category/update', { id: category, name: crafted, status: 'Active' })).statusCode).toBe(200);
    const csv = await get(`/api/audit?format=csv&entity=category&entity_id=${category}`);
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    const header = rows[0];
    const update = rows.slice(1).find((r) => r[header.indexOf('action')] === 'update')!;
    const stored = (await t.ctx.db.selectFrom('categories').select('name').where('id', '=', category).executeTakeFirstOrThrow()).name;
    expect(stored).toMatch(/^Trip; password: → \(changed\); user_type: /i);
    // one change, the name, whatever the name holds
    expect(JSON.parse(update[header.indexOf('changes')])).toEqual([{ field: 'name', before: 'Plain name', after: stored }]);
    expect(update[header.indexOf('user_agent')]).toBe(AGENT);
  });

  it('records failed sign-ins, refused calls and each record of a bulk action, with the address and user agent', async () => {
    const id = await createUser(t, { email: 'target@example.com', password: PASSWORD, user_type: 'User', name: 'Hedef Kişi' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': AGENT }, payload: { email: 'target@example.com', password: 'Wrong@1234', is_web: '1' } });
    expect(wrong.statusCode).toBe(401);
    const [failed] = await entries(`entity=user&entity_id=${id}`);
    expect(failed).toMatchObject({ action: 'login.failed', actor: null, ip: '127.0.0.1', user_agent: AGENT, changes: [{ field: 'reason', after: 'wrong password' }] });

    await createUser(t, { email: 'tags-only@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Tags-list'] });
    const tagsOnly = await loginAs(t, 'tags-only@example.com', PASSWORD);
    expect((await get('/api/user?page=1&limit=10', tagsOnly.token)).statusCode).toBe(403);
    const refused = (await entries(`actor=${tagsOnly.user.id}`)).find((e) => e.action === 'refused');
    expect(refused).toMatchObject({ entity: 'user', entity_id: String(tagsOnly.user.id), ip: '127.0.0.1', user_agent: AGENT });
    expect(refused!.changes).toEqual(expect.arrayContaining([{ field: 'status', before: null, after: 403 }, { field: 'route', before: null, after: '/api/user' }]));
    // a forged token: no person, the route, never the token
    expect((await get('/api/category?page=0&limit=10', 'forged.token.value')).statusCode).toBe(401);
    const anonymous = (await entries('filter=refused')).find((e) => e.actor === null);
    expect(anonymous?.changes).toEqual(expect.arrayContaining([{ field: 'status', before: null, after: 401 }]));
    expect(JSON.stringify(anonymous)).not.toContain('forged');

    const other = await createUser(t, { email: 'second@example.com', password: PASSWORD, user_type: 'User' });
    const bulk = await post('/api/user/bulk-action', { user_ids: [id, other], action: 'inactive' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    for (const user of [id, other]) {
      const [entry] = (await history('user', user)).json().data.data as Entry[];
      expect(entry).toMatchObject({ action: 'bulk.inactive', changes: [{ field: 'status', before: 'Active', after: 'Inactive' }] });
    }
    // where the call came from is the Admins' to read
    await createUser(t, { email: 'users-only@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['User-list'] });
    const usersOnly = (await loginAs(t, 'users-only@example.com', PASSWORD)).token;
    const seen = (await history('user', id, usersOnly)).json().data.data as Entry[];
    expect(seen.length).toBeGreaterThan(0);
    for (const e of seen) expect(e).not.toHaveProperty('ip');
  });

  it('makes a new itinerary from the AI save, whatever id it is sent with', async () => {
    const owner = await createUser(t, { email: 'author@example.com', password: PASSWORD, user_type: 'User' });
    const theirs = (
      await post('/api/post/createUpdateAdminPost', {
        user_id: owner,
        title: 'Their own trip',
        itinerary_date: '2026-06-01 10:00:00',
        type: 'post',
        spotData: [{ id: await newSpot('Ürgüp') }],
      })
    ).json().data.id as number;
    const saved = await post('/api/post', { id: theirs, title: 'AI plan', category_id: [], spot_name: ['Avanos'], spot_id: [await newSpot('Avanos')] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.id).not.toBe(theirs);
    const post0 = await t.ctx.db.selectFrom('posts').select(['title', 'user_id', 'type']).where('id', '=', theirs).executeTakeFirstOrThrow();
    expect(post0).toEqual({ title: 'Their own trip', user_id: owner, type: 'post' });
    expect((await history('post', theirs)).json().data.data.map((e: Entry) => e.action)).toEqual(['create']);
  });

  it('chains every entry: npm run audit:verify finds an entry edited or removed behind the server', async () => {
    const verify = async () => {
      const env = { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : '' };
      try {
        const { stdout } = await promisify(execFile)('node', ['--import', 'tsx', path.resolve('scripts/audit-verify.ts')], { env });
        return { code: 0, stdout };
      } catch (err) {
        const e = err as { code: number; stdout: string };
        return { code: e.code, stdout: e.stdout };
      }
    };
    const clean = await verify();
    expect(clean.stdout).toContain('The chain holds');
    expect(clean.code).toBe(0);

    const [victim, next] = await t.ctx.db.selectFrom('audit_log').select(['id', 'detail']).where('action', '=', 'create').orderBy('id').limit(2).execute();
    await t.ctx.db.updateTable('audit_log').set({ detail: '{"name":"something else"}' }).where('id', '=', victim.id).execute();
    const edited = await verify();
    expect(edited.code).toBe(1);
    expect(edited.stdout).toContain(`BROKEN at entry #${victim.id}`);
    await t.ctx.db.updateTable('audit_log').set({ detail: victim.detail }).where('id', '=', victim.id).execute();
    expect((await verify()).code).toBe(0);

    const [removed] = await t.ctx.db.selectFrom('audit_log').selectAll().where('id', '=', next.id).execute();
    await t.ctx.db.deleteFrom('audit_log').where('id', '=', next.id).execute();
    const gap = await verify();
    expect(gap.code).toBe(1);
    expect(gap.stdout).toMatch(/BROKEN at entry #\d+: altered or an entry before it removed/);
    await t.ctx.db.insertInto('audit_log').values(removed).execute();
    expect((await verify()).code).toBe(0);
  });

  it('prunes entries past the retention in batches, and the chain still holds after', async () => {
    const total = async () => Number((await t.ctx.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await total();
    // the oldest entries made two years old
    const oldest = await t.ctx.db.selectFrom('audit_log').select('id').orderBy('id').limit(7).execute();
    const oldIds = oldest.map((e) => e.id);
    // behind the chain's back (created_at is hashed): the chain then breaks at those entries, and pruning them mends it
    await t.ctx.db.updateTable('audit_log').set({ created_at: '2024-01-01T00:00:00.000Z' }).where('id', 'in', oldIds).execute();
    expect(await pruneTrail(t.ctx, 365, 3)).toBe(7);
    expect(await total()).toBe(before - 7);
    const report = await verifyChain(t.ctx.db);
    expect(report.breaks).toEqual([]);
    // the kept totals follow the removals
    const listed = (await get('/api/audit?limit=1')).json().data.meta.total;
    expect(listed).toBe(before - 7);
    // new entries chain on after
    expect((await post('/api/category/create', { name: ['After pruning'], status: ['Active'] })).statusCode).toBe(200);
    expect((await verifyChain(t.ctx.db)).breaks).toEqual([]);
  });

  it('answers other calls between the batches of a pruning', async () => {
    // twenty entries past the retention, pruned one per batch
    await writeAudit(t.ctx, Array.from({ length: 20 }, (_, i) => ({ actorId: adminId, action: 'update', entity: 'tag', entityId: i + 1 })));
    const oldest = await t.ctx.db.selectFrom('audit_log').select('id').orderBy('id').limit(20).execute();
    await t.ctx.db.updateTable('audit_log').set({ created_at: '2024-01-01T00:00:00.000Z' }).where('id', 'in', oldest.map((e) => e.id)).execute();
    let pruned = false;
    const pruning = pruneTrail(t.ctx, 365, 1).then((n) => {
      pruned = true;
      return n;
    });
    // a list asked once the pruning has begun is answered before its last batch
    const listedWhilePruning = get('/api/audit?limit=1').then((res) => ({ status: res.statusCode, pruned }));
    expect(await listedWhilePruning).toEqual({ status: 200, pruned: false });
    expect(await pruning).toBe(20);
  });
});
