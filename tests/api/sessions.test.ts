// Sessions end when access ends: after each event the person's very next call is a 401, and the
// refresh token is gone too; permissions are read from the database on each call; the refresh
// rotation forgives the legitimate race (two tabs) for a few seconds and still catches a late replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, latestMail, loginAs, resetTokenFromMail, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

describe.each(dialects)('sessions that end when access ends on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { refreshReuseGraceSeconds: 2 });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  let n = 0;
  /** A signed-in Sub-Admin holding User-list (so that GET /api/user is a call it may make). */
  const signedIn = async (permissions = ['User-list']) => {
    const email = `person${++n}@example.com`;
    const id = await createUser(t, { email, password: PASSWORD, user_type: 'Sub-Admin', permissions, name: 'Session Person' });
    return { id, email, ...(await loginAs(t, email, PASSWORD)) };
  };
  const call = (token: string) => t.app.inject({ method: 'GET', url: '/api/user?user_type=User', headers: bearer(token) });
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { token } });
  const updateUser = (fields: Record<string, string | number>) =>
    t.app.inject({ method: 'POST', url: '/api/user/update-user', headers: bearer(admin), payload: { name: 'Session Person', status: 'Active', ...fields } });

  /** The session works, then `event` happens, then both tokens are refused at once. */
  const endsWith = async (event: (p: Awaited<ReturnType<typeof signedIn>>) => Promise<unknown>) => {
    const p = await signedIn();
    expect((await call(p.token)).statusCode).toBe(200);
    await event(p);
    const next = await call(p.token);
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe('Invalid access_token');
    expect((await t.app.inject(`/api/auth/access-token?token=${p.token}`)).statusCode).toBe(401);
    expect((await refresh(p.refresh_token)).statusCode).toBe(401);
    return p;
  };

  it('a password reset by mail', async () => {
    await endsWith(async (p) => {
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: p.email } });
      const token = resetTokenFromMail(await latestMail(t));
      const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'New@Pass123' } });
      expect(reset.statusCode).toBe(200);
    });
  });

  it('a password set by an Admin', async () => {
    await endsWith(async (p) => expect((await updateUser({ id: p.id, password: 'Other@1234' })).statusCode).toBe(200));
  });

  it('being set Inactive, by the edit form or the bulk menu', async () => {
    await endsWith(async (p) => expect((await updateUser({ id: p.id, status: 'Inactive' })).statusCode).toBe(200));
    await endsWith(async (p) => {
      const bulk = await t.app.inject({ method: 'POST', url: '/api/user/bulk-action', headers: bearer(admin), payload: { user_ids: [p.id], action: 'inactive' } });
      expect(bulk.json().data.succeedUserIds).toEqual([p.id]);
    });
  });

  it('not when a permission is withdrawn: the session stays, the resource is refused at the next call', async () => {
    const p = await signedIn();
    expect((await updateUser({ id: p.id, permissions: '[]' })).statusCode).toBe(200);
    expect((await call(p.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: bearer(p.token) })).statusCode).toBe(200);
  });

  it('being deleted: a write with the deleted person’s token is refused and changes nothing', async () => {
    const target = await createUser(t, { email: 'victim-of-write@example.com', password: PASSWORD, user_type: 'User', name: 'Vera Victim' });
    const p = await endsWith(async (p) => {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/user/delete/${p.id}`, headers: bearer(admin) });
      expect(res.statusCode).toBe(200);
    });
    const write = await t.app.inject({ method: 'POST', url: '/api/user/sequence/change', headers: bearer(p.token), payload: { id: target, sequence: 42 } });
    expect(write.statusCode).toBe(401);
    const row = await t.ctx.db.selectFrom('users').select('sequence').where('id', '=', target).executeTakeFirstOrThrow();
    expect(Number(row.sequence)).toBe(0);
  });

  it('keeps the session when nothing about access changed (a rename, a picture)', async () => {
    const p = await signedIn();
    expect((await updateUser({ id: p.id, name: 'Renamed Person' })).statusCode).toBe(200);
    expect((await call(p.token)).statusCode).toBe(200);
  });

  it('reads permissions from the database on each call, not from the token', async () => {
    const p = await signedIn([]);
    expect((await call(p.token)).statusCode).toBe(403);
    // granted while signed in: the same token opens the list at once
    expect((await updateUser({ id: p.id, permissions: '["User-list"]' })).statusCode).toBe(200);
    expect((await call(p.token)).statusCode).toBe(200);
  });

  it('forgives a just-rotated refresh token (two tabs), then catches a late replay and ends the family', async () => {
    const p = await signedIn();
    const [a, b] = await Promise.all([refresh(p.refresh_token), refresh(p.refresh_token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const tabB = b.json().data.refresh_token as string;
    // the page that unloaded mid-refresh replays the old token within the window: still fine
    expect((await refresh(p.refresh_token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const late = await refresh(p.refresh_token);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('Failed to login with token.');
    // a replay past the window means a copy exists: the whole family ends
    expect((await refresh(tabB)).statusCode).toBe(401);
  });
});
