// Issue 35, "Bulk edit of everything that matches": a change to ticked rows or to everything the list's
// search and filters match runs as a server job, in batches, each record audited; its Undo is offered for
// 10 seconds after it finishes; the same permission as the single edit; a field the resource does not
// declare for bulk, or a value its form refuses, is a 400 naming it with nothing written; a job a stopped
// server left is taken up again at the next start, from where it stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { BULK_PLAN } from '@server/modules/bulk/jobs';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

type Job = { id: number; state: string; total: number; done: number; changed: number; undo_until: string | null; undo_of: number | null };

describe.each(dialects)('bulk edit on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let poster: string;
  let author: number;
  let spot: number;
  let n = 0;

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const okData = async <T>(res: ReturnType<typeof call>): Promise<T> => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as T;
  };
  const newPost = async (title: string, type: 'post' | 'itinerary' = 'post') =>
    (await okData<{ id: number }>(call(admin, 'POST', '/api/post/createUpdateAdminPost', { user_id: author, title, itinerary_date: '2026-06-01 10:00:00', type, spotData: [{ id: spot }] }))).id;
  const postRow = (id: number) => t.ctx.db.selectFrom('posts').select(['is_public', 'deleted_at', 'trashed_at']).where('id', '=', id).executeTakeFirstOrThrow();
  /** Starts a job and waits for it (the server works it in the background). */
  const run = async (token: string, resource: string, body: object) => {
    const job = await okData<Job>(call(token, 'POST', `/api/bulk/${resource}`, body));
    await t.ctx.background.drain();
    return okData<Job>(call(token, 'GET', `/api/bulk/jobs/${job.id}`));
  };
  const undo = async (token: string, id: number) => {
    const job = await okData<Job>(call(token, 'POST', `/api/bulk/jobs/${id}/undo`, {}));
    await t.ctx.background.drain();
    return okData<Job>(call(token, 'GET', `/api/bulk/jobs/${job.id}`));
  };
  const entries = (action: string, job: number) =>
    t.ctx.db.selectFrom('audit_log').select(['entity_id', 'detail']).where('action', '=', action).where('detail', 'like', `{"job":${job},%`).execute();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    await createUser(t, { email: 'poster@example.com', password: PASSWORD, user_type: 'Sub-Admin', name: 'Post Keeper', permissions: ['Post-list'] });
    poster = (await loginAs(t, 'poster@example.com', PASSWORD)).token;
    author = await createUser(t, { email: 'author@example.com', password: PASSWORD, user_type: 'User', name: 'Deniz Traveller' });
    spot = (await okData<{ id: number }>(call(admin, 'POST', '/api/spot', { name: 'Kız Kulesi', status: 'Active', latitude: 41.021, longitude: 29.004, address: 'Üsküdar' }))).id;
    // batches of a few records, so that several run
    Object.assign(BULK_PLAN, { firstRows: 2, minRows: 2, maxRows: 2, selectRows: 3 });
  });
  afterAll(async () => t.close());

  it("sets Public off on everything the list's search matches, each record audited, and undoes it within 10 s", async () => {
    const word = `lagoon${++n}`;
    const ids = [await newPost(`${word} one`), await newPost(`${word} two`), await newPost(`${word} three`), await newPost(`${word} four`), await newPost(`${word} five`)];
    const other = await newPost(`meadow ${n}`);
    await t.ctx.db.updateTable('posts').set({ is_public: 0 }).where('id', '=', ids[4]).execute();

    const job = await run(admin, 'post', { change: { field: 'is_public', value: false }, query: { filter: word, public: 'yes' } });
    // the four Public ones matched; each changed in its batch
    expect(job).toMatchObject({ state: 'done', total: 4, done: 4, changed: 4 });
    expect(job.undo_until).not.toBeNull();
    for (const id of ids) expect((await postRow(id)).is_public).toBe(0);
    expect((await postRow(other)).is_public).toBe(1);
    expect((await entries('bulk.update', job.id)).map((e) => Number(e.entity_id)).sort((a, b) => a - b)).toEqual(ids.slice(0, 4));

    // my jobs list it (the progress bar and toast after a reload)
    expect((await okData<Job[]>(call(admin, 'GET', '/api/bulk/jobs'))).map((j) => j.id)).toContain(job.id);
    // another's job is none of mine
    expect((await call(poster, 'GET', `/api/bulk/jobs/${job.id}`)).statusCode).toBe(404);

    // someone sets one Public again meanwhile: the Undo leaves it as it is and counts the rest
    await t.ctx.db.updateTable('posts').set({ is_public: 1 }).where('id', '=', ids[0]).execute();
    await t.ctx.db.updateTable('posts').set({ is_public: 0 }).where('id', '=', ids[0]).execute();
    const undone = await undo(admin, job.id);
    expect(undone).toMatchObject({ state: 'done', total: 4, changed: 4, undo_of: job.id, undo_until: null });
    for (const id of ids.slice(0, 4)) expect((await postRow(id)).is_public).toBe(1);
    expect((await postRow(ids[4])).is_public).toBe(0);
    expect(await entries('bulk.undo', undone.id)).toHaveLength(4);
    // once only
    expect((await call(admin, 'POST', `/api/bulk/jobs/${job.id}/undo`, {})).statusCode).toBe(409);
  });

  it('lets go of what a job kept per record an hour after it finished', async () => {
    const id = await newPost(`kept ${++n}`);
    const old = await run(admin, 'post', { change: { field: 'is_public', value: false }, ids: [id] });
    const kept = () => t.ctx.db.selectFrom('bulk_job_items').select('record_id').where('job_id', '=', old.id).execute();
    expect(await kept()).toHaveLength(1);
    await t.ctx.db.updateTable('bulk_jobs').set({ finished_at: new Date(Date.now() - 2 * 3_600_000).toISOString() }).where('id', '=', old.id).execute();
    await run(admin, 'post', { change: { field: 'is_public', value: true }, ids: [id] });
    expect(await kept()).toHaveLength(0);
  });

  it('refuses an Undo past its 10 seconds', async () => {
    const id = await newPost(`late ${++n}`);
    const job = await run(admin, 'post', { change: { field: 'is_public', value: false }, ids: [id] });
    await t.ctx.db.updateTable('bulk_jobs').set({ finished_at: new Date(Date.now() - 11_000).toISOString() }).where('id', '=', job.id).execute();
    const late = await call(admin, 'POST', `/api/bulk/jobs/${job.id}/undo`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/too late/);
    expect((await postRow(id)).is_public).toBe(0);
  });

  it('adds and removes a tag, hides and deletes to the Trash, and puts them back', async () => {
    const ids = [await newPost(`tagged ${++n}`), await newPost(`tagged ${n} b`), await newPost(`tagged ${n} c`)];
    await okData(call(admin, 'POST', '/api/tag/create', { name: [`bulktag${n}`], status: ['Active'] }));
    const tag = (await t.ctx.db.selectFrom('tags').select('id').where('name', '=', `bulktag${n}`).executeTakeFirstOrThrow()).id;
    const added = await run(admin, 'post', { change: { field: 'tag', add: tag }, ids });
    expect(added).toMatchObject({ state: 'done', changed: 3 });
    const tagged = await okData<{ data: { id: number }[] }>(call(admin, 'GET', `/api/post?type=post&tag=${tag}`));
    expect(tagged.data.map((p) => p.id).sort((a, b) => a - b)).toEqual(ids);
    const removed = await run(admin, 'post', { change: { field: 'tag', remove: tag }, ids: [ids[0]] });
    expect(removed.changed).toBe(1);
    expect((await okData<{ data: unknown[] }>(call(admin, 'GET', `/api/post?type=post&tag=${tag}`))).data).toHaveLength(2);

    const hidden = await run(poster, 'post', { change: { field: 'status', value: 'Inactive' }, ids: [ids[1]] });
    expect(hidden.changed).toBe(1);
    expect((await postRow(ids[1])).deleted_at).not.toBeNull();
    await undo(poster, hidden.id);
    expect((await postRow(ids[1])).deleted_at).toBeNull();

    const trashed = await run(admin, 'post', { change: { delete: true }, ids });
    expect(trashed.changed).toBe(3);
    const inTrash = await okData<{ data: { id: number }[] }>(call(admin, 'GET', '/api/trash?type=post&limit=100'));
    expect(inTrash.data.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    expect(await entries('bulk.delete', trashed.id)).toHaveLength(3);
    await undo(admin, trashed.id);
    for (const id of ids) expect(await postRow(id)).toMatchObject({ trashed_at: null, deleted_at: null });
  });

  it('sets a plain resource\'s status and a spot\'s, and an account\'s as its form does', async () => {
    await okData(call(admin, 'POST', '/api/category/create', { name: [`Bulkcat ${++n}`], status: ['Active'] }));
    const category = await t.ctx.db.selectFrom('categories').select('id').where('name', '=', `Bulkcat ${n}`).executeTakeFirstOrThrow();
    const job = await run(admin, 'category', { change: { field: 'status', value: 'Inactive' }, ids: [Number(category.id)] });
    expect(job.changed).toBe(1);
    expect((await t.ctx.db.selectFrom('categories').select('status').where('id', '=', Number(category.id)).executeTakeFirstOrThrow()).status).toBe('Inactive');
    // a plain record's delete removes the row: no Undo offered, one asked is a 409
    const gone = await run(admin, 'category', { change: { delete: true }, ids: [Number(category.id)] });
    expect(gone).toMatchObject({ state: 'done', changed: 1, undo_until: null });
    expect(await t.ctx.db.selectFrom('categories').select('id').where('id', '=', Number(category.id)).executeTakeFirst()).toBeUndefined();
    expect((await call(admin, 'POST', `/api/bulk/jobs/${gone.id}/undo`, {})).statusCode).toBe(409);
    const users = await run(admin, 'user', { change: { field: 'status', value: 'Inactive' }, ids: [author] });
    expect(users.changed).toBe(1);
    await undo(admin, users.id);
    expect((await t.ctx.db.selectFrom('users').select('status').where('id', '=', author).executeTakeFirstOrThrow()).status).toBe('Active');
  });

  it('refuses, naming it, a field not declared for bulk, a value the form refuses, a bad query; and the single edit\'s permission', async () => {
    const id = await newPost(`guarded ${++n}`);
    const jobs = async () => Number((await t.ctx.db.selectFrom('bulk_jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await jobs();
    const refusals: [object, RegExp][] = [
      [{ change: { field: 'title', value: 'x' }, ids: [id] }, /field "title" cannot be set in bulk/],
      [{ change: { field: 'user_id', value: '1' }, ids: [id] }, /field "user_id"/],
      [{ change: { field: 'status', value: 'Deleted' }, ids: [id] }, /status: must be one of: Active, Inactive/],
      [{ change: { field: 'is_public', value: 'yes' }, ids: [id] }, /is_public: must be true or false/],
      [{ change: { field: 'tag', add: 999999 }, ids: [id] }, /tag: no Active tag 999999/],
      [{ change: { field: 'is_public', value: false }, query: { public: 'maybe' } }, /query.public/],
      [{ change: { field: 'is_public', value: false }, query: { sneaky: '1' } }, /sneaky/],
      [{ change: { field: 'is_public', value: false }, ids: [id], query: {} }, /either/],
    ];
    for (const [body, message] of refusals) {
      const res = await call(admin, 'POST', '/api/bulk/post', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // a spot has no bulk delete
    expect((await call(admin, 'POST', '/api/bulk/spot', { change: { delete: true }, ids: [1] })).statusCode).toBe(400);
    // a Sub-Admin with Post-list only: not itineraries, not spots
    expect((await call(poster, 'POST', '/api/bulk/itinerary', { change: { field: 'is_public', value: false }, ids: [id] })).statusCode).toBe(403);
    expect((await call(poster, 'POST', '/api/bulk/spot', { change: { field: 'status', value: 'Inactive' }, ids: [1] })).statusCode).toBe(403);
    expect(await jobs()).toBe(before);
    expect((await postRow(id)).is_public).toBe(1);
  });

  it('takes up, at the next start, a job a stopped server left between batches, without repeating a batch', async () => {
    const ids = [await newPost(`resumed ${++n}`), await newPost(`resumed ${n} b`), await newPost(`resumed ${n} c`), await newPost(`resumed ${n} d`)];
    const at = new Date().toISOString();
    // as a server killed after the first batch leaves it: two records changed and kept, the cursor past them
    await t.ctx.db.updateTable('posts').set({ is_public: 0 }).where('id', 'in', ids.slice(0, 2)).execute();
    const job = await t.ctx.db
      .insertInto('bulk_jobs')
      .values({ owner_id: 1, resource: 'post', change: JSON.stringify({ field: 'is_public', value: false }), selection: JSON.stringify({ ids }), state: 'running', total: 4, done: 2, changed: 2, cursor: ids[1], created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const jobId = Number(job.id);
    await t.ctx.db.insertInto('bulk_job_items').values(ids.map((id, i) => ({ job_id: jobId, record_id: id, ...(i < 2 ? { before: '{"before":{"is_public":1},"after":{"is_public":0}}', changed: 1 } : { changed: 0 }) }))).execute();

    const next = await buildApp(t.config, { database: t.database, declared: t.declared, logger: false });
    await next.app.ready();
    await next.ctx.background.drain();
    await next.app.close();

    const resumed = await okData<Job>(call(admin, 'GET', `/api/bulk/jobs/${jobId}`));
    expect(resumed).toMatchObject({ state: 'done', total: 4, done: 4, changed: 4 });
    for (const id of ids) expect((await postRow(id)).is_public).toBe(0);
    // only the two left were changed and audited now
    expect((await entries('bulk.update', jobId)).map((e) => Number(e.entity_id))).toEqual(ids.slice(2));
    // and its Undo puts back all four
    await undo(admin, jobId);
    for (const id of ids) expect((await postRow(id)).is_public).toBe(1);
  });
});
