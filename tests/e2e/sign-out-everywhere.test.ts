// Sessions you can see and end (issue 31 §2), in the browser: one person signed in in two browsers; from
// one, My Profile lists both sessions and "Sign out everywhere" (confirmed) ends the other, which is back
// on the sign-in page at its very next action. In English (this browser stays signed in) and in Arabic,
// right to left (with "this browser too" ticked, so both are signed out). Logout ends the session on the
// server too (finding 5): a copy of its refresh token no longer works.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { ADMIN, apiSession, axeViolations, DEMO_PASSWORD, newPage, screenshot, signIn, signOut, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

type Catalogue = typeof en;

/** A browser signed in as the Admin, working in `language` from its next page load. */
async function signedInBrowser(language: 'en' | 'ar') {
  const browser = await newPage(suite.browser);
  await signIn(browser.page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await browser.page.waitForURL('**/dashboard');
  await browser.page.evaluate((locale) => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify(locale)), language);
  return browser;
}

const sessionItems = (page: Page) => page.getByTestId('session');

async function signOutEverywhereFrom(language: 'en' | 'ar', t: Catalogue, alsoHere: boolean) {
  const { server } = suite;
  const one = await signedInBrowser(language);
  const other = await signedInBrowser(language);
  try {
    await other.page.goto(`${server.baseUrl}/dashboard`);
    await other.page.getByTestId('stat-user').filter({ hasText: /\d/ }).waitFor();

    await one.page.goto(`${server.baseUrl}/profile`);
    await expect.poll(() => one.page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
    await one.page.getByRole('heading', { name: t.app.sessions.title }).waitFor();
    await expect.poll(() => sessionItems(one.page).count()).toBeGreaterThanOrEqual(2);
    await sessionItems(one.page).filter({ hasText: t.app.sessions.current }).first().waitFor();
    await screenshot(one.page, `sessions-profile-${language}`);
    expect(await axeViolations(one.page)).toEqual([]);

    await one.page.getByRole('button', { name: t.app.sessions.sign_out_everywhere }).click();
    const dialog = one.page.getByRole('dialog');
    await dialog.getByText(t.app.sessions.confirm_all_title).waitFor();
    if (alsoHere) await dialog.getByLabel(t.app.sessions.include_current).check();
    await screenshot(one.page, `sessions-confirm-${language}`);
    await dialog.getByRole('button', { name: t.app.sessions.sign_out_everywhere }).click();
    await one.page.getByText(t.messages.signedOutEverywhere).first().waitFor();

    // the other browser's next action (opening a list from its menu) lands on the sign-in page
    await other.page.getByRole('menuitem', { name: t.app.menu.categories }).first().click();
    await other.page.waitForURL('**/login');
    await other.page.getByRole('heading', { name: t.app.auth.login_title }).waitFor();
    await screenshot(other.page, `sessions-other-signed-out-${language}`);

    if (alsoHere) {
      await one.page.waitForURL('**/login');
    } else {
      // this browser goes on, and its list holds only itself now
      await expect.poll(() => sessionItems(one.page).count()).toBe(1);
      await screenshot(one.page, `sessions-kept-${language}`);
      await one.page.getByRole('menuitem', { name: t.app.menu.categories }).first().click();
      await one.page.waitForURL('**/category');
    }
  } finally {
    await one.context.close();
    await other.context.close();
  }
}

describe('sign out everywhere', () => {
  it('in English: the other browser is signed out at its next action, this one stays', async () => {
    await signOutEverywhereFrom('en', en, false);
  });

  it('in Arabic, right to left: with "this browser too" ticked both are signed out', async () => {
    await signOutEverywhereFrom('ar', ar as unknown as Catalogue, true);
  });

  it('an Admin signs a Sub-Admin out everywhere from its detail page, after confirming', async () => {
    const { page, server } = suite;
    const sub = await apiSession(server.baseUrl, { email: 'subadmin@example.com', password: DEMO_PASSWORD });
    const subId = (sub.user as { id: number }).id;
    const stillIn = async () => (await fetch(`${server.baseUrl}/api/user/user-statistics`, { headers: { authorization: `Bearer ${sub.token}` } })).status;
    expect(await stillIn()).toBe(200);
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/subadmin/${subId}`);
    await page.getByRole('button', { name: en.app.sessions.sign_out_everywhere }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(en.app.sessions.staff_confirm).waitFor();
    await screenshot(page, 'sessions-staff-confirm-en');
    await dialog.getByRole('button', { name: en.app.sessions.sign_out_everywhere }).click();
    await page.getByText(en.messages.signedOutEverywhere).first().waitFor();
    expect(await stillIn()).toBe(401);
  });

  it('Logout ends the session on the server: a copy of its refresh token no longer rotates', async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const copied = await page.evaluate(() => localStorage.getItem('refresh_token'));
    expect(copied).toBeTruthy();
    await signOut(page);
    const replay = await fetch(`${server.baseUrl}/api/auth/refresh-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: copied }),
    });
    expect(replay.status).toBe(401);
  });
});
