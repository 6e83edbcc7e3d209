// Theme settings and shortcuts kept with the profile (issue "Layout, personalisation and finish").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

describe.each(dialects)('personal settings on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t.close());

  const save = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/user/preferences', headers: bearer(token), payload: payload as Record<string, unknown> });

  it('starts with the defaults, keeps what is saved, and gives it back at the next sign-in', async () => {
    const first = await loginAs(t, ADMIN.email, ADMIN.password);
    expect((first.user as unknown as { preferences: object }).preferences).toMatchObject({ layout: 'layout1', scheme: 'ocean', mode: 'light', fontScale: 1 });
    const res = await save(first.token, {
      preferences: { layout: 'layout3', scheme: 'forest', mode: 'dark', fontScale: 1.2, navbar: { display: true, folded: true }, toolbar: { display: true }, footer: { display: false }, customScrollbars: false },
      shortcuts: ['users', 'posts', 'users'],
    });
    expect(res.statusCode).toBe(200);
    const again = await loginAs(t, ADMIN.email, ADMIN.password);
    const user = again.user as unknown as { preferences: Record<string, unknown>; shortcuts: string[] };
    expect(user.preferences).toMatchObject({ layout: 'layout3', scheme: 'forest', mode: 'dark', fontScale: 1.2, footer: { display: false } });
    expect(user.shortcuts).toEqual(['users', 'posts']);
  });

  it('refuses settings out of bounds and lets only a signed-in person change its own', async () => {
    const { token } = await loginAs(t, ADMIN.email, ADMIN.password);
    for (const fontScale of [0.6, 1.4, 1.05]) {
      expect((await save(token, { preferences: { fontScale } })).statusCode, String(fontScale)).toBe(400);
    }
    expect((await save(token, { preferences: { layout: 'layout9' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/user/preferences', payload: { shortcuts: [] } })).statusCode).toBe(401);
    // a pending Sub-Admin may keep its own settings too (it reaches its profile)
    await createUser(t, { email: 'pending-prefs@example.com', password: 'Str0ng@Pass', user_type: 'Sub-Admin', status: 'Request Pending' });
    const pending = await loginAs(t, 'pending-prefs@example.com', 'Str0ng@Pass');
    expect((await save(pending.token, { preferences: { mode: 'dark' } })).statusCode).toBe(200);
  });
});
