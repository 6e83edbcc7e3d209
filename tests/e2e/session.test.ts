import { SignJWT } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, newPage, type Server, screenshot, signIn, startServer } from '../support/e2e';

let server: Server;
let browser: Browser;
let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
});
afterEach(async () => close());

const forgedToken = (expiresIn: string) =>
  new SignJWT({ role: 'Admin', status: 'Active', permissions: [] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1')
    .setIssuer('travel-backoffice')
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode('not-the-server-secret'));

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
      page.on('framenavigated', count);
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { name: /Login to your account|Oops! Page not found/ }).waitFor();
      await page.waitForTimeout(300);
      page.off('framenavigated', count);
      expect(new URL(page.url()).pathname).toBe(landing);
      // a handful of redirects, not a loop of them
      expect(navigations, path).toBeLessThan(12);
    }
  });

  it("ends a session the server refuses with 'Invalid access_token'", async () => {
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const token = await forgedToken('1h');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.reload();
    await page.getByText('Invalid access_token').waitFor();
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await expect(page.evaluate(() => localStorage.getItem('userRole'))).resolves.toBeNull();
  });

  it("refreshes an expired token, and logs out with 'Failed to login with token.' when that fails", async () => {
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    // an expired access token with a good refresh token: the session goes on with a new access token
    const expired = await forgedToken('-1m');
    await page.evaluate((t) => localStorage.setItem('token', t), expired);
    await page.goto(`${server.baseUrl}/category`);
    await page.getByRole('columnheader', { name: 'Category Name' }).waitFor();
    const renewed = await page.evaluate(() => localStorage.getItem('token'));
    expect(renewed).not.toBe(expired);

    // an expired access token and a refresh token the server does not know: logged out
    await page.evaluate((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('refresh_token', 'unknown-refresh-token');
    }, expired);
    await page.reload();
    await page.getByText('Failed to login with token.').waitFor();
    await page.waitForURL('**/login');
  });

  it('logs out from the user menu back to the sign-in page', async () => {
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
  });

  it('lets the signed-in person rename themselves on /profile', async () => {
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/profile`);
    const name = page.getByLabel('Name');
    await name.fill('X');
    await page.getByText('Name is not valid').waitFor();
    await expect(page.getByRole('button', { name: 'Update' }).isDisabled()).resolves.toBe(true);
    await name.fill('Chief Admin');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Profile has been updated successfully').waitFor();
    await page.getByRole('heading', { name: 'Chief Admin' }).waitFor();
    await screenshot(page, 'profile-en');
    const row = await server.ctx.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Chief Admin');
  });
});
