// Issue 35, "Undo where it is safe" and "Revert from History": a deleted post or itinerary is in the Trash
// (Admins only) until restored, each restore audited; its deleter may undo the delete from the toast for a
// few minutes; a History entry's values come back through the record's normal save (permission,
// validation, the lost-update check), and that save's entry names the entry it reverts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@server/db/migrate';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

describe.each(dialects)('undo, trash and revert on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let otherAdmin: string;
  let poster: string;
  let reader: string;
  let author: number;
  let spot: number;
  let n = 0;

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
  const okData = async (res: Promise<{ statusCode: number; body: string; json: () => { data: unknown } }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as never;
  };
  const newPost = async (title: string, type: 'post' | 'itinerary' = 'post', owner = author) => {
    const data: { id: number } = await okData(
      call(admin, 'POST', '/api/post/createUpdateAdminPost', { user_id: owner, title, itinerary_date: '2026-06-01 10:00:00', type, spotData: [{ id: spot }] }),
    );
    return data.id;
  };
  const trashList = async (query = '') => (await okData(call(admin, 'GET', `/api/trash?type=post&limit=100${query}`))) as { data: { id: number; title: string; deleted_by: string | null }[]; meta: { total: number } };
  const livePosts = async (filter: string) => (await okData(call(admin, 'GET', `/api/post?type=post&filter=${encodeURIComponent(filter)}`))) as { data: { id: number }[] };
  const history = async (entity: string, id: number) =>
    ((await okData(call(admin, 'GET', `/api/audit/${entity}/${id}?limit=100`))) as { data: { id: number; action: string; changes: { field: string; before: unknown; after: unknown }[] }[] }).data;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    await createUser(t, { email: 'second.admin@example.com', password: PASSWORD, user_type: 'Admin', name: 'Aylin Admin' });
    otherAdmin = (await loginAs(t, 'second.admin@example.com', PASSWORD)).token;
    await createUser(t, { email: 'poster@example.com', password: PASSWORD, user_type: 'Sub-Admin', name: 'Post Keeper', permissions: ['Post-list', 'Categories-list'] });
    poster = (await loginAs(t, 'poster@example.com', PASSWORD)).token;
    await createUser(t, { email: 'reader@example.com', password: PASSWORD, user_type: 'Sub-Admin', name: 'Tag Keeper', permissions: ['Tags-list'] });
    reader = (await loginAs(t, 'reader@example.com', PASSWORD)).token;
    author = await createUser(t, { email: 'author@example.com', password: PASSWORD, user_type: 'User', name: 'Deniz Traveller' });
    const made: { id: number } = await okData(call(admin, 'POST', '/api/spot', { name: 'Kız Kulesi', status: 'Active', latitude: 41.021, longitude: 29.004, address: 'Üsküdar' }));
    spot = made.id;
  });
  afterAll(async () => t.close());

  it('lists deleted posts newest deleted first, searchable and paged, to Admins only; live lists keep hiding them', async () => {
    const first = await newPost(`Bosphorus cruise ${++n}`);
    const second = await newPost(`Galata sunset ${++n}`);
    const hidden = await newPost(`Hidden by moderation ${++n}`);
    await okData(call(admin, 'DELETE', `/api/post/adminPostDelete/${first}`));
    await okData(call(poster, 'DELETE', `/api/post/delete/${second}`));
    // hidden by moderation (deleted_at alone): not in the Trash
    await t.ctx.db.updateTable('posts').set({ deleted_at: new Date().toISOString() }).where('id', '=', hidden).execute();

    const listed = await trashList();
    expect(listed.data.map((r) => r.id)).toEqual(expect.arrayContaining([first, second]));
    expect(listed.data.map((r) => r.id)).not.toContain(hidden);
    // newest deleted first, with who deleted it
    expect(listed.data.findIndex((r) => r.id === second)).toBeLessThan(listed.data.findIndex((r) => r.id === first));
    expect(listed.data.find((r) => r.id === second)).toMatchObject({ title: expect.stringContaining('Galata'), deleted_by: 'Post Keeper' });
    expect((await trashList('&filter=galata')).data.map((r) => r.id)).toEqual([second]);
    const page: { data: unknown[]; meta: { total: number } } = await okData(call(admin, 'GET', '/api/trash?type=post&limit=1&page=1'));
    expect(page.data).toHaveLength(1);
    expect(page.meta.total).toBe(listed.meta.total);
    // itineraries have a Trash page of their own
    const itineraries: { data: unknown[] } = await okData(call(admin, 'GET', '/api/trash?type=itinerary'));
    expect(itineraries.data).toEqual([]);
    // the lists still hide them
    expect((await livePosts('Galata sunset')).data).toEqual([]);

    // a Sub-Admin, even one who holds Post-list, is refused the Trash and its restore
    for (const token of [poster, reader]) {
      expect((await call(token, 'GET', '/api/trash')).statusCode).toBe(403);
      expect((await call(token, 'POST', '/api/trash/restore', { ids: [first] })).statusCode).toBe(403);
    }
  });

  it('restores ticked posts all or none, each restore audited in the post History; gone or restored ones are refused', async () => {
    const a = await newPost(`Restore me ${++n}`);
    const b = await newPost(`Restore me too ${++n}`);
    const live = await newPost(`Never deleted ${++n}`);
    for (const id of [a, b]) await okData(call(admin, 'DELETE', `/api/post/adminPostDelete/${id}`));

    // one that is not in the Trash: 409, and nothing restored
    const mixed = await call(admin, 'POST', '/api/trash/restore', { ids: [a, live] });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toContain('is not in the Trash');
    expect((await trashList()).data.map((r) => r.id)).toContain(a);

    const done = await call(admin, 'POST', '/api/trash/restore', { ids: [a, b] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Restored from the Trash: 2.', data: { ids: [a, b] } });
    expect((await livePosts('Restore me')).data.map((r) => r.id).sort()).toEqual([a, b].sort());
    expect((await trashList()).data.map((r) => r.id)).not.toContain(a);
    const entries = await history('post', a);
    expect(entries[0]).toMatchObject({ action: 'restore' });
    expect(entries[1]).toMatchObject({ action: 'delete' });

    // restored already: 409 with a clear message
    const again = await call(otherAdmin, 'POST', '/api/trash/restore', { ids: [a] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, message: expect.stringContaining('someone has restored it already') });

    // its author's account deleted: the post went with it
    const leaving = await createUser(t, { email: `leaving${++n}@example.com`, password: PASSWORD, user_type: 'User', name: 'Leaving Soon' });
    const orphan = await newPost(`Author leaves ${++n}`, 'post', leaving);
    await okData(call(admin, 'DELETE', `/api/post/adminPostDelete/${orphan}`));
    await t.ctx.db.deleteFrom('users').where('id', '=', leaving).execute();
    const gone = await call(admin, 'POST', '/api/trash/restore', { ids: [orphan] });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toContain("removed with its author's account");
  });

  it('a post hidden by moderation, then deleted, comes back hidden', async () => {
    const id = await newPost(`Hidden then deleted ${++n}`);
    const hiddenAt = '2026-01-02T03:04:05.000Z';
    await t.ctx.db.updateTable('posts').set({ deleted_at: hiddenAt }).where('id', '=', id).execute();
    await okData(call(admin, 'DELETE', `/api/post/adminPostDelete/${id}`));
    expect((await trashList()).data.map((r) => r.id)).toContain(id);
    await okData(call(admin, 'POST', '/api/trash/restore', { ids: [id] }));
    const row = await t.ctx.db.selectFrom('posts').select(['deleted_at', 'trashed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ deleted_at: hiddenAt, trashed_at: null });
  });

  it("the toast's Undo restores one's own delete, recorded; another person's or a late one is refused", async () => {
    const id = await newPost(`Undo me ${++n}`);
    await okData(call(poster, 'DELETE', `/api/post/delete/${id}`));
    // another person's delete: an Admin restores it from the Trash instead
    const notMine = await call(admin, 'POST', `/api/post/undoDelete/${id}`);
    expect(notMine.statusCode).toBe(409);
    expect(notMine.json().message).toContain('too late to undo');
    // no permission for posts at all
    expect((await call(reader, 'POST', `/api/post/undoDelete/${id}`)).statusCode).toBe(403);

    const undone = await call(poster, 'POST', `/api/post/undoDelete/${id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await livePosts(`Undo me ${n}`)).data.map((r) => r.id)).toEqual([id]);
    const [entry, deleted] = await history('post', id);
    expect(entry).toMatchObject({ action: 'restore', changes: expect.arrayContaining([{ field: 'undo', before: null, after: true }]) });
    expect(deleted.action).toBe('delete');
    // nothing left to undo
    expect((await call(poster, 'POST', `/api/post/undoDelete/${id}`)).statusCode).toBe(409);

    // past the Undo's few minutes
    await okData(call(poster, 'DELETE', `/api/post/delete/${id}`));
    await t.ctx.db.updateTable('posts').set({ trashed_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    expect((await call(poster, 'POST', `/api/post/undoDelete/${id}`)).statusCode).toBe(409);
  });

  it('migration 040 finds the posts deleted before it through their delete entries, and runs again safely', async () => {
    const id = await newPost(`Deleted long ago ${++n}`);
    const hidden = await newPost(`Only hidden ${++n}`);
    await okData(call(admin, 'DELETE', `/api/post/adminPostDelete/${id}`));
    // as before 040: deleted_at alone, for a deleted post and for a hidden one
    await t.ctx.db.updateTable('posts').set({ trashed_at: null, trashed_by: null }).where('id', '=', id).execute();
    await t.ctx.db.updateTable('posts').set({ deleted_at: new Date().toISOString() }).where('id', '=', hidden).execute();
    for (let run = 0; run < 2; run++) {
      await sql`DELETE FROM kysely_migration WHERE name >= '040_post_trash'`.execute(t.ctx.db);
      await migrateToLatest({ db: t.ctx.db, dialect: t.ctx.dialect });
    }
    const listed = (await trashList()).data.map((r) => r.id);
    expect(listed).toContain(id);
    expect(listed).not.toContain(hidden);
  });

  describe('revert from History through the normal save', () => {
    let category: number;
    let renamed: { id: number; changes: { field: string; before: unknown }[] };
    const save = (token: string, name: string, version: string | undefined, revertOf?: number) =>
      call(token, 'POST', '/api/category/update', { id: category, name, status: 'Active', ...(version ? { updated_at: version } : {}) }, revertOf === undefined ? {} : { 'x-revert-of': String(revertOf) });
    const version = async () => (await t.ctx.db.selectFrom('categories').select('updated_at').where('id', '=', category).executeTakeFirstOrThrow()).updated_at;

    beforeAll(async () => {
      const made: { created?: { id: number }[]; id?: number; data?: { id: number } } = await okData(call(admin, 'POST', '/api/category/create', { name: `Beaches ${++n}`, status: 'Active' }));
      category = Number(made.id ?? made.data?.id ?? made.created?.[0]?.id);
      expect((await save(admin, `Coves ${n}`, await version())).statusCode).toBe(200);
      renamed = (await history('category', category))[0];
      expect(renamed).toMatchObject({ action: 'update' });
    });

    it('refuses a caller without the permission (403), a stale version (409), an invalid value (400) and an entry of another record (400), writing nothing', async () => {
      const before = await history('category', category);
      expect((await save(reader, `Beaches ${n}`, await version(), renamed.id)).statusCode).toBe(403);
      const stale = await save(admin, `Beaches ${n}`, '2020-01-01T00:00:00.000Z', renamed.id);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe('This record was changed by someone else. Reload it to see the changes.');
      expect((await save(admin, '', await version(), renamed.id)).statusCode).toBe(400);
      const otherRecord = (await history('post', await newPost(`Some post ${++n}`)))[0].id;
      const foreign = await save(admin, `Beaches ${n}`, await version(), otherRecord);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe("The History entry to revert is not one of this record's changes.");
      expect(await history('category', category)).toEqual(before);
    });

    it("saves the entry's old values and records the save as a revert of that entry", async () => {
      const old = renamed.changes.find((c) => c.field === 'name')!.before as string;
      const res = await save(poster, old, await version(), renamed.id);
      expect(res.statusCode, res.body).toBe(200);
      const row = await t.ctx.db.selectFrom('categories').select('name').where('id', '=', category).executeTakeFirstOrThrow();
      expect(row.name).toBe(old);
      const [entry] = await history('category', category);
      expect(entry.action).toBe('revert');
      expect(entry.changes).toEqual(expect.arrayContaining([{ field: 'name', before: expect.stringContaining('Coves'), after: old }, { field: 'revert_of', before: null, after: renamed.id }]));
    });
  });
});
