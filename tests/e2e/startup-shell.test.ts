// The start-up shell (src/admin/shell/): what index.html paints before the admin's code has loaded. Here
// the admin's code is held back (its module chunks are refused), so what the page shows is the shell
// alone: in the stored language and direction, the frame of the page being opened, and the dashboard's
// figures only once the server has confirmed the stored session.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { ADMIN, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

/** Refuses every script but the shell's own (assets/shell-*.js). */
async function withoutAdminCode(page: Page) {
  await page.route('**/assets/*.js', (route) => (/\/assets\/shell-[^/]*\.js$/.test(route.request().url()) ? route.continue() : route.abort()));
}

const htmlAttr = (page: Page, name: string) => page.locator('html').getAttribute(name);

describe('start-up shell', () => {
  it("paints the sign-in page in the stored language, right to left in Arabic, then the admin's replaces it", async () => {
    const { page, server } = suite;
    await page.addInitScript(() => localStorage.setItem('RaStorebackoffice.locale', '"ar"'));
    await withoutAdminCode(page);
    await page.goto(`${server.baseUrl}/login`);
    await page.locator('.shell .sh-title').getByText(ar.app.auth.login_title).waitFor();
    await expect(htmlAttr(page, 'lang')).resolves.toBe('ar');
    await expect(htmlAttr(page, 'dir')).resolves.toBe('rtl');
    // the English and Turkish texts of the shell stay hidden
    await expect(page.locator('.shell .sh-title').getByText('Login to your account').isVisible()).resolves.toBe(false);
    await screenshot(page, 'startup-shell-sign-in-ar');

    await page.unrouteAll();
    await page.reload();
    await page.getByRole('heading', { name: ar.app.auth.login_title }).waitFor();
    await expect(page.locator('.shell').count()).resolves.toBe(0);
  });

  it("shows the dashboard's figures from the server before the admin's code, once the session is confirmed", async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.getByTestId('stat-user').filter({ hasText: /\d/ }).waitFor();
    const { n: users } = await server.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_type', '=', 'User')
      .executeTakeFirstOrThrow();

    await withoutAdminCode(page);
    await page.reload();
    await expect(htmlAttr(page, 'data-shell')).resolves.toBe('dashboard');
    await page.locator('.shell [data-stat="user"]').filter({ hasText: new RegExp(`^${users}$`) }).waitFor();
    // the user statuses' chips, named in the page's language only (the other languages' names are hidden)
    await page.locator('.shell .sh-chip-text').first().waitFor();
    const chips = await page.locator('.shell .sh-chip-text').evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).innerText));
    expect(chips).toContainEqual(expect.stringMatching(/^Active: \d+$/));
    await screenshot(page, 'startup-shell-dashboard-en');
  });

  it('shows no figures for a stored session the server refuses', async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.getByTestId('stat-user').filter({ hasText: /\d/ }).waitFor();
    // a token of the right shape whose signature the server refuses
    await page.evaluate(() => {
      const [head, body] = localStorage.getItem('token')!.split('.');
      localStorage.setItem('token', `${head}.${body}.forged`);
    });
    await withoutAdminCode(page);
    await page.reload();
    await expect(htmlAttr(page, 'data-shell')).resolves.toBe('dashboard');
    // the shell says whether it showed the figures once both answers are in: it did not
    await expect(page.evaluate(() => window.__earlyRequests?.shown)).resolves.toBe(false);
    await expect(page.locator('.shell [data-stat="user"] .sh-skeleton').count()).resolves.toBe(1);

    // the admin then ends the session as it always did
    await page.unrouteAll();
    await page.reload();
    await page.waitForURL('**/login');
  });
});
