import { SignJWT } from 'jose';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

const forgedToken = (expiresIn: string) =>
  new SignJWT({ role: 'Admin', status: 'Active', permissions: [] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1')
    .setIssuer('travel-backoffice')
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode('not-the-server-secret'));

const ACCESS_CHECK = '**/api/auth/access-token**';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The dashboard with its figures, or the sign-in form: whichever the page ends on. */
async function landing(page: Page): Promise<'dashboard' | 'login'> {
  const dashboard = page.getByTestId('stat-user').filter({ hasText: /\d/ });
  const login = page.getByRole('heading', { name: 'Login to your account' });
  await dashboard.or(login).first().waitFor();
  return (await login.isVisible()) ? 'login' : 'dashboard';
}

async function signInAsAdmin(page: Page, baseUrl: string) {
  await signIn(page, baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.getByTestId('stat-user').filter({ hasText: /\d/ }).waitFor();
}

describe('session', () => {
  it('sends a guest from any signed-in page to sign-in at once, and an unknown path to the 404 page', async () => {
    for (const [path, landing] of [
      ['/', '/login'],
      ['/dashboard', '/login'],
      ['/profile', '/login'],
      ['/user', '/login'],
      ['/no/such/page', '/pages/errors/error-404'],
    ]) {
      let navigations = 0;
      const count = () => navigations++;
      suite.page.on('framenavigated', count);
      await suite.page.goto(`${suite.server.baseUrl}${path}`);
      await suite.page.getByRole('heading', { name: /Login to your account|Oops! Page not found/ }).waitFor();
      await suite.page.waitForTimeout(300);
      suite.page.off('framenavigated', count);
      expect(new URL(suite.page.url()).pathname).toBe(landing);
      // a handful of redirects, not a loop of them
      expect(navigations, path).toBeLessThan(12);
    }
  });

  it("ends a session the server refuses with 'Invalid access_token'", async () => {
    await signIn(suite.page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await suite.page.waitForURL('**/dashboard');
    const token = await forgedToken('1h');
    await suite.page.evaluate((t) => localStorage.setItem('token', t), token);
    await suite.page.reload();
    await suite.page.getByText('Invalid access_token').waitFor();
    await suite.page.waitForURL('**/login');
    await expect(suite.page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await expect(suite.page.evaluate(() => localStorage.getItem('userRole'))).resolves.toBeNull();
  });

  it("refreshes an expired token, and logs out with 'Failed to login with token.' when that fails", async () => {
    await signIn(suite.page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await suite.page.waitForURL('**/dashboard');
    // an expired access token with a good refresh token: the session goes on with a new access token.
    // (The token is swapped on a page that makes no API calls, so that no refresh is in flight.)
    await suite.page.getByTestId('stat-user').filter({ hasText: /\d/ }).waitFor();
    await suite.page.goto(`${suite.server.baseUrl}/pages/errors/error-404`);
    const expired = await forgedToken('-1m');
    await suite.page.evaluate((t) => localStorage.setItem('token', t), expired);
    await suite.page.goto(`${suite.server.baseUrl}/category`);
    await suite.page.getByRole('columnheader', { name: 'Category Name' }).waitFor();
    const renewed = await suite.page.evaluate(() => localStorage.getItem('token'));
    expect(renewed).not.toBe(expired);

    // an expired access token and a refresh token the server does not know: logged out
    await suite.page.evaluate((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('refresh_token', 'unknown-refresh-token');
    }, expired);
    await suite.page.reload();
    await suite.page.getByText('Failed to login with token.').waitFor();
    await suite.page.waitForURL('**/login');
  });

  it('logs out from the user menu back to the sign-in page', async () => {
    await signIn(suite.page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await suite.page.waitForURL('**/dashboard');
    await suite.page.getByRole('button', { name: 'Profile' }).click();
    await suite.page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
    await suite.page.getByRole('menuitem', { name: 'Logout' }).click();
    await suite.page.waitForURL('**/login');
    await expect(suite.page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
  });

  it('lets the signed-in person rename themselves on /profile', async () => {
    await signIn(suite.page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await suite.page.waitForURL('**/dashboard');
    await suite.page.goto(`${suite.server.baseUrl}/profile`);
    const name = suite.page.getByLabel('Name');
    await name.fill('X');
    await suite.page.getByText('Name is not valid').waitFor();
    await expect(suite.page.getByRole('button', { name: 'Update' }).isDisabled()).resolves.toBe(true);
    await name.fill('Chief Admin');
    await suite.page.getByRole('button', { name: 'Update' }).click();
    await suite.page.getByText('Profile has been updated successfully').waitFor();
    await suite.page.getByRole('heading', { name: 'Chief Admin' }).waitFor();
    await screenshot(suite.page, 'profile-en');
    const row = await suite.server.ctx.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Chief Admin');
  });

  it("shows 'Invalid access_token' when a call of the running page is refused with 401", async () => {
    const { page, server } = suite;
    await signInAsAdmin(page, server.baseUrl);
    const admin = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    await server.ctx.tokens.endSessions(admin.id);
    await page.getByRole('link', { name: /^Categories/ }).first().click();
    await page.getByText('Invalid access_token').waitFor();
    await page.waitForURL('**/login');
    for (const key of ['token', 'refresh_token', 'userRole', 'statusData', 'permissions', 'user'])
      await expect(stored(page, key), key).resolves.toBeNull();
  });

  it('keeps the person signed in when a navigation or a reload aborts the start-up check', async () => {
    const { page, server } = suite;
    await signInAsAdmin(page, server.baseUrl);
    const token = await stored(page, 'token');
    // the start-up check is held for 1.5 s: a navigation in that time aborts it in the page
    let checks = 0;
    await page.route(ACCESS_CHECK, async (route: Route) => {
      checks++;
      await sleep(1500);
      await route.continue().catch(() => undefined); // the page that asked may be gone
    });
    for (const leave of [
      () => page.goto(`${server.baseUrl}/`),
      () => page.reload(),
    ]) {
      const checked = page.waitForRequest(ACCESS_CHECK);
      await page.goto(`${server.baseUrl}/dashboard`);
      await checked;
      await leave();
      await expect(landing(page)).resolves.toBe('dashboard');
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      await expect(stored(page, 'token')).resolves.toBe(token);
      await expect(stored(page, 'userRole')).resolves.toBe('Admin');
    }
    expect(checks).toBeGreaterThanOrEqual(4);
    await page.unroute(ACCESS_CHECK);
  });

  it('keeps the session when the start-up check meets a 503 or a network error, and asks again later', async () => {
    const { page, server } = suite;
    await signInAsAdmin(page, server.baseUrl);
    const token = await stored(page, 'token');
    for (const fail of [
      (route: Route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ status: 503, message: 'Service Unavailable' }),
        }),
      (route: Route) => route.abort('connectionreset'),
    ]) {
      let failed = 0;
      await page.route(ACCESS_CHECK, async (route: Route) => {
        failed++;
        await fail(route);
      });
      await page.goto(`${server.baseUrl}/dashboard`);
      await expect(landing(page)).resolves.toBe('dashboard');
      expect(failed).toBe(1);
      await expect(stored(page, 'token')).resolves.toBe(token);
      await page.unroute(ACCESS_CHECK);

      // the check was not counted as done: the next page of the same load asks the server again
      const again = page.waitForResponse(ACCESS_CHECK);
      await page.getByRole('link', { name: /^Categories/ }).first().click();
      await page.getByRole('columnheader', { name: 'Category Name' }).waitFor();
      expect((await again).status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe('/category');
      await expect(stored(page, 'token')).resolves.toBe(token);
    }
  });

  it("signs the person out with 'Invalid access_token' when the start-up check answers 401", async () => {
    const { page, server } = suite;
    await signInAsAdmin(page, server.baseUrl);
    await page.route(ACCESS_CHECK, (route: Route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ status: 401, message: 'Invalid access_token' }),
      }),
    );
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByText('Invalid access_token').waitFor();
    await page.waitForURL('**/login');
    for (const key of ['token', 'refresh_token', 'userRole', 'statusData', 'permissions', 'user'])
      await expect(stored(page, key), key).resolves.toBeNull();
    await page.unroute(ACCESS_CHECK);
  });

  it('keeps the person signed in in this tab after changing their own password on /profile', async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, 'subadmin@example.com', DEMO_PASSWORD);
    await page.waitForURL(/\/(dashboard|profile)$/);
    await page.goto(`${server.baseUrl}/profile`);
    const before = { token: await stored(page, 'token'), refresh: await stored(page, 'refresh_token') };
    await page.getByLabel('New password').fill('Brand9New@Pass');
    await page.getByLabel('Confirm password').fill('Brand9New@Pass');
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Profile has been updated successfully').waitFor();
    const after = { token: await stored(page, 'token'), refresh: await stored(page, 'refresh_token') };
    expect(after.token).toBeTruthy();
    expect(after.token).not.toBe(before.token);
    expect(after.refresh).toBeTruthy();
    expect(after.refresh).not.toBe(before.refresh);
    // the sessions before the change are over; this tab's new one goes on after a reload
    const old = await fetch(`${server.baseUrl}/api/auth/access-token?token=${encodeURIComponent(before.token!)}`);
    expect(old.status).toBe(401);
    await page.reload();
    await page.getByRole('heading', { name: 'Demo Subadmin' }).waitFor();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/profile');
    await expect(stored(page, 'token')).resolves.toBe(after.token);
  });
});
