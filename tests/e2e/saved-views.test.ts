// Saved views (issue 35) as staff use them, in English and Arabic (right to left) on a desktop and a 390 px
// phone: search and sort a list, save the view, change the list, apply the view and see its rows return,
// open the view's `?view=` link in a fresh page; an Admin shares a view that a Sub-Admin then sees and
// applies; a view that is not the person's says so; a delete asks first and offers Undo; axe on each screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isolateText } from '@admin/bidi';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { createUser } from '../support/api';
import { ADMIN, apiSession, axeViolations, DEMO_PASSWORD, screenshot, signedInContext, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();
const CATALOGUES = { en, ar } as const;
type Language = keyof typeof CATALOGUES;

/** The catalogue text of `key` in `language`, placeholders filled (in Arabic a value with Latin letters isolated, as the screen does: bidi.ts). */
function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], CATALOGUES[language]);
  const shown = (value: string) => (language === 'ar' && /[^\P{L}\p{Script=Arabic}]/u.test(value) ? isolateText(value) : value);
  return String(found).replace(/%\{(\w+)\}/g, (_, name: string) => shown(String(values[name])));
}

/** Categories named `<prefix> <words>` (the list keeps a name's first letter only in capitals), added through the API as the Admin. */
async function addCategories(prefix: string, words: string[]) {
  const { token } = await apiSession(suite.server.baseUrl);
  const res = await fetch(`${suite.server.baseUrl}/api/category/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: words.map((w) => `${prefix} ${w}`), status: words.map(() => 'Active') }),
  });
  expect(res.status).toBe(200);
}

/** Someone signed in, in `language`, at a desktop's or a phone's size. */
const signedIn = (language: Language, phone: boolean, account = ADMIN) => signedInContext(suite.browser, suite.server.baseUrl, { language, phone, account });

const rows = (page: Page) => page.locator('.RaDataTable-tbody > tr');
/** The rows' texts once the list shows exactly `expected` rows holding `prefix`, in that order. */
async function rowsAre(page: Page, prefix: string, expected: string[]) {
  await page.waitForFunction(
    ({ prefix, expected }) => {
      const names = [...document.querySelectorAll('.RaDataTable-tbody > tr td.column-name [title]')].map((cell) => cell.getAttribute('title') ?? '');
      return JSON.stringify(names.filter((n) => n.startsWith(prefix))) === JSON.stringify(expected) && !document.querySelector('[data-refetching]');
    },
    { prefix, expected },
  );
}

/** The views' panel: beside the list on a desktop, behind its button on a phone. */
async function views(page: Page, language: Language, phone: boolean) {
  if (phone) await page.getByRole('button', { name: text(language, 'app.views.title'), exact: true }).click();
  const panel = page.getByRole('region', { name: text(language, 'app.views.title') });
  await panel.waitFor();
  return panel;
}

async function saveView(page: Page, language: Language, phone: boolean, name: string, shared = false) {
  const panel = await views(page, language, phone);
  await panel.getByRole('button', { name: text(language, 'app.views.save') }).click();
  const dialog = page.getByRole('dialog', { name: text(language, 'app.views.saveTitle') });
  await dialog.getByRole('textbox', { name: text(language, 'app.views.name') }).fill(name);
  if (shared) await dialog.getByRole('checkbox', { name: text(language, 'app.views.shareWithStaff') }).check();
  await dialog.getByRole('button', { name: text(language, 'ra.action.save') }).click();
  await page.getByText(text(language, 'app.views.saved', { name })).waitFor();
  if (phone) await page.keyboard.press('Escape');
}

const viewId = async (name: string) =>
  (await suite.server.ctx.db.selectFrom('saved_views').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

describe('saved views', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const phone of [false, true]) {
      const where = phone ? 'phone' : 'desktop';
      it(`in ${language} on a ${where}: save a searched and sorted list, change it, apply the view, open its link`, async () => {
        const prefix = `Vw${language}${where}`;
        await addCategories(prefix, ['gamma one', 'alpha two', 'beta six']);
        const { page, close } = await signedIn(language, phone);
        try {
          const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
          // searched and sorted by name, A to Z
          await page.goto(`${suite.server.baseUrl}/category?filter=${encodeURIComponent(JSON.stringify({ q: prefix }))}&sort=name&order=ASC`);
          await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
          const sorted = [`${prefix} alpha two`, `${prefix} beta six`, `${prefix} gamma one`];
          await rowsAre(page, prefix, sorted);
          const name = `${t('app.views.title')} ${where}`;
          await saveView(page, language, phone, name);

          // something else: the whole list, newest first
          await page.goto(`${suite.server.baseUrl}/category?filter=%7B%7D&sort=id&order=DESC`);
          await page.waitForFunction((prefix) => [...document.querySelectorAll('.RaDataTable-tbody > tr td.column-name [title]')].some((cell) => !cell.getAttribute('title')?.startsWith(prefix)), prefix);

          if (phone) await screenshot(page, `saved-views-${language}-${where}-button`);
          const panel = await views(page, language, phone);
          const item = panel.getByRole('button', { name, exact: true });
          await item.click();
          await rowsAre(page, prefix, sorted);
          expect(new URL(page.url()).searchParams.get('filter')).toContain(prefix);
          if (phone) await views(page, language, phone);
          // the view applied is the one marked
          await expect(panel.getByRole('button', { name, exact: true }).getAttribute('aria-current')).resolves.toBe('true');
          if (language === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
          await screenshot(page, `saved-views-${language}-${where}`);
          expect(await axeViolations(page)).toEqual([]);
          if (phone) await page.keyboard.press('Escape');

          // its link, in a fresh page
          const fresh = await page.context().newPage();
          await fresh.goto(`${suite.server.baseUrl}/category?view=${await viewId(name)}`);
          await rowsAre(fresh, prefix, sorted);
          await fresh.close();
        } finally {
          await close();
        }
      });
    }
  }

  it('an Admin shares a view of the posts; a Sub-Admin with Post-list sees and applies it, another view is not theirs to see', async () => {
    const admin = await signedIn('en', false);
    const poster = { email: 'poster@example.com', password: DEMO_PASSWORD };
    await createUser(suite.server, { ...poster, name: 'Pia Poster', user_type: 'Sub-Admin', permissions: ['Post-list', 'Categories-list'] });
    const { db } = suite.server.ctx;
    const post = await db.selectFrom('posts').select('title').where('type', '=', 'post').where('deleted_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    const term = post.title.split(' ')[0];
    try {
      await admin.page.goto(`${suite.server.baseUrl}/post?filter=${encodeURIComponent(JSON.stringify({ q: term }))}&sort=title&order=ASC&perPage=20`);
      await rows(admin.page).first().waitFor();
      await saveView(admin.page, 'en', false, 'Team: posts by title', true);
      await saveView(admin.page, 'en', false, 'Admin private', false);
      await screenshot(admin.page, 'saved-views-admin-shared');
    } finally {
      await admin.close();
    }

    const colleague = await signedIn('ar', true, poster);
    try {
      const { page } = colleague;
      await page.goto(`${suite.server.baseUrl}/post`);
      await rows(page).first().waitFor();
      const panel = await views(page, 'ar', true);
      await panel.getByText(text('ar', 'app.views.shared'), { exact: true }).waitFor();
      await expect(panel.getByText('Admin private').count()).resolves.toBe(0);
      await panel.getByText('Team: posts by title', { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('perPage') === '20' && url.searchParams.get('sort') === 'title');
      expect(new URL(page.url()).searchParams.get('filter')).toContain(term);
      await rows(page).filter({ hasText: post.title }).first().waitFor();
      // a shared view is not the Sub-Admin's to change: its menu only copies the link
      await views(page, 'ar', true);
      await panel.getByRole('button', { name: text('ar', 'app.views.options', { name: 'Team: posts by title' }) }).click();
      await expect(page.getByRole('menuitem').allInnerTexts()).resolves.toEqual([text('ar', 'app.views.actions.copyLink')]);
      await page.keyboard.press('Escape');
      await screenshot(page, 'saved-views-subadmin-shared-ar-phone');
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      // the Admin's private view, from a link: said so, the list as it was
      await page.goto(`${suite.server.baseUrl}/post?view=${await viewId('Admin private')}`);
      await page.getByText(text('ar', 'messages.viewNotFound')).first().waitFor();
      await page.waitForURL((url) => !url.searchParams.has('view'));
    } finally {
      await colleague.close();
    }
  });

  it('deletes a view after asking, with Undo in its toast, by keyboard', async () => {
    await addCategories('Vwdel', ['only one']);
    const { page, close } = await signedIn('en', false);
    try {
      await page.goto(`${suite.server.baseUrl}/category?filter=${encodeURIComponent(JSON.stringify({ q: 'Vwdel' }))}`);
      await rowsAre(page, 'Vwdel', ['Vwdel only one']);
      await saveView(page, 'en', false, 'To be deleted');
      const panel = await views(page, 'en', false);
      const options = panel.getByRole('button', { name: text('en', 'app.views.options', { name: 'To be deleted' }) });
      await options.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Delete' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').getByText(text('en', 'app.views.deleteTitle', { name: 'To be deleted' })).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: text('en', 'ra.action.confirm') }).click();
      await page.getByText(text('en', 'app.views.deleted', { name: 'To be deleted' })).waitFor();
      await expect(panel.getByRole('button', { name: 'To be deleted', exact: true }).count()).resolves.toBe(0);
      await page.getByRole('button', { name: text('en', 'ra.action.undo') }).click();
      await panel.getByRole('button', { name: 'To be deleted', exact: true }).waitFor();
      expect(await suite.server.ctx.db.selectFrom('saved_views').select('id').where('name', '=', 'To be deleted').execute()).toHaveLength(1);

      // deleted for good once its toast goes
      await options.click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const deleted = page.waitForResponse((res) => res.request().method() === 'DELETE' && res.url().includes('/api/views/'), { timeout: 30000 });
      await page.getByRole('dialog').getByRole('button', { name: text('en', 'ra.action.confirm') }).click();
      expect((await deleted).status()).toBe(200);
      expect(await suite.server.ctx.db.selectFrom('saved_views').select('id').where('name', '=', 'To be deleted').execute()).toHaveLength(0);
    } finally {
      await close();
    }
  });
});
