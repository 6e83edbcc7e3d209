// List answers are kept for a moment for the caller who asked them (src/server/http/answerCache.ts).
// What a staff user must never see: a list missing their own change, another person's answer, or an
// answer they are no longer allowed to read. A write made behind the server's back (another process)
// is what makes the kept answer visible: it shows until LIST_CACHE_MS has passed, and no longer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/index';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
const KEPT_MS = 400;

describe.each(dialects)('kept list answers on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { listCacheMs: KEPT_MS });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  const get = (url: string, token = admin) => t.app.inject({ url, headers: bearer(token) });
  const post = (url: string, payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as Record<string, unknown> });
  const names = async (url: string, token = admin) => {
    const res = await get(url, token);
    expect(res.statusCode).toBe(200);
    return res.json().data.data.map((r: { name: string }) => r.name) as string[];
  };
  /** A write by another connection, which this server is not told about. */
  const behindTheServersBack = async (write: (db: ReturnType<typeof openDatabase>['db']) => Promise<unknown>) => {
    const other = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.dataDir });
    try {
      await write(other.db);
    } finally {
      await other.close();
    }
  };
  const renameTag = (id: number, name: string) =>
    behindTheServersBack((db) => db.updateTable('tags').set({ name }).where('id', '=', id).execute());
  /** A tag added through the API, its id. */
  const addTag = async (name: string) => {
    expect((await post('/api/tag/create', { name: [name], status: ['Active'] })).statusCode).toBe(200);
    return (await t.ctx.db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  };
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  let n = 0;
  const subAdmin = async (permissions: string[]) => {
    const email = `kept-answer${++n}@example.com`;
    const id = await createUser(t, { email, password: PASSWORD, user_type: 'Sub-Admin', permissions, name: `Kept Answer ${n}` });
    return { id, email, token: (await loginAs(t, email, PASSWORD)).token };
  };

  it('answers the same list again without reading it, and reads it again after LIST_CACHE_MS', async () => {
    const id = await addTag('harbour walk');
    const url = '/api/tag?limit=100&filter=harbour';
    expect(await names(url)).toEqual(['harbour walk']);
    await renameTag(id, 'harbour walk at dusk');
    // kept: the other process's change is not seen yet…
    expect(await names(url)).toEqual(['harbour walk']);
    // …another list (another URL) reads the database
    expect(await names('/api/tag?limit=100&filter=harbour&page=0')).toEqual(['harbour walk at dusk']);
    await wait(KEPT_MS + 50);
    expect(await names(url)).toEqual(['harbour walk at dusk']);
  });

  it('forgets every kept answer at this server’s own writes: the next call shows the change', async () => {
    const url = '/api/category?limit=100&filter=lagoon';
    expect(await names(url)).toEqual([]);
    expect((await post('/api/category/create', { name: ['lagoon trips'], status: ['Active'] })).statusCode).toBe(200);
    expect(await names(url)).toEqual(['Lagoon trips']);
    // a write to another table forgets it too (triggers write to tables the statement does not name)
    const dashboard = (await get('/api/user/user-statistics')).json().data;
    await createUser(t, { email: `counted${++n}@example.com`, password: PASSWORD, user_type: 'User', name: 'Counted Person' });
    expect((await get('/api/user/user-statistics')).json().data.user).toBe(dashboard.user + 1);
  });

  it('never gives one person’s answer to another', async () => {
    // a Sub-Admin sees only the Sub-Admins it may manage; the Admin sees every one
    const weak = await subAdmin(['SubAdmin-list']);
    const rich = await subAdmin(['SubAdmin-list', 'User-list']);
    const url = '/api/user?user_type=Sub-Admin&limit=100';
    const all = (await get(url)).json().data.data.map((u: { email: string }) => u.email);
    expect(all).toEqual(expect.arrayContaining([weak.email, rich.email]));
    const weakView = (await get(url, weak.token)).json().data.data.map((u: { email: string }) => u.email);
    expect(weakView).toContain(weak.email);
    expect(weakView).not.toContain(rich.email);
    // and the Admin's kept answer is still the Admin's
    expect((await get(url)).json().data.data.map((u: { email: string }) => u.email)).toEqual(all);
  });

  it('checks access before answering from what it kept', async () => {
    const url = '/api/tag?limit=100';
    const reader = await subAdmin(['Tags-list']);
    const stranger = await subAdmin(['User-list']);
    expect((await get(url, reader.token)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(200);
    // the same URL, kept for two people, is refused to a third who may not read it
    expect((await get(url, stranger.token)).statusCode).toBe(403);
    // withdrawn (by a write that keeps the session): refused at once, though the answer was kept a moment ago
    await t.ctx.db.deleteFrom('user_permissions').where('user_id', '=', reader.id).execute();
    expect((await get(url, reader.token)).statusCode).toBe(403);
    // signed out: a 401
    expect((await get(url, 'not-a-token')).statusCode).toBe(401);
  });

  it('keeps only good answers: a refused list is refused again, not answered from a kept one', async () => {
    const bad = '/api/tag?limit=100&order=%7B%22name%22%3A%22nope%22%7D';
    expect((await get(bad)).statusCode).toBe(400);
    expect((await get(bad)).statusCode).toBe(400);
  });

  it('keeps nothing with LIST_CACHE_MS=0', async () => {
    t.ctx.answerCache.ttlMs = 0;
    try {
      const id = await addTag('quay steps');
      const url = '/api/tag?limit=100&filter=quay';
      expect(await names(url)).toEqual(['quay steps']);
      await renameTag(id, 'quay steps north');
      expect(await names(url)).toEqual(['quay steps north']);
    } finally {
      t.ctx.answerCache.ttlMs = KEPT_MS;
    }
  });
});
