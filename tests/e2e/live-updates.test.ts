// Live updates in the browser (issue 35): two staff, two browser contexts of one browser. A change saved in
// one shows in the other's list by itself, marked "Updated just now by …"; opening a record's edit dialog
// that a colleague has open says "… is editing this". In English on a desktop, and in Arabic (right to
// left) on a 390 px phone; axe-clean, with screenshots.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { createUser } from '../support/api';
import { ADMIN, apiSession, axeViolations, DEMO_PASSWORD, newPage, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();
const PHONE = { width: 390, height: 844 };
const listOf = (name: string) => `${suite.server.baseUrl}/category?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`;
/** The catalogue's sentence with its %{name} and smart_count filled as polyglot does (one person). */
const sentence = (text: string, name: string) => (text.split(' |||| ')[text.includes('لا أحد') ? 1 : 0] ?? text).replace('%{name}', name);

/** A staff member in a browser context of their own; `phone`: a 390 px touch screen; `arabic`: working in Arabic. */
async function person(browser: Browser, account: { email: string; password: string }, opts: { phone?: boolean; arabic?: boolean } = {}) {
  const opened = opts.phone
    ? await (async () => {
        const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
        const page = await context.newPage();
        page.setDefaultTimeout(15000);
        return { context, page };
      })()
    : await newPage(browser);
  await signIn(opened.page, suite.server.baseUrl, account.email, account.password);
  await opened.page.waitForURL('**/dashboard');
  if (opts.arabic) await opened.page.evaluate(() => localStorage.setItem('RaStorebackoffice.locale', '"ar"'));
  return opened;
}

async function addCategory(name: string) {
  const { token } = await apiSession(suite.server.baseUrl);
  const made = await fetch(`${suite.server.baseUrl}/api/category/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, status: 'Active' }),
  });
  expect(made.status).toBe(200);
}

/** Opens the edit dialog of the list's row `name` (the row menu's Edit; a phone's card opens it on a tap). */
async function openEdit(page: Page, name: string, texts: { menu: string; edit: string }, phone = false) {
  await page.goto(listOf(name));
  if (phone) await page.getByText(name, { exact: true }).first().click();
  else {
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: texts.menu }).click();
    await page.getByRole('menuitem', { name: texts.edit }).click();
  }
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').first().waitFor();
  return dialog;
}

describe('live updates in the browser', () => {
  it('English, desktop: "Aylin is editing this", then her save shows in the other list by itself', async () => {
    const { browser, server } = suite;
    const aylin = { email: 'aylin@example.com', password: DEMO_PASSWORD };
    await createUser(server, { ...aylin, name: 'Aylin', user_type: 'Sub-Admin', permissions: ['Categories-list'] });
    await addCategory('Lighthouses');
    const watcher = await person(browser, ADMIN);
    const editor = await person(browser, aylin);
    try {
      const texts = { menu: en.app.actions.menu, edit: en.app.actions.edit };
      const hers = await openEdit(editor.page, 'Lighthouses', texts);
      const mine = await openEdit(watcher.page, 'Lighthouses', texts);
      await mine.getByText(sentence(en.app.live.editing, 'Aylin')).waitFor();
      expect(await axeViolations(watcher.page)).toEqual([]);
      await screenshot(watcher.page, 'live-editing-en');
      await mine.getByRole('button', { name: en.ra.action.cancel }).click();
      await mine.waitFor({ state: 'detached' });

      // the watcher's list, untouched, follows her save
      await hers.getByRole('textbox').first().fill('Lighthouses by the sea');
      await hers.getByRole('button', { name: en.ra.action.save }).click();
      await watcher.page.getByRole('row').filter({ hasText: 'Lighthouses by the sea' }).waitFor();
      await watcher.page.getByText(sentence(en.app.live.updatedBy, 'Aylin')).waitFor();
      expect(await axeViolations(watcher.page)).toEqual([]);
      await screenshot(watcher.page, 'live-list-en');
    } finally {
      await editor.context.close();
      await watcher.context.close();
    }
  });

  it("an account's edit page names the colleague who has it open too", async () => {
    const { browser, server } = suite;
    const selin = { email: 'selin-live@example.com', password: DEMO_PASSWORD };
    await createUser(server, { ...selin, name: 'Selin', user_type: 'Sub-Admin', permissions: ['User-list'] });
    const traveller = await createUser(server, { email: 'traveller-live@example.com', password: DEMO_PASSWORD, name: 'Traveller', user_type: 'User' });
    const watcher = await person(browser, ADMIN);
    const editor = await person(browser, selin);
    try {
      await editor.page.goto(`${server.baseUrl}/edituser/${traveller}`);
      await editor.page.getByRole('textbox', { name: en.resources.user.fields.full_name }).waitFor();
      await watcher.page.goto(`${server.baseUrl}/edituser/${traveller}`);
      await watcher.page.getByRole('status').filter({ hasText: sentence(en.app.live.editing, 'Selin') }).waitFor();
      // she leaves: the notice goes
      await editor.page.goto(`${server.baseUrl}/dashboard`);
      await watcher.page.getByRole('status').filter({ hasText: 'Selin' }).waitFor({ state: 'detached' });
    } finally {
      await editor.context.close();
      await watcher.context.close();
    }
  });

  it('Arabic, 390 px phone: the colleague editing is named, right to left, and the list follows the save', async () => {
    const { browser, server } = suite;
    const leila = { email: 'leila-live@example.com', password: DEMO_PASSWORD };
    await createUser(server, { ...leila, name: 'ليلى', user_type: 'Sub-Admin', permissions: ['Categories-list'] });
    await addCategory('منارات');
    const watcher = await person(browser, leila, { phone: true, arabic: true });
    const editor = await person(browser, ADMIN);
    try {
      const theirs = await openEdit(editor.page, 'منارات', { menu: en.app.actions.menu, edit: en.app.actions.edit });
      const mine = await openEdit(watcher.page, 'منارات', { menu: ar.app.actions.menu, edit: ar.app.actions.edit }, true);
      expect(await watcher.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const notice = mine.getByRole('status').filter({ hasText: 'Admin' });
      await notice.waitFor();
      expect((await notice.textContent())?.replace(/[\u2066-\u2069]/g, '')).toBe(sentence(ar.app.live.editing, 'Admin'));
      expect(await axeViolations(watcher.page)).toEqual([]);
      await screenshot(watcher.page, 'live-editing-ar-phone');
      await mine.getByRole('button', { name: ar.ra.action.cancel }).click();
      await mine.waitFor({ state: 'detached' });

      await theirs.getByRole('textbox').first().fill('منارات البحر');
      await theirs.getByRole('button', { name: en.ra.action.save }).click();
      await watcher.page.getByText('منارات البحر').first().waitFor();
      const mark = watcher.page.locator('[data-live-updated]');
      await mark.waitFor();
      expect((await mark.textContent())?.replace(/[\u2066-\u2069]/g, '')).toBe(sentence(ar.app.live.updatedBy, 'Admin'));
      expect(await axeViolations(watcher.page)).toEqual([]);
      await screenshot(watcher.page, 'live-list-ar-phone');
    } finally {
      await editor.context.close();
      await watcher.context.close();
    }
  });
});
