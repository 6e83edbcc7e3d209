// A permission reaches only its own targets: each attack of the "Trustworthy access" issue, tried as it
// was found, against the rules of src/shared/access.ts (mayManageAccount, isModerationTarget,
// mayTouchSpotFromPostForm) as the routes apply them.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@shared/access';
import { ADMIN, bearer, createUser, dialects, loginAs, multipart, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

describe.each(dialects)('permissions scoped to their targets on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const subAdmin = async (email: string, permissions: string[], status = 'Active') => {
    const id = await createUser(t, { email, password: PASSWORD, user_type: 'Sub-Admin', permissions, status });
    return { id, token: status === 'Active' ? (await loginAs(t, email, PASSWORD)).token : '' };
  };
  const stamp = () => new Date().toISOString();

  describe('SubAdmin-list reaches only Sub-Admins holding no more than the caller', () => {
    let weak: { id: number; token: string };
    let rich: { id: number; token: string };
    let peer: { id: number; token: string };
    beforeAll(async () => {
      weak = await subAdmin('weak@example.com', ['SubAdmin-list', 'User-list']);
      rich = await subAdmin('rich@example.com', [...PERMISSIONS]);
      peer = await subAdmin('peer@example.com', ['User-list']);
    });

    it('cannot set the password of a richer Sub-Admin and then sign in as it', async () => {
      const res = await post('/api/user/update-user', weak.token, { id: rich.id, name: 'Rich Person', status: 'Active', password: 'Taken@123x' });
      expect(res.statusCode).toBe(403);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'rich@example.com', password: 'Taken@123x', is_web: '1' } });
      expect(login.statusCode).toBe(401);
    });

    it('cannot view, deactivate, delete or bulk-act on a richer Sub-Admin, nor see it in the list', async () => {
      expect((await get(`/api/user/login/${rich.id}`, weak.token)).statusCode).toBe(403);
      expect((await post('/api/user/update-user', weak.token, { id: rich.id, name: 'Rich Person', status: 'Inactive' })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/user/delete/${rich.id}`, headers: bearer(weak.token) })).statusCode).toBe(403);
      const bulk = await post('/api/user/bulk-action', weak.token, { user_ids: [rich.id, peer.id], action: 'inactive' });
      expect(bulk.json().data).toEqual({ succeedUserIds: [peer.id], failedUserIds: [rich.id] });
      const row = await t.ctx.db.selectFrom('users').select('status').where('id', '=', rich.id).executeTakeFirstOrThrow();
      expect(row.status).toBe('Active');
      const list = (await get('/api/user?user_type=Sub-Admin&limit=100', weak.token)).json().data;
      const emails = list.data.map((u: { email: string }) => u.email);
      expect(emails).toContain('peer@example.com');
      expect(emails).not.toContain('rich@example.com');
      expect(list.meta.total).toBe(list.data.length);
      // the Admin sees both
      const all = (await get('/api/user?user_type=Sub-Admin&limit=100', admin)).json().data.data.map((u: { email: string }) => u.email);
      expect(all).toEqual(expect.arrayContaining(['peer@example.com', 'rich@example.com', 'weak@example.com']));
    });

    it('may manage a Sub-Admin whose permissions are a subset of its own, but never grant permissions', async () => {
      expect((await get(`/api/user/login/${peer.id}`, weak.token)).statusCode).toBe(200);
      expect((await post('/api/user/update-user', weak.token, { id: peer.id, name: 'Peer Person', status: 'Active' })).statusCode).toBe(200);
      const grant = await post('/api/user/update-user', weak.token, { id: peer.id, name: 'Peer Person', status: 'Active', permissions: '["User-list","SubAdmin-list"]' });
      expect(grant.statusCode).toBe(403);
      expect((await get(`/api/user/login/${peer.id}`, admin)).json().data.data.permissions).toEqual(['User-list']);
    });

    it('never reaches an Admin', async () => {
      const adminId = (await t.ctx.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
      expect((await post('/api/user/update-user', rich.token, { id: adminId, name: 'Admin', status: 'Inactive' })).statusCode).toBe(404);
      const bulk = await post('/api/user/bulk-action', rich.token, { user_ids: [adminId], action: 'delete' });
      expect(bulk.json().data.failedUserIds).toEqual([adminId]);
    });
  });

  describe('Report-list moderates only the targets of existing reports, never staff', () => {
    let moderator: string;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      moderator = (await subAdmin('moderator@example.com', ['Report-list'])).token;
      ids.pending = (await subAdmin('waiting@example.com', [], 'Request Pending')).id;
      ids.allPowers = (await subAdmin('powers@example.com', [...PERMISSIONS])).id;
      ids.reporter = await createUser(t, { email: 'reporter@example.com', password: PASSWORD, user_type: 'User', name: 'Rana Reporter' });
      ids.innocent = await createUser(t, { email: 'innocent@example.com', password: PASSWORD, user_type: 'User', name: 'Ina Innocent' });
      ids.troll = await createUser(t, { email: 'troll@example.com', password: PASSWORD, user_type: 'User', name: 'Tolga Troll' });
      const postRow = (title: string) =>
        t.ctx.db
          .insertInto('posts')
          .values({ type: 'post', user_id: ids.innocent, title, description: null, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp(), updated_at: stamp(), deleted_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
      ids.reportedPost = (await postRow('Reported post')).id;
      ids.cleanPost = (await postRow('Nobody reported this')).id;
      const report = (values: { type: string; post_id?: number; other_user_id?: number }) =>
        t.ctx.db
          .insertInto('reports')
          .values({ user_id: ids.reporter, post_id: null, comment_id: null, other_user_id: null, report_category_id: null, reason: 'spam', status: 'Pending', user_status_by_admin: 'Active', created_at: stamp(), updated_at: stamp(), ...values })
          .returning('id')
          .executeTakeFirstOrThrow();
      ids.postReport = (await report({ type: 'post', post_id: ids.reportedPost })).id;
      ids.trollReport = (await report({ type: 'user', other_user_id: ids.troll })).id;
      // a (hostile) report against a staff account
      ids.staffReport = (await report({ type: 'user', other_user_id: ids.allPowers })).id;
    });
    const statusOf = async (id: number) => (await t.ctx.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    it('cannot activate a pending Sub-Admin nor deactivate a Sub-Admin through report-update', async () => {
      expect((await get(`/api/user/report-update?id=${ids.pending}&status=Active`, moderator)).statusCode).toBe(404);
      const staff = await get(`/api/user/report-update?id=${ids.allPowers}&status=Inactive`, moderator);
      expect(staff.statusCode).toBe(403);
      expect(staff.json().message).toBe('Staff accounts cannot be moderated.');
      expect(await statusOf(ids.pending)).toBe('Request Pending');
      expect(await statusOf(ids.allPowers)).toBe('Active');
      const approve = await get(`/api/user/approveReportByAdmin?reportId=${ids.staffReport}&status=Active&type=user&other_user_id=${ids.allPowers}`, moderator);
      expect(approve.statusCode).toBe(403);
      expect(await statusOf(ids.allPowers)).toBe('Active');
    });

    it('cannot deactivate a User that nobody reported, but can a reported one', async () => {
      expect((await get(`/api/user/report-update?id=${ids.innocent}&status=Inactive`, moderator)).statusCode).toBe(404);
      expect(await statusOf(ids.innocent)).toBe('Active');
      const through = await get(`/api/user/approveReportByAdmin?reportId=${ids.trollReport}&status=Active&type=user&other_user_id=${ids.innocent}`, moderator);
      expect(through.statusCode).toBe(400);
      expect(await statusOf(ids.innocent)).toBe('Active');
      expect((await get(`/api/user/report-update?id=${ids.troll}&status=Inactive`, moderator)).statusCode).toBe(200);
      expect(await statusOf(ids.troll)).toBe('Inactive');
    });

    it('cannot hide a post that nobody reported', async () => {
      const hidden = async (id: number) => !!(await t.ctx.db.selectFrom('posts').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).deleted_at;
      expect((await get(`/api/post/post-report-update?id=${ids.cleanPost}&status=Active`, moderator)).statusCode).toBe(400);
      expect((await get(`/api/post/post-report-update?id=${ids.cleanPost}&reportId=${ids.postReport}`, moderator)).statusCode).toBe(400);
      expect((await get(`/api/post/post-report-update?id=${ids.cleanPost}&reportId=${ids.trollReport}`, moderator)).statusCode).toBe(404);
      expect(await hidden(ids.cleanPost)).toBe(false);
      expect((await get(`/api/post/post-report-update?id=${ids.reportedPost}&reportId=${ids.postReport}`, moderator)).statusCode).toBe(200);
      expect(await hidden(ids.reportedPost)).toBe(true);
    });
  });

  describe('the post form changes only the spots of the post being saved', () => {
    it("refuses a Post-list-only Sub-Admin replacing the image of an itinerary's spot; Spot-list or the Admin may", async () => {
      const author = await createUser(t, { email: 'author@example.com', password: PASSWORD, user_type: 'User', name: 'Ayla Author' });
      const writer = (await subAdmin('writer@example.com', ['Post-list'])).token;
      const spot = await t.ctx.db
        .insertInto('spots')
        .values({ user_id: author, name: 'Hidden Bay', status: 'Active', address: null, country: 'Türkiye', state: null, city: 'Kaş', post_code: null, latitude: 36.2, longitude: 29.6, image: '/uploads/spots/original.png', thumbnail_url: '/uploads/spots/original.png', created_at: stamp(), updated_at: stamp() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const itinerary = await t.ctx.db
        .insertInto('posts')
        .values({ type: 'itinerary', user_id: author, title: 'Secret route', description: null, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp(), updated_at: stamp(), deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.ctx.db.insertInto('post_spots').values({ post_id: itinerary.id, spot_id: spot.id, position: 0, itinerary_date: null }).execute();

      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer();
      const form = (token: string) =>
        multipart({
          user_id: String(author),
          title: 'My own post',
          itinerary_date: '2026-05-01 10:30:00',
          type: 'post',
          spotData: JSON.stringify([{ id: spot.id, imageIndex: 0 }]),
          images: { filename: 'swap.png', type: 'image/png', bytes: png },
        }).then((body) => t.app.inject({ method: 'POST', url: '/api/post/createUpdateAdminPost', headers: { ...bearer(token), ...body.headers }, payload: body.payload }));
      const refused = await form(writer);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('This spot belongs to other content: only the spots of this post can be changed here.');
      const after = await t.ctx.db.selectFrom('spots').select('image').where('id', '=', spot.id).executeTakeFirstOrThrow();
      expect(after.image).toBe('/uploads/spots/original.png');
      expect(await t.ctx.db.selectFrom('posts').select('id').where('title', '=', 'My own post').execute()).toHaveLength(0);

      const spotKeeper = (await subAdmin('keeper@example.com', ['Post-list', 'Spot-list'])).token;
      expect((await form(spotKeeper)).statusCode).toBe(200);
      expect((await form(admin)).statusCode).toBe(200);
    });
  });
});
