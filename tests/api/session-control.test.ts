// Sessions a person can see and end, and the password rules of issue 31 §2 (ASVS 5.0 V7 and V6):
// sign-out ends the session on the server (finding 5), My Profile lists the sessions and ends one or
// all, an Admin signs a staff account out everywhere, the absolute lifetime and the idle limit end a
// session at its next refresh, a new password of one's own needs the current one, and a common
// password is refused wherever a password is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffSession } from '@shared/contract';
import { ADMIN, bearer, createUser, dialects, latestMail, loginAs, multipart, resetTokenFromMail, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
/** In zxcvbn-ts's common-password list, and meets every composition rule of the spec. */
const COMMON = 'P@ssw0rd';
const MAX_AGE = 30 * 24 * 3600;
const IDLE = 12 * 3600;

describe.each(dialects)('sessions you can see and end, and passwords, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { session: { maxAgeSeconds: MAX_AGE, idleSeconds: IDLE } });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  let n = 0;
  const newStaff = async () => {
    const email = `session${++n}@example.com`;
    const id = await createUser(t, { email, password: PASSWORD, user_type: 'Sub-Admin', permissions: ['User-list'], name: 'Session Person' });
    return { id, email };
  };
  const signIn = async (email: string, userAgent = CHROME, ip = '127.0.0.1') => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': userAgent }, remoteAddress: ip, payload: { email, password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { token: string; refresh_token: string };
  };
  const works = async (token: string) => (await t.app.inject({ url: '/api/user?user_type=User', headers: bearer(token) })).statusCode;
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { token } });
  const sessions = async (token: string) => {
    const res = await t.app.inject({ url: '/api/auth/sessions', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.sessions as StaffSession[];
  };
  const history = async (userId: number) => {
    const res = await t.app.inject({ url: `/api/audit/user/${userId}`, headers: bearer(admin) });
    return (res.json().data.data as { action: string; actor: { id: number } | null }[]).map((e) => `${e.action} by ${e.actor?.id}`);
  };

  it('finding 5: Logout ends the session on the server (the copied refresh token no longer rotates, the access token is refused)', async () => {
    const p = await newStaff();
    const s = await signIn(p.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(s.token), 'user-agent': SAFARI },
      remoteAddress: '198.51.100.9',
      payload: { refresh_token: s.refresh_token },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    expect(await works(s.token)).toBe(401);
    expect(await history(p.id)).toContain(`logout by ${p.id}`);
    // the sign-out is in the trail with where it came from (issue 31 §1.11)
    const trail = (await t.app.inject({ url: `/api/audit/user/${p.id}`, headers: bearer(admin) })).json().data.data as { action: string; ip: string; user_agent: string }[];
    expect(trail.find((e) => e.action === 'logout')).toMatchObject({ ip: '198.51.100.9', user_agent: SAFARI });
    // signing out again, or with nothing valid, is no error and tells nothing
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(s.token), payload: { refresh_token: s.refresh_token } });
    expect(again.statusCode).toBe(200);
  });

  it('sign-out with an expired access token still ends the session by its refresh token', async () => {
    const p = await newStaff();
    const s = await signIn(p.email);
    const rotated = (await refresh(s.refresh_token)).json().data as { token: string; refresh_token: string };
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: rotated.refresh_token } });
    expect(out.statusCode).toBe(200);
    expect(await works(rotated.token)).toBe(401);
    expect(await works(s.token)).toBe(401);
  });

  it('lists my sessions with device, address, start and last use, marking the current one', async () => {
    const p = await newStaff();
    const laptop = await signIn(p.email, CHROME, '203.0.113.7');
    const phone = await signIn(p.email, SAFARI, '198.51.100.4');
    const mine = await sessions(laptop.token);
    expect(mine).toHaveLength(2);
    const byDevice = Object.fromEntries(mine.map((s) => [s.device, s]));
    expect(byDevice['Chrome 156 on Linux']).toMatchObject({ ip: '203.0.113.7', current: true });
    expect(byDevice['Safari 17 on iOS']).toMatchObject({ ip: '198.51.100.4', current: false });
    const laptopSession = byDevice['Chrome 156 on Linux'];
    expect(Date.parse(laptopSession.started_at)).not.toBeNaN();
    // its last use: a refresh moves it on, the start stays
    await age(laptop.token, ['started_at', 'last_used_at'], 3600);
    const aged = (await sessions(laptop.token)).find((s) => s.current)!;
    expect(Date.parse(aged.last_used_at)).toBeLessThan(Date.now() - 3000 * 1000);
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(200);
    const used = (await sessions(laptop.token)).find((s) => s.current)!;
    expect(Date.now() - Date.parse(used.last_used_at)).toBeLessThan(600 * 1000);
    expect(used.started_at).toBe(aged.started_at);
    expect((await sessions(phone.token)).find((s) => s.current)?.device).toBe('Safari 17 on iOS');
    // another person's list holds none of them
    const other = await newStaff();
    const theirs = await sessions((await signIn(other.email)).token);
    expect(theirs.map((s) => s.id)).not.toContain(mine[0].id);
  });

  it('ends one of my sessions: its tokens are refused at once, mine go on; another person’s session is not mine to end', async () => {
    const p = await newStaff();
    const a = await signIn(p.email);
    const b = await signIn(p.email, SAFARI);
    const bId = (await sessions(a.token)).find((s) => !s.current)!.id;
    const other = await newStaff();
    const o = await signIn(other.email);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${bId}`, headers: bearer(o.token) })).statusCode).toBe(404);
    expect(await works(b.token)).toBe(200);

    const ended = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${bId}`, headers: bearer(a.token) });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await works(b.token)).toBe(401);
    expect((await refresh(b.refresh_token)).statusCode).toBe(401);
    expect(await works(a.token)).toBe(200);
    expect((await sessions(a.token)).map((s) => s.id)).not.toContain(bId);
    const twice = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${bId}`, headers: bearer(a.token) });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe('This session is no longer open.');
    expect(await history(p.id)).toContain(`session.end by ${p.id}`);
  });

  it('signs out everywhere else (this session stays), or everywhere including this one', async () => {
    const p = await newStaff();
    const [a, b, c] = [await signIn(p.email), await signIn(p.email, SAFARI), await signIn(p.email)];
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/end-all', headers: bearer(a.token), payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    for (const s of [b, c]) {
      expect(await works(s.token)).toBe(401);
      expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    }
    expect(await works(a.token)).toBe(200);
    expect((await sessions(a.token)).map((s) => s.current)).toEqual([true]);

    const d = await signIn(p.email);
    const all = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/end-all', headers: bearer(a.token), payload: { include_current: true } });
    expect(all.statusCode).toBe(200);
    for (const s of [a, d]) {
      expect(await works(s.token)).toBe(401);
      expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    }
    expect(await history(p.id)).toContain(`sessions.end by ${p.id}`);
  });

  it('an Admin signs a staff account out everywhere (audited); a Sub-Admin may not; a product user is no staff account', async () => {
    const p = await newStaff();
    const [a, b] = [await signIn(p.email), await signIn(p.email, SAFARI)];
    const self = await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${p.id}`, headers: bearer(a.token) });
    expect(self.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${p.id}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    for (const s of [a, b]) {
      expect(await works(s.token)).toBe(401);
      expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    }
    const adminId = (await loginAs(t, ADMIN.email, ADMIN.password)).user.id;
    expect(await history(p.id)).toContain(`sessions.end by ${adminId}`);
    const user = await createUser(t, { email: `plain${n}@example.com`, password: PASSWORD, user_type: 'User' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${user}`, headers: bearer(admin) })).statusCode).toBe(404);
  });

  /** Moves a session's clock back by `seconds` (its start, its last use, or both), as time passing would. */
  const age = async (token: string, fields: ('started_at' | 'last_used_at')[], seconds: number) => {
    const id = (await sessions(token)).find((s) => s.current)!.id;
    const row = await t.ctx.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const back = (at: string) => new Date(Date.parse(at) - seconds * 1000).toISOString();
    await t.ctx.db.updateTable('sessions').set(Object.fromEntries(fields.map((f) => [f, back(row[f])]))).where('id', '=', id).execute();
    return id;
  };

  it('the absolute lifetime ends a session at its next refresh, however often it was rotated', async () => {
    const p = await newStaff();
    const s = await signIn(p.email);
    const started = (await sessions(s.token))[0].started_at;
    let current = s;
    for (let i = 0; i < 3; i++) {
      const res = await refresh(current.refresh_token);
      expect(res.statusCode).toBe(200);
      current = res.json().data;
    }
    // rotation moved "last used" on, never the start
    expect((await sessions(current.token))[0].started_at).toBe(started);
    // one second short of the lifetime, in use all along: still fine
    await age(current.token, ['started_at'], MAX_AGE - 60);
    const res = await refresh(current.refresh_token);
    expect(res.statusCode).toBe(200);
    current = res.json().data;
    await age(current.token, ['started_at'], 61);
    const refused = await refresh(current.refresh_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Failed to login with token.');
    // and it is over: its access token too, and it is no longer listed
    expect(await works(current.token)).toBe(401);
  });

  it('an access token never outlives its session’s absolute end', async () => {
    const p = await newStaff();
    const s = await signIn(p.email);
    await age(s.token, ['started_at'], MAX_AGE - 60);
    const res = await refresh(s.refresh_token);
    expect(res.json().data.expires_in).toBeLessThanOrEqual(60);
  });

  it('the idle limit ends a session unused that long; a used one goes on', async () => {
    const p = await newStaff();
    const s = await signIn(p.email);
    await age(s.token, ['started_at', 'last_used_at'], IDLE - 60);
    const used = await refresh(s.refresh_token);
    expect(used.statusCode).toBe(200);
    const next = used.json().data as { token: string; refresh_token: string };
    await age(next.token, ['last_used_at'], IDLE + 1);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
    expect(await works(next.token)).toBe(401);
  });

  const updateProfile = async (token: string, fields: Record<string, string>) => {
    const body = await multipart({ name: 'Session Person', ...fields });
    return t.app.inject({ method: 'POST', url: '/api/auth/user/update', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  };

  it('a new password of one’s own needs the current one; a name alone does not', async () => {
    const p = await newStaff();
    const s = await signIn(p.email);
    const missing = await updateProfile(s.token, { password: 'Fresh@Pass42' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter your current password to set a new one.');
    const wrong = await updateProfile(s.token, { password: 'Fresh@Pass42', current_password: 'Wrong@Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The current password is not correct.');
    // nothing changed: the old password still signs in, the session still works
    expect(await works(s.token)).toBe(200);
    expect((await updateProfile(s.token, {})).statusCode).toBe(200);
    const changed = await updateProfile(s.token, { password: 'Fresh@Pass42', current_password: PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);
    const relogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: p.email, password: 'Fresh@Pass42' } });
    expect(relogin.statusCode).toBe(200);
  });

  it('refuses a common password wherever one is set: profile, reset link, an Admin’s forms; the seed’s passwords are not common', async () => {
    const message = 'This password is too common: it is in lists of leaked passwords. Please choose another one.';
    const p = await newStaff();
    const s = await signIn(p.email);
    const profile = await updateProfile(s.token, { password: COMMON, current_password: PASSWORD });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().message).toBe(message);

    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: p.email } });
    const token = resetTokenFromMail(await latestMail(t));
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: COMMON } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(message);
    // the link was not used up by the refusal
    const good = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Unusual7@Pass' } });
    expect(good.statusCode).toBe(200);

    const form = (fields: Record<string, string>) => multipart(fields);
    const create = await form({ name: 'Common Person', email: 'common@example.com', phone: '5301234567', user_type: 'User', password: COMMON, status: 'Active' });
    const created = await t.app.inject({ method: 'POST', url: '/api/user', headers: { ...bearer(admin), ...create.headers }, payload: create.payload });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(message);
    const edit = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/update-user', headers: bearer(admin), payload: { id: p.id, name: 'Session Person', status: 'Active', password } });
    const edited = await edit('p@ssw0rd');
    expect(edited.statusCode).toBe(400);
    expect(edited.json().message).toBe(message);
    // the demo and first Admin passwords are fine to set (and sign in as ever)
    expect((await edit('Demo@1234')).statusCode).toBe(200);
    expect((await edit('Admin@123')).statusCode).toBe(200);
  });
});
