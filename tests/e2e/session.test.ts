import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ADMIN, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

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
});
