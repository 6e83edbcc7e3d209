// Reports and moderation (spec §7 "Reports"): the lists, the detail, and toggles with real effects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

describe.each(dialects)('reports and moderation on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const ids = { reporter: 0, author: 0, commenter: 0, reported: 0, post: 0, comment: 0, postReport: 0, commentReport: 0, userReport: 0 };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    const { db } = t.ctx;
    ids.reporter = await createUser(t, { email: 'reporter@example.com', password: PASSWORD, user_type: 'User', name: 'Rana Reporter' });
    ids.author = await createUser(t, { email: 'author@example.com', password: PASSWORD, user_type: 'User', name: 'Arda Author' });
    ids.commenter = await createUser(t, { email: 'commenter@example.com', password: PASSWORD, user_type: 'User', name: 'Cem Commenter' });
    ids.reported = await createUser(t, { email: 'troll@example.com', password: PASSWORD, user_type: 'User', name: 'Tolga Troll' });
    const stamp = new Date().toISOString();
    ids.post = (
      await db
        .insertInto('posts')
        .values({ type: 'post', user_id: ids.author, title: 'Free cruise tickets here', description: null, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids.comment = (
      await db.insertInto('comments').values({ post_id: ids.post, user_id: ids.commenter, comment: 'Buy followers cheap', created_at: stamp, deleted_at: null }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const category = (await db.insertInto('report_categories').values({ name: 'Spam', name_key: 'spam', status: 'Active', created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow()).id;
    const report = (type: string, extra: object) =>
      db
        .insertInto('reports')
        .values({ type, user_id: ids.reporter, post_id: null, comment_id: null, other_user_id: null, report_category_id: category, reason: 'Looks like an advert', status: 'Pending', user_status_by_admin: 'Active', created_at: stamp, updated_at: stamp, ...extra })
        .returning('id')
        .executeTakeFirstOrThrow();
    ids.postReport = (await report('post', { post_id: ids.post })).id;
    ids.commentReport = (await report('comment', { post_id: ids.post, comment_id: ids.comment, reason: 'Selling followers' })).id;
    ids.userReport = (await report('user', { other_user_id: ids.reported, reason: 'Keeps sending messages' })).id;
  });
  afterAll(async () => t.close());

  const get = (url: string, token = admin) => t.app.inject({ url, headers: bearer(token) });
  const list = async (type: string, filter = '') => (await get(`/api/user/reports?type=${type}&filter=${encodeURIComponent(filter)}`)).json().data;
  const audits = (entity: string, id: number) =>
    t.ctx.db.selectFrom('audit_log').select(['action', 'detail', 'actor_id']).where('entity', '=', entity).where('entity_id', '=', String(id)).where('action', '=', 'moderate').execute();

  it('lists each report type with who created and who reported it, and filters them', async () => {
    const posts = await list('post');
    expect(posts.meta.total).toBe(1);
    expect(posts.data[0]).toMatchObject({
      id: ids.postReport,
      type: 'post',
      reason: 'Looks like an advert',
      user: { id: ids.reporter, name: 'Rana Reporter' },
      post: { id: ids.post, title: 'Free cruise tickets here', deleted_at: null, user: { name: 'Arda Author' } },
      category: { name: 'Spam' },
      userStatusByAdmin: 'Active',
    });
    for (const filter of ['rana', 'arda', 'cruise', 'advert', 'spam']) expect((await list('post', filter)).meta.total, filter).toBe(1);
    expect((await list('post', 'nothing like this')).meta.total).toBe(0);

    const comments = await list('comment');
    expect(comments.data[0]).toMatchObject({ comment: { id: ids.comment, comment: 'Buy followers cheap' }, reportedUserInfo: { name: 'Cem Commenter' } });
    expect((await list('comment', 'followers')).meta.total).toBe(1);
    expect((await list('comment', 'cem')).meta.total).toBe(1);

    const users = await list('user');
    expect(users.data[0]).toMatchObject({ otherUser: { id: ids.reported, name: 'Tolga Troll', status: 'Active' }, userStatusByAdmin: 'Active' });
    expect((await list('user', 'tolga')).meta.total).toBe(1);
    const byReporter = await get(`/api/user/reports?type=user&order=${encodeURIComponent('{"direction":"ASC","name":"reported_by","type":"default"}')}`);
    expect(byReporter.statusCode).toBe(200);

    const detail = (await get(`/api/user/reports-detail/${ids.commentReport}`)).json().data.data;
    expect(detail).toMatchObject({ user: { name: 'Rana Reporter' }, otherUser: { name: 'Cem Commenter' }, reason: 'Selling followers' });
    expect((await get('/api/user/reports-detail/999999')).statusCode).toBe(404);
  });

  it('flips a reported post from the status the caller saw: a replay sets the same value; both changes are audited', async () => {
    // spec §4/§7: the call names the CURRENT status (or none) and the other one is set
    const hide = await get(`/api/post/post-report-update?id=${ids.post}&reportId=${ids.postReport}&status=Active`);
    expect(hide.json()).toMatchObject({ message: 'Post Status has been updated Successfully', data: { status: 'Inactive', changed: true } });
    const post = await t.ctx.db.selectFrom('posts').select('deleted_at').where('id', '=', ids.post).executeTakeFirstOrThrow();
    expect(post.deleted_at).toBeTruthy();
    expect((await get('/api/post?type=post&filter=cruise')).json().data.meta.total).toBe(0);
    expect((await list('post')).data[0]).toMatchObject({ userStatusByAdmin: 'Inactive', post: { deleted_at: post.deleted_at } });

    const replay = await get(`/api/post/post-report-update?id=${ids.post}&reportId=${ids.postReport}&status=Active`);
    expect(replay.json().data).toEqual({ status: 'Inactive', changed: false });
    expect(await audits('post', ids.post)).toHaveLength(1);

    // the spec's call carries only id and reportId: it flips whatever the status is now
    const restore = await get(`/api/post/post-report-update?id=${ids.post}&reportId=${ids.postReport}`);
    expect(restore.json().data).toEqual({ status: 'Active', changed: true });
    expect((await get('/api/post?type=post&filter=cruise')).json().data.meta.total).toBe(1);
    const trail = await audits('post', ids.post);
    expect(trail.map((a) => JSON.parse(a.detail!))).toEqual([
      { reportId: ids.postReport, before: 'Active', after: 'Inactive' },
      { reportId: ids.postReport, before: 'Inactive', after: 'Active' },
    ]);

    const badStatus = await get(`/api/post/post-report-update?id=${ids.post}&reportId=${ids.postReport}&status=Hidden`);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe('Status is required');
    // no report, another post's report, or a report of another kind: nothing is moderated
    expect((await get(`/api/post/post-report-update?id=${ids.post}`)).statusCode).toBe(400);
    expect((await get(`/api/post/post-report-update?id=999999&reportId=${ids.postReport}`)).statusCode).toBe(400);
    expect((await get(`/api/post/post-report-update?id=${ids.post}&reportId=${ids.userReport}`)).statusCode).toBe(404);
  });

  it('hides a reported comment, and sets a reported user Inactive so the user list shows it', async () => {
    const hide = await get(`/api/user/approveReportByAdmin?reportId=${ids.commentReport}&status=Active&type=comment&comment_id=${ids.comment}`);
    expect(hide.json()).toMatchObject({ message: 'Post Status has been updated Successfully', data: { status: 'Inactive', changed: true } });
    const comment = await t.ctx.db.selectFrom('comments').select('deleted_at').where('id', '=', ids.comment).executeTakeFirstOrThrow();
    expect(comment.deleted_at).toBeTruthy();
    expect((await list('comment')).data[0].userStatusByAdmin).toBe('Inactive');
    expect(await audits('comment', ids.comment)).toHaveLength(1);
    // another report's comment cannot be flipped through this one
    expect((await get(`/api/user/approveReportByAdmin?reportId=${ids.commentReport}&status=Inactive&type=comment&comment_id=${ids.comment + 1000}`)).statusCode).toBe(400);

    // the reported users screen sends the current status (Active): the user is set Inactive
    const off = await get(`/api/user/approveReportByAdmin?reportId=${ids.userReport}&status=Active&type=user&other_user_id=${ids.reported}`);
    expect(off.json()).toMatchObject({ message: 'User Status has been updated Successfully', data: { status: 'Inactive', changed: true } });
    const users = (await get('/api/user?user_type=User&filter=tolga')).json().data.data;
    expect(users[0]).toMatchObject({ name: 'Tolga Troll', status: 'Inactive' });
    expect((await list('user')).data[0]).toMatchObject({ userStatusByAdmin: 'Inactive', otherUser: { status: 'Inactive' } });
    const replay = await get(`/api/user/approveReportByAdmin?reportId=${ids.userReport}&status=Active&type=user&other_user_id=${ids.reported}`);
    expect(replay.json().data).toEqual({ status: 'Inactive', changed: false });

    const on = await get(`/api/user/report-update?id=${ids.reported}&status=Active`);
    expect(on.json()).toMatchObject({ message: 'User Status has been updated Successfully', data: { status: 'Active', changed: true } });
    expect((await audits('user', ids.reported)).map((a) => JSON.parse(a.detail!).after)).toEqual(['Inactive', 'Active']);
  });

  it('refuses a Sub-Admin without Report-list on every report call', async () => {
    await createUser(t, { email: 'no-reports@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Post-list', 'User-list'] });
    await createUser(t, { email: 'moderator@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Report-list'] });
    const other = (await loginAs(t, 'no-reports@example.com', PASSWORD)).token;
    const moderator = (await loginAs(t, 'moderator@example.com', PASSWORD)).token;
    const calls = [
      '/api/user/reports?type=post',
      `/api/user/reports-detail/${ids.postReport}`,
      `/api/post/post-report-update?id=${ids.post}&reportId=${ids.postReport}&status=Inactive`,
      `/api/user/report-update?id=${ids.reported}&status=Inactive`,
      `/api/user/approveReportByAdmin?reportId=${ids.userReport}&status=Inactive&type=user`,
    ];
    for (const url of calls) expect((await get(url, other)).statusCode, url).toBe(403);
    expect((await t.ctx.db.selectFrom('posts').select('deleted_at').where('id', '=', ids.post).executeTakeFirstOrThrow()).deleted_at).toBeNull();
    expect((await get('/api/user/reports?type=user', moderator)).statusCode).toBe(200);
  });
});

describe.each(dialects)('report search by status on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const reports: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    const reporter = await createUser(t, { email: 'rana@example.com', password: PASSWORD, user_type: 'User', name: 'Rana Reporter' });
    const stamp = new Date().toISOString();
    // [key, reported person, reason, report status, target status (the list's Status column)]
    const rows = [
      ['a', 'Tolga Troll', 'Keeps sending messages', 'Pending', 'Active'],
      ['b', 'Umut Uslu', 'Fake profile', 'Pending', 'Inactive'],
      ['c', 'Veli Vural', 'Rude replies', 'Resolved', 'Inactive'],
      // the reason holds the word: found by its reason whatever the status
      ['d', 'Yusuf Yalın', 'Inactive account sells followers', 'Resolved', 'Active'],
    ] as const;
    for (const [key, name, reason, status, target] of rows) {
      const other = await createUser(t, { email: `${key}@example.com`, password: PASSWORD, user_type: 'User', name });
      // the target status is the reported user's own (its copy on the report follows it)
      await t.ctx.db.updateTable('users').set({ status: target }).where('id', '=', other).execute();
      reports[key] = (
        await t.ctx.db
          .insertInto('reports')
          .values({ type: 'user', user_id: reporter, post_id: null, comment_id: null, other_user_id: other, report_category_id: null, reason, status, user_status_by_admin: target, created_at: stamp, updated_at: stamp })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
  });
  afterAll(async () => t.close());

  const search = async (term: string) => {
    const res = await t.app.inject({ url: `/api/user/reports?type=user&limit=50&filter=${encodeURIComponent(term)}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data.data.map((r: { id: number }) => r.id);
    return Object.keys(reports).filter((k) => ids.includes(reports[k]));
  };

  it("a status term matches the target's and the report's status exactly, the other columns by substring", async () => {
    expect(await search('Active')).toEqual(['a', 'd']);
    expect(await search('inactive')).toEqual(['b', 'c', 'd']);
    expect(await search('PENDING')).toEqual(['a', 'b']);
    expect(await search('resolved')).toEqual(['c', 'd']);
    // not a status value: substring as before
    expect(await search('activ')).toEqual(['a', 'b', 'c', 'd']);
    expect(await search('uslu')).toEqual(['b']);
  });
});
