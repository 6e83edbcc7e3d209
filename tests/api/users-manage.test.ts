import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  bearer,
  createUser,
  dialects,
  latestMail,
  loginAs,
  multipart,
  startTestApp,
  type TestApp,
} from '../support/api';

const PASSWORD = 'Str0ng@Pass';
const png = () => sharp({ create: { width: 32, height: 32, channels: 3, background: '#cc6633' } }).png().toBuffer();

describe.each(dialects)('managing users and sub-admins on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const session = await loginAs(t, ADMIN.email, ADMIN.password);
    admin = session.token;
    adminId = session.user.id;
  });
  afterAll(async () => t.close());

  const send = async (method: 'POST' | 'DELETE', url: string, token: string, fields?: Parameters<typeof multipart>[0]) => {
    const body = fields ? await multipart(fields) : undefined;
    return t.app.inject({ method, url, headers: { ...bearer(token), ...body?.headers }, payload: body?.payload });
  };
  const getUser = async (id: number, token = admin) => (await t.app.inject({ url: `/api/user/login/${id}`, headers: bearer(token) })).json().data.data;

  it('adds a user with a picture checked by content, and refuses duplicates and bad input', async () => {
    const res = await send('POST', '/api/user', admin, {
      name: 'Zeynep Kaya',
      email: 'Zeynep@Example.com',
      phone: '5301234567',
      user_type: 'User',
      password: PASSWORD,
      status: 'Pending',
      profile_pic: { filename: 'z.png', type: 'image/png', bytes: await png() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User has been added successfully');
    const user = await getUser(res.json().data.data.id);
    expect(user).toMatchObject({ name: 'Zeynep Kaya', email: 'zeynep@example.com', status: 'Pending', user_type: 'User', sequence: 0 });
    expect((await t.app.inject(user.thumbnail)).statusCode).toBe(200);

    const dup = await send('POST', '/api/user', admin, { name: 'Other Name', email: 'zeynep@example.com', phone: '5301234567', user_type: 'User', password: PASSWORD, status: 'Pending' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This email is already registered.');

    const cases: [Record<string, string>, string][] = [
      [{ name: 'Al', email: 'a1@example.com', phone: '5301234567', password: PASSWORD, status: 'Pending' }, 'Name is not valid'],
      [{ name: 'Good Name', email: 'a2@example.com', phone: '530', password: PASSWORD, status: 'Pending' }, 'Phone number is too short'],
      [{ name: 'Good Name', email: 'a3@example.com', phone: '5301234567', status: 'Pending' }, 'Password is required'],
      [{ name: 'Good Name', email: 'a4@example.com', phone: '5301234567', password: 'weakpassword', status: 'Pending' }, 'Password must be 8 characters long with at least one uppercase letter, one special character and one number'],
      [{ name: 'Good Name', email: 'bad-email', phone: '5301234567', password: PASSWORD, status: 'Pending' }, 'Please enter valid email'],
    ];
    for (const [fields, message] of cases) {
      const bad = await send('POST', '/api/user', admin, { user_type: 'User', ...fields });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    const fake = await send('POST', '/api/user', admin, {
      name: 'Fake Picture',
      email: 'fake@example.com',
      phone: '5301234567',
      user_type: 'User',
      password: PASSWORD,
      status: 'Pending',
      profile_pic: { filename: 'fake.jpg', type: 'image/jpeg', bytes: '<svg onload=alert(1)>' },
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('File type is not supported');
    const renamed = await send('POST', '/api/user', admin, {
      name: 'Webp Picture',
      email: 'webp@example.com',
      phone: '5301234567',
      user_type: 'User',
      password: PASSWORD,
      status: 'Pending',
      profile_pic: { filename: 'pic.webp', type: 'image/webp', bytes: await png() },
    });
    expect(renamed.statusCode).toBe(415);
    const huge = await send('POST', '/api/user', admin, {
      name: 'Huge Picture',
      email: 'huge@example.com',
      phone: '5301234567',
      user_type: 'User',
      password: PASSWORD,
      status: 'Pending',
      profile_pic: { filename: 'huge.png', type: 'image/png', bytes: new Uint8Array(6 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/too large/);
    const refused = ['fake@example.com', 'webp@example.com', 'huge@example.com'];
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', 'in', refused).execute()).toEqual([]);
  });

  it("stores a user's status as chosen, without the blanks around it, and only a user's status", async () => {
    const padded = await send('POST', '/api/user', admin, { name: 'Padded Status', email: 'padded@example.com', phone: '5301234567', user_type: 'User', password: PASSWORD, status: ' Active\t' });
    expect(padded.statusCode).toBe(200);
    expect((await getUser(padded.json().data.data.id)).status).toBe('Active');
    // 'Request Pending' is where a Sub-Admin waits; a User never starts there
    const waiting = await send('POST', '/api/user', admin, { name: 'Waiting User', email: 'waiting@example.com', phone: '5301234567', user_type: 'User', password: PASSWORD, status: 'Request Pending' });
    expect(waiting.statusCode).toBe(400);
    expect(waiting.json().message).toBe('Status is required');
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'waiting@example.com').execute()).toEqual([]);
  });

  it('adds a Sub-Admin at Request Pending with a generated password sent by mail', async () => {
    const res = await send('POST', '/api/user', admin, { name: 'Selim Demir', email: 'selim@example.com', phone: '5307654321', user_type: 'Sub-Admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Sub-Admin user has been added successfully');
    const mail = (await latestMail(t))!;
    expect(mail).toContain('To: selim@example.com');
    // read the plain-text part: in the HTML part '&' would be escaped
    const text = mail.split('Content-Type: text/html')[0].replace(/=\r?\n/g, '');
    const password = text.match(/Password: (\S{10})/)?.[1];
    expect(password).toHaveLength(10);
    const session = await loginAs(t, 'selim@example.com', password!);
    expect(session.user).toMatchObject({ role: 'Sub-Admin', status: 'Request Pending', permissions: [] });
  });

  it('edits a user: name, status, password by the rule, picture replaced and the old file removed', async () => {
    const id = await createUser(t, { email: 'edit@example.com', password: PASSWORD, user_type: 'User', name: 'Edit Me' });
    const first = await send('POST', '/api/user/update-user', admin, {
      id: String(id),
      name: 'Edited Person',
      status: 'Active',
      profile_pic: { filename: 'a.png', type: 'image/png', bytes: await png() },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('User has been updated successfully');
    const before = await getUser(id);
    expect(before).toMatchObject({ name: 'Edited Person', status: 'Active' });
    const oldFile = path.join(t.dataDir, before.profile_pic);
    expect(fs.existsSync(oldFile)).toBe(true);
    await send('POST', '/api/user/update-user', admin, {
      id: String(id),
      name: 'Edited Person',
      status: 'Active',
      profile_pic: { filename: 'b.gif', type: 'image/gif', bytes: await sharp(await png()).gif().toBuffer() },
    });
    expect(fs.existsSync(oldFile)).toBe(false);
    expect((await getUser(id)).profile_pic).toMatch(/\.gif$/);

    const blank = await send('POST', '/api/user/update-user', admin, { id: String(id), name: 'Edited Person', status: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Status is required');
    const weak = await send('POST', '/api/user/update-user', admin, { id: String(id), name: 'Edited Person', status: 'Active', password: 'short' });
    expect(weak.json().message).toBe('Password must be 8 characters long with at least one uppercase letter, one special character and one number');
    const reqPending = await send('POST', '/api/user/update-user', admin, { id: String(id), name: 'Edited Person', status: 'Request Pending' });
    expect(reqPending.statusCode).toBe(400);
    expect((await send('POST', '/api/user/update-user', admin, { id: String(id), name: 'Edited Person', status: 'Inactive', password: 'N3w@passw' })).statusCode).toBe(200);
  });

  it('lets only an Admin grant permissions to a Sub-Admin; the grant shows at the next sign-in', async () => {
    const subId = await createUser(t, { email: 'grant@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['User-list'] });
    expect((await loginAs(t, 'grant@example.com', PASSWORD)).user.permissions).toEqual(['User-list']);
    const res = await send('POST', '/api/user/update-user', admin, {
      id: String(subId),
      name: 'Granted Person',
      status: 'Active',
      password: 'abc@12345',
      permissions: JSON.stringify(['User-list', 'Categories-list']),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Sub Admin has been updated successfully');
    const again = await loginAs(t, 'grant@example.com', 'abc@12345');
    expect(again.user.permissions).toEqual(['User-list', 'Categories-list']);
    expect((await getUser(subId)).permissions).toEqual(['User-list', 'Categories-list']);
    expect((await t.app.inject({ url: '/api/category', headers: bearer(again.token) })).statusCode).toBe(200);

    const bad = await send('POST', '/api/user/update-user', admin, { id: String(subId), name: 'Granted Person', status: 'Active', permissions: '["Everything"]' });
    expect(bad.statusCode).toBe(400);
    // a Sub-Admin holding SubAdmin-list may edit sub-admins but not hand out permissions
    await createUser(t, { email: 'manager@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['SubAdmin-list'] });
    const manager = await loginAs(t, 'manager@example.com', PASSWORD);
    const refused = await send('POST', '/api/user/update-user', manager.token, {
      id: String(subId),
      name: 'Granted Person',
      status: 'Active',
      permissions: '["SubAdmin-list"]',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses callers without the list permission for every user call', async () => {
    const plainId = await createUser(t, { email: 'target@example.com', password: PASSWORD, user_type: 'User' });
    await createUser(t, { email: 'posts-only@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Post-list'] });
    const other = (await loginAs(t, 'posts-only@example.com', PASSWORD)).token;
    // the post form's user picker may read the user list (DESIGN.md §5); nothing else
    expect((await t.app.inject({ url: '/api/user?user_type=User', headers: bearer(other) })).statusCode).toBe(200);
    const calls = [
      t.app.inject({ url: '/api/user?user_type=Sub-Admin', headers: bearer(other) }),
      t.app.inject({ url: `/api/user/login/${plainId}`, headers: bearer(other) }),
      send('POST', '/api/user', other, { name: 'New Person', email: 'np@example.com', phone: '5301234567', user_type: 'User', password: PASSWORD, status: 'Pending' }),
      send('POST', '/api/user/update-user', other, { id: String(plainId), name: 'New Name', status: 'Active' }),
      send('DELETE', `/api/user/delete/${plainId}`, other),
      t.app.inject({ method: 'POST', url: '/api/user/sequence/change', headers: bearer(other), payload: { id: plainId, sequence: 3 } }),
      t.app.inject({ method: 'POST', url: '/api/user/bulk-action', headers: bearer(other), payload: { user_ids: [plainId], action: 'inactive' } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    const userListOnly = await createUser(t, { email: 'users-only@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['User-list'] });
    const usersOnly = (await loginAs(t, 'users-only@example.com', PASSWORD)).token;
    expect((await send('POST', '/api/user', usersOnly, { name: 'Sub Person', email: 'sp@example.com', phone: '5301234567', user_type: 'Sub-Admin' })).statusCode).toBe(403);
    expect((await send('DELETE', `/api/user/delete/${userListOnly}`, usersOnly)).statusCode).toBe(403);
  });

  it('changes the sequence: a whole number, 0 or more', async () => {
    const id = await createUser(t, { email: 'seq@example.com', password: PASSWORD, user_type: 'User' });
    const set = (sequence: unknown, target = id) =>
      t.app.inject({ method: 'POST', url: '/api/user/sequence/change', headers: bearer(admin), payload: { id: target, sequence } });
    const res = await set(7);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Sequence has been updated successfully');
    expect((await getUser(id)).sequence).toBe(7);
    expect((await set(-1)).statusCode).toBe(400);
    expect((await set('abc')).statusCode).toBe(400);
    expect((await set(2.5)).statusCode).toBe(400);
    expect((await set(1, 999999)).statusCode).toBe(404);
  });

  it('runs bulk actions and answers which ids succeeded and which failed', async () => {
    const a = await createUser(t, { email: 'bulk-a@example.com', password: PASSWORD, user_type: 'User' });
    const b = await createUser(t, { email: 'bulk-b@example.com', password: PASSWORD, user_type: 'User' });
    const bulk = (user_ids: number[], action: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/bulk-action', headers: bearer(admin), payload: { user_ids, action } });
    const inactive = await bulk([a, b, 999999], 'inactive');
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json().data).toEqual({ succeedUserIds: [a, b], failedUserIds: [999999] });
    expect(inactive.json().message).toBe('2 users set inactive successfully, 1 users failed');
    expect((await getUser(a)).status).toBe('Inactive');
    const active = await bulk([a], 'active');
    expect(active.json().data.succeedUserIds).toEqual([a]);
    expect((await getUser(a)).status).toBe('Active');
    // an Admin cannot bulk-delete itself
    const del = await bulk([adminId, b], 'delete');
    expect(del.json().data).toEqual({ succeedUserIds: [b], failedUserIds: [adminId] });
    expect((await t.app.inject({ url: `/api/user/login/${b}`, headers: bearer(admin) })).statusCode).toBe(404);
    expect((await bulk([a], 'explode')).statusCode).toBe(400);
  });

  it('deletes a user with its posts, comments and follows, keeping every other screen consistent', async () => {
    const id = await createUser(t, { email: 'gone@example.com', password: PASSWORD, user_type: 'User' });
    const fan = await createUser(t, { email: 'fan@example.com', password: PASSWORD, user_type: 'User' });
    const ts = new Date().toISOString();
    const spot = await t.ctx.db
      .insertInto('spots')
      .values({ user_id: id, name: 'Galata Tower', status: 'Active', country: 'TR', state: '34', city: 'Istanbul', post_code: '34421', latitude: 41.02, longitude: 28.97, address: null, image: null, thumbnail_url: null, created_at: ts, updated_at: ts })
      .returning('id')
      .executeTakeFirstOrThrow();
    const post = await t.ctx.db
      .insertInto('posts')
      .values({ type: 'post', user_id: id, title: 'Sunset', description: null, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: ts, updated_at: ts, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('post_spots').values({ post_id: post.id, spot_id: spot.id, itinerary_date: null, position: 0 }).execute();
    await t.ctx.db.insertInto('follows').values({ follower_id: fan, following_id: id, created_at: ts }).execute();
    await t.ctx.db.insertInto('comments').values({ post_id: post.id, user_id: fan, comment: 'Lovely', created_at: ts, deleted_at: null }).execute();

    const detail = await getUser(id);
    expect(detail).toMatchObject({ postCount: 1, userSpotCount: 1, postSpotCount: 1, userFollowersCount: 1, countryCount: 1, itineraryCount: 0 });
    const row = (await t.app.inject({ url: '/api/user?user_type=User&filter=gone%40example', headers: bearer(admin) })).json().data.data[0];
    expect(row).toMatchObject({ postCount: 1, userSpotCount: 1, itineraryCount: 0 });

    const res = await send('DELETE', `/api/user/delete/${id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User has been deleted successfully');
    expect(await t.ctx.db.selectFrom('posts').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('comments').select('id').where('post_id', '=', post.id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('follows').select('follower_id').where('following_id', '=', id).execute()).toEqual([]);
    const kept = await t.ctx.db.selectFrom('spots').select(['id', 'user_id']).where('id', '=', spot.id).executeTakeFirstOrThrow();
    expect(kept.user_id).toBeNull();
    expect((await send('DELETE', `/api/user/delete/${id}`, admin)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/user/delete/${adminId}`, admin)).statusCode).toBe(404);
  });
});
