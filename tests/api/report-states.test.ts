// A report's own state (Pending / Resolved) is answered, filtered and sorted on the report lists; their
// Status column sorts by the target's status it shows, whoever changed the target; the dashboard counts
// the reports still to handle; the user list is filtered by status (the dashboard's chips).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
const order = (name: string, direction: 'ASC' | 'DESC') => encodeURIComponent(JSON.stringify({ direction, name, type: 'default' }));

describe.each(dialects)('report states and status filters on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const ids = { reporter: 0, author: 0, troll: 0, shown: 0, hidden: 0, comment: 0, shownReport: 0, hiddenReport: 0, commentReport: 0, userReport: 0 };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    for (const [key, name] of [['reporter', 'Rana Reporter'], ['author', 'Arda Author'], ['troll', 'Tolga Troll']] as const) {
      ids[key] = await createUser(t, { email: `${key}@example.com`, password: PASSWORD, user_type: 'User', name });
    }
    const { db } = t.ctx;
    const stamp = new Date().toISOString();
    const post = async (title: string, type = 'post') =>
      (
        await db
          .insertInto('posts')
          .values({ type, user_id: ids.author, title, description: `${title}: the whole text`, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.shown = await post('A live post');
    ids.hidden = await post('A trip to hide', 'itinerary');
    ids.comment = (await db.insertInto('comments').values({ post_id: ids.shown, user_id: ids.author, comment: 'Buy followers', created_at: stamp, deleted_at: null }).returning('id').executeTakeFirstOrThrow()).id;
    // each written with a target status that is not its target's: the database puts the right one
    const report = async (type: string, extra: object) =>
      (
        await db
          .insertInto('reports')
          .values({ type, user_id: ids.reporter, post_id: null, comment_id: null, other_user_id: null, report_category_id: null, reason: 'Advert', status: 'Pending', user_status_by_admin: 'Inactive', created_at: stamp, updated_at: stamp, ...extra })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.shownReport = await report('post', { post_id: ids.shown });
    ids.hiddenReport = await report('post', { post_id: ids.hidden });
    ids.commentReport = await report('comment', { post_id: ids.shown, comment_id: ids.comment });
    ids.userReport = await report('user', { other_user_id: ids.troll });
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ url, headers: bearer(admin) });
  const reports = async (query: string) => {
    const res = await get(`/api/user/reports?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { data: { id: number; status: string; userStatusByAdmin: string; post: { description: string | null } | null }[]; meta: { total: number } };
  };
  const statistics = async () => (await get('/api/user/user-statistics')).json().data;
  const copies = () => t.ctx.db.selectFrom('reports').select(['id', 'user_status_by_admin']).orderBy('id').execute();

  it("a new report's target status is its target's; the hidden post's report answers the post's text", async () => {
    expect(await copies()).toEqual([
      { id: ids.shownReport, user_status_by_admin: 'Active' },
      { id: ids.hiddenReport, user_status_by_admin: 'Active' },
      { id: ids.commentReport, user_status_by_admin: 'Active' },
      { id: ids.userReport, user_status_by_admin: 'Active' },
    ]);
    const [row] = (await reports(`type=post&filter=${encodeURIComponent('hide')}`)).data;
    expect(row?.post?.description).toBe('A trip to hide: the whole text');
  });

  it('the dashboard and the quick panel count the Pending reports, per type; moderating resolves them', async () => {
    expect(await statistics()).toMatchObject({
      report: 4,
      reportPending: 4,
      reportPendingByType: [
        { type: 'post', count: 2 },
        { type: 'comment', count: 1 },
        { type: 'user', count: 1 },
      ],
    });
    const moderated = await get(`/api/post/post-report-update?id=${ids.hidden}&reportId=${ids.hiddenReport}&status=Active`);
    expect(moderated.statusCode, moderated.body).toBe(200);
    const after = await statistics();
    expect(after).toMatchObject({ report: 4, reportPending: 3, reportPendingByType: [{ type: 'post', count: 1 }, { type: 'comment', count: 1 }, { type: 'user', count: 1 }] });
    // each count is the total of the list its chip opens
    for (const { type, count } of after.reportPendingByType as { type: string; count: number }[]) {
      expect((await reports(`type=${type}&state=Pending`)).meta.total, type).toBe(count);
    }
  });

  it('filters and sorts the report lists by their own state', async () => {
    const pending = await reports('type=post&state=Pending');
    expect(pending.data.map((r) => [r.id, r.status])).toEqual([[ids.shownReport, 'Pending']]);
    const resolved = await reports('type=post&state=Resolved');
    expect(resolved.meta.total).toBe(1);
    expect(resolved.data.map((r) => [r.id, r.status])).toEqual([[ids.hiddenReport, 'Resolved']]);
    expect((await reports(`type=post&state=Resolved&filter=${encodeURIComponent('live')}`)).meta.total).toBe(0);
    expect((await reports(`type=post&order=${order('state', 'ASC')}`)).data.map((r) => r.status)).toEqual(['Pending', 'Resolved']);
    expect((await reports(`type=post&order=${order('state', 'DESC')}`)).data.map((r) => r.status)).toEqual(['Resolved', 'Pending']);
    const refused = await get('/api/user/reports?type=post&state=Open');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 400, message: expect.any(String) });
  });

  it("the Status sort follows the target's status as shown, whoever changed it", async () => {
    // the copies as they stand when the targets are all shown and Active
    await t.ctx.db.updateTable('reports').set({ user_status_by_admin: 'Active' }).execute();
    const shownOrder = async (type: string, direction: 'ASC' | 'DESC') => (await reports(`type=${type}&order=${order('status', direction)}`)).data.map((r) => r.userStatusByAdmin);
    // the itinerary hidden above is shown again; the post's own delete (not a moderation call) hides the
    // other post: its report follows
    expect((await get(`/api/post/post-report-update?id=${ids.hidden}&reportId=${ids.hiddenReport}&status=Inactive`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/post/delete/${ids.shown}`, headers: bearer(admin) })).statusCode).toBe(200);
    expect(await copies()).toContainEqual({ id: ids.shownReport, user_status_by_admin: 'Inactive' });
    expect(await shownOrder('post', 'ASC')).toEqual(['Active', 'Inactive']);
    expect(await shownOrder('post', 'DESC')).toEqual(['Inactive', 'Active']);
    // a bulk change of the user list sets the reported user Inactive: its report follows
    const bulk = await t.app.inject({ method: 'POST', url: '/api/user/bulk-action', headers: bearer(admin), payload: { user_ids: [ids.troll], action: 'inactive' } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await reports('type=user')).data.map((r) => r.userStatusByAdmin)).toEqual(['Inactive']);
    expect(await copies()).toContainEqual({ id: ids.userReport, user_status_by_admin: 'Inactive' });
    // a hidden comment
    await t.ctx.db.updateTable('comments').set({ deleted_at: new Date().toISOString() }).where('id', '=', ids.comment).execute();
    expect(await copies()).toContainEqual({ id: ids.commentReport, user_status_by_admin: 'Inactive' });
  });

  it("the user list is filtered by status on the server, the total the status's count", async () => {
    const users = async (query: string) => {
      const res = await get(`/api/user?user_type=User&page=1&limit=50&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { data: { id: number; status: string }[]; meta: { total: number } };
    };
    const stats = await statistics();
    for (const { status, count } of stats.userByStatus as { status: string; count: number }[]) {
      const listed = await users(`status=${encodeURIComponent(status)}`);
      expect(listed.meta.total, status).toBe(count);
      expect(listed.data.every((u) => u.status === status), status).toBe(true);
    }
    expect((await users('status=Inactive')).data.map((u) => u.id)).toEqual([ids.troll]);
    expect((await users(`status=Active&filter=${encodeURIComponent('tolga')}`)).meta.total).toBe(0);
    // staff are never in it, whatever the status
    const staff = await get('/api/user?user_type=Sub-Admin&page=0&limit=50&status=Active');
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data.data.every((u: { status: string }) => u.status === 'Active')).toBe(true);
    expect((await get('/api/user?user_type=User&status=Blocked')).statusCode).toBe(400);
  });
});
