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
  resetTokenFromMail,
  startTestApp,
  type TestApp,
} from '../support/api';

const STRONG = 'Str0ng@Pass';

describe.each(dialects)('auth API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      loginThrottle: { maxFailures: 5, windowSeconds: 900, maxFailuresPerIp: 5, maxFailuresPerAccount: 20 },
      // the rotation test below replays a token at once: no grace window here (tests/api/sessions.test.ts has it)
      refreshReuseGraceSeconds: 0,
    });
    await createUser(t, { email: 'plain@example.com', password: STRONG, user_type: 'User' });
    await createUser(t, {
      email: 'sub@example.com',
      password: STRONG,
      user_type: 'Sub-Admin',
      permissions: ['User-list', 'Post-list'],
    });
    await createUser(t, {
      email: 'pending@example.com',
      password: STRONG,
      user_type: 'Sub-Admin',
      status: 'Request Pending',
    });
  });
  afterAll(async () => t.close());

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, is_web: '1' },
      remoteAddress: ip,
    });

  it('answers health when ready', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, data: { status: 'ok' } });
  });

  it('signs an Admin in with token, role, status and permissions', async () => {
    const res = await login(ADMIN.email, ADMIN.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data.token).toMatch(/^ey/);
    expect(body.data.refresh_token).toBeTruthy();
    expect(body.data.user).toMatchObject({ email: ADMIN.email, role: 'Admin', status: 'Active' });
    expect(body.data.user.roles[0].name).toBe('Admin');
    expect(body.data.user.permissions).toContain('EmailTemplate-list');
  });

  it('gives a Sub-Admin exactly its granted permissions', async () => {
    const session = await loginAs(t, 'sub@example.com', STRONG);
    expect(session.user.permissions).toEqual(['User-list', 'Post-list']);
    const res = await login('SUB@example.com', STRONG);
    expect(
      res
        .json()
        .data.user.roles[0].roleHasPermissions.map(
          (g: { permission: { description: string } }) => g.permission.description,
        ),
    ).toEqual(['User-list', 'Post-list']);
  });

  it("refuses a plain User account with 'Invalid User!'", async () => {
    const res = await login('plain@example.com', STRONG);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid User!');
  });

  it('refuses a wrong password with a 401 and a message', async () => {
    const res = await login(ADMIN.email, 'wrong-password', '10.9.9.9');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, message: 'Email or password is incorrect.' });
  });

  it("answers bad input with the spec's message and a 400", async () => {
    const cases: [unknown, string][] = [
      [{ password: 'abcd' }, 'You must enter a email'],
      [{ email: 'nope', password: 'abcd' }, 'You must enter a valid email'],
      [{ email: 'a@b.co' }, 'Please enter your password.'],
      [{ email: 'a@b.co', password: 'abc' }, 'Password is too short - should be 4 chars minimum.'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().status).toBe(400);
  });

  it('throttles repeated failures per account and address with a 429 and Retry-After, and a success clears them', async () => {
    await createUser(t, { email: 'victim@example.com', password: STRONG, user_type: 'Sub-Admin' });
    for (let i = 0; i < 4; i++) expect((await login('victim@example.com', 'bad-pass', '10.1.0.1')).statusCode).toBe(401);
    // a success before the limit resets the count
    expect((await login('victim@example.com', STRONG, '10.1.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login('victim@example.com', 'bad-pass', '10.2.0.1')).statusCode).toBe(401);
    const blocked = await login('victim@example.com', STRONG, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // the owner elsewhere is not locked out by failures from that address
    expect((await login('victim@example.com', STRONG, '10.3.0.1')).statusCode).toBe(200);
  });

  it('throttles repeated failures per IP across emails', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login(`nobody${i}@example.com`, 'bad-pass', '10.4.4.4')).statusCode).toBe(401);
    expect((await login(ADMIN.email, ADMIN.password, '10.4.4.4')).statusCode).toBe(429);
    expect((await login(ADMIN.email, ADMIN.password, '10.4.4.5')).statusCode).toBe(200);
  });

  it('rotates refresh tokens and revokes the family when an old one is reused', async () => {
    const first = await loginAs(t, ADMIN.email, ADMIN.password);
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { token: first.refresh_token },
    });
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data;
    expect(second.token).toMatch(/^ey/);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user.email).toBe(ADMIN.email);
    // GET form with the query parameter works as well
    const r2 = await t.app.inject({ method: 'GET', url: `/api/auth/refresh-token?token=${second.refresh_token}` });
    expect(r2.statusCode).toBe(200);
    const third = r2.json().data;
    // replaying the first token: refused, and the whole family is revoked
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { token: first.refresh_token },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Failed to login with token.');
    const afterReuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { token: third.refresh_token },
    });
    expect(afterReuse.statusCode).toBe(401);
    const garbage = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { token: 'nope' } });
    expect(garbage.statusCode).toBe(401);
  });

  it('verifies a stored access token and answers the current user', async () => {
    const s = await loginAs(t, 'sub@example.com', STRONG);
    const res = await t.app.inject(`/api/auth/access-token?token=${s.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ token: s.token, user: { email: 'sub@example.com', role: 'Sub-Admin' } });
    const bad = await t.app.inject('/api/auth/access-token?token=abc.def.ghi');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Invalid access_token');
  });

  it('guards every protected route by token, role, status and permission', async () => {
    const none = await t.app.inject('/api/user/user-statistics');
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Invalid access_token');
    const forged = await t.app.inject({
      url: '/api/user/user-statistics',
      headers: bearer('eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'),
    });
    expect(forged.statusCode).toBe(401);

    const sub = await loginAs(t, 'sub@example.com', STRONG);
    expect((await t.app.inject({ url: '/api/user?user_type=User', headers: bearer(sub.token) })).statusCode).toBe(200);
    const noPermission = await t.app.inject({ url: '/api/email-template', headers: bearer(sub.token) });
    expect(noPermission.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user?user_type=Sub-Admin', headers: bearer(sub.token) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: '/api/user/user-statistics', headers: bearer(sub.token) })).statusCode).toBe(200);

    const pending = await loginAs(t, 'pending@example.com', STRONG);
    expect((await t.app.inject({ url: '/api/user/user-statistics', headers: bearer(pending.token) })).statusCode).toBe(
      403,
    );
    const ownProfile = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/update',
      headers: bearer(pending.token),
      payload: { name: 'Pending Person' },
    });
    expect(ownProfile.statusCode).toBe(200);

    const admin = await loginAs(t, ADMIN.email, ADMIN.password);
    expect((await t.app.inject({ url: '/api/category', headers: bearer(admin.token) })).statusCode).toBe(200);
  });

  it('answers the dashboard statistics computed from the data', async () => {
    const admin = await loginAs(t, ADMIN.email, ADMIN.password);
    const res = await t.app.inject({ url: '/api/user/user-statistics', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const stats = res.json().data;
    const users = await t.ctx.db.selectFrom('users').select('status').where('user_type', '=', 'User').execute();
    expect(stats.user).toBe(users.length);
    expect(stats.userByStatus.find((s: { status: string }) => s.status === 'Active').count).toBe(
      users.filter((u) => u.status === 'Active').length,
    );
    for (const key of ['spot', 'post', 'itinerary', 'categoriescount', 'tag', 'report'])
      expect(typeof stats[key]).toBe('number');
  });

  it('lists users with paging, search and a 400 for an unknown sort column', async () => {
    const admin = await loginAs(t, ADMIN.email, ADMIN.password);
    const res = await t.app.inject({
      url: '/api/user?user_type=User&page=1&limit=10&filter=plain',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.map((u: { email: string }) => u.email)).toEqual(['plain@example.com']);
    expect(res.json().data.meta.total).toBe(1);
    const badSort = await t.app.inject({
      url: `/api/user?user_type=User&order=${encodeURIComponent('{"direction":"ASC","name":"password_hash","type":"default"}')}`,
      headers: bearer(admin.token),
    });
    expect(badSort.statusCode).toBe(400);
  });

  it('sends a reset link only to a known email, answers the same for an unknown one, and the token works once', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ghost@example.com' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(await latestMail(t)).toBeNull();
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'sub@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json().message).toBe(unknown.json().message);
    expect(known.json().message).toBe('Link has been sent to your Email ID');
    const mail = await latestMail(t);
    expect(mail).toContain('To: sub@example.com');
    const token = resetTokenFromMail(mail);
    expect(token).toBeTruthy();

    const before = await loginAs(t, 'sub@example.com', STRONG);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'weakpass' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(
      'Password must be 8 characters long with at least one uppercase letter, one lowercase letter, one special character and one number.',
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'NewPass@123' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Password changed successfully');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Other@1234' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired.');
    expect((await login('sub@example.com', STRONG, '10.7.0.1')).statusCode).toBe(401);
    expect((await login('sub@example.com', 'NewPass@123', '10.7.0.2')).statusCode).toBe(200);
    // sessions made with the old password end
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { token: before.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('refuses an expired reset token', async () => {
    const short = await startTestApp(dialect === 'sqlite' ? 'sqlite' : dialect, { resetTokenTtlSeconds: -1 });
    try {
      await short.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ADMIN.email } });
      const token = resetTokenFromMail(await latestMail(short));
      const res = await short.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'NewPass@123' },
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await short.close();
    }
  });

  it('registers a plain User who then cannot enter the back-office', async () => {
    const payload = { name: 'New Traveller', email: 'traveller@example.com', phone: '5551112233', password: STRONG };
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: '10.9.0.1' });
    expect(res.statusCode).toBe(200);
    // no session is handed out, and the account waits for staff at Pending
    expect(res.json().data).toBeNull();
    const row = await t.ctx.db.selectFrom('users').select(['status', 'user_type']).where('email', '=', 'traveller@example.com').executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'Pending', user_type: 'User' });
    // a known email gets the very same answer (no enumeration), and nothing changes
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...payload, name: 'Someone Else' }, remoteAddress: '10.9.0.1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...payload, email: ADMIN.email }, remoteAddress: '10.9.0.1' });
    expect(known.json()).toEqual(res.json());
    const admin = await t.ctx.db.selectFrom('users').select(['name', 'user_type']).where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    expect(admin.user_type).toBe('Admin');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...payload, email: 'x@example.com', phone: '12' },
      remoteAddress: '10.9.0.2',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Phone number is too short');
    expect((await login('traveller@example.com', STRONG)).json().message).toBe('Invalid User!');
  });

  it('lets the signed-in person change their own name, picture and password', async () => {
    await createUser(t, { email: 'me@example.com', password: STRONG, user_type: 'Sub-Admin' });
    const me = await loginAs(t, 'me@example.com', STRONG);
    const badName = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/update',
      headers: bearer(me.token),
      payload: { name: 'X1' },
    });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().message).toBe('Name is not valid');

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const body = await multipart({
      name: 'Renamed Person',
      password: 'Changed@123',
      current_password: STRONG,
      profile_pic: { filename: 'me.png', type: 'image/png', bytes: png },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/update',
      headers: { ...bearer(me.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().data.user;
    expect(user.name).toBe('Renamed Person');
    expect(user.profile_pic).toMatch(/^\/uploads\/users\/.+\.png$/);
    const image = await t.app.inject(user.profile_pic);
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toContain('max-age');
    expect((await login('me@example.com', 'Changed@123', '10.8.0.1')).statusCode).toBe(200);
    // the new password ended the old session (access and refresh token); this tab got a new one
    const stale = await t.app.inject({ method: 'GET', url: '/api/user/user-statistics', headers: bearer(me.token) });
    expect(stale.statusCode).toBe(401);
    const staleRefresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { token: me.refresh_token } });
    expect(staleRefresh.statusCode).toBe(401);
    const fresh = res.json().data as { token: string; refresh_token: string };
    expect(fresh.refresh_token).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/api/user/user-statistics', headers: bearer(fresh.token) })).statusCode).toBe(200);

    const fake = await multipart({
      name: 'Renamed Person',
      profile_pic: { filename: 'fake.png', type: 'image/png', bytes: 'not an image at all' },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/update',
      headers: { ...bearer(fresh.token), ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('File type is not supported');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
  });
});
