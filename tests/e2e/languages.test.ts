// Turkish and Arabic as staff read them (issue 32: M8, m7, m25, m28, p1): user text isolated right to
// left, dates in the language's pattern, the tab title naming the screen, named row menus, natural sort
// labels, and the language following the person to another browser.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { tr } from '@admin/i18n/tr';
import { formatDate } from '@shared/contract';
import { ADMIN, newPage, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();
const ADVERT = 'This looks like an advert.';
const MIXED = 'Grand Bazaar — مرحبا 123 test (mixed ltr/rtl)';
/** invisible isolates a translation puts around a name in Arabic */
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

/** Signs in, then shows the admin in `locale` from the next page on. */
async function signInIn(page: Page, locale: 'tr' | 'ar') {
  await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.evaluate((l) => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify(l)), locale);
}

/** A seeded post given a description; its id and creation date. */
async function postWith(description: string) {
  const db = suite.server.ctx.db;
  const post = await db.selectFrom('posts').select(['id', 'created_at', 'itinerary_date']).where('type', '=', 'post').where('deleted_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('posts').set({ description }).where('id', '=', post.id).execute();
  return post;
}

/**
 * How the browser shows `text` (the first element holding it under `scope`): is it isolated (an ancestor
 * up to the cell or value is a <bdi>, has dir, or unicode-bidi isolate/plaintext), and where on screen
 * its first character and `mark` stand.
 */
async function rendering(page: Page, scope: string, text: string, mark: string) {
  return page.evaluate(
    ({ scope, text, mark }) => {
      const root = document.querySelector(scope)!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      let node: Text | null = null;
      while (walker.nextNode()) if ((walker.currentNode as Text).data.includes(text)) node = walker.currentNode as Text;
      if (!node) return null;
      const at = node.data.indexOf(text);
      const rectOf = (i: number) => {
        const range = document.createRange();
        range.setStart(node!, i);
        range.setEnd(node!, i + 1);
        return range.getBoundingClientRect().left;
      };
      let isolated = false;
      for (let el: Element | null = node.parentElement; el && el !== root; el = el.parentElement) {
        const bidi = getComputedStyle(el).unicodeBidi;
        if (el.tagName === 'BDI' || el.hasAttribute('dir') || bidi === 'isolate' || bidi === 'plaintext') isolated = true;
      }
      return { isolated, first: rectOf(at), mark: rectOf(at + text.indexOf(mark)) };
    },
    { scope, text, mark },
  );
}

describe('Arabic and Turkish', () => {
  it('Arabic: user text keeps its own direction in the post list and detail, dates read day first, the tab names the screen (M8, m7, p1)', async () => {
    const { page, server } = suite;
    const post = await postWith(ADVERT);
    await signInIn(page, 'ar');
    await page.goto(`${server.baseUrl}/post/${post.id}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByText(ADVERT).first().waitFor();
    // the full stop at the end of the English sentence, right of its first letter
    const detail = await rendering(page, 'main', ADVERT, '.');
    expect(detail?.isolated).toBe(true);
    expect(detail!.mark).toBeGreaterThan(detail!.first);
    // the date day first, as Arabic readers expect
    const shown = formatDate(post.itinerary_date ?? post.created_at, 'ar');
    await page.getByText(shown).first().waitFor();
    expect(plain(await page.evaluate(() => document.title))).toBe(`${ar.app.menu.posts} · ${ar.app.name}`);
    await screenshot(page, 'languages-ar-post-detail');

    await postWith(MIXED);
    await page.goto(`${server.baseUrl}/post?filter=${encodeURIComponent(JSON.stringify({ q: 'Grand Bazaar' }))}`);
    await page.getByText(MIXED).first().waitFor();
    // the mixed text reads in its written order: "Grand Bazaar" first, the parenthesis last
    const cell = await rendering(page, 'main table', MIXED, '(');
    expect(cell?.isolated).toBe(true);
    expect(cell!.first).toBeLessThan(cell!.mark);
    await page.getByText(formatDate(post.created_at, 'ar')).first().waitFor();
    await screenshot(page, 'languages-ar-post-list');
  });

  it('Arabic: row menus name their record, pickers and sort labels are translated (m28)', async () => {
    const { page, server } = suite;
    await signInIn(page, 'ar');
    await page.goto(`${server.baseUrl}/category`);
    const first = page.getByRole('row').nth(1);
    await first.waitFor();
    const name = (await first.getByRole('button', { name: /الإجراءات الخاصة بـ/ }).getAttribute('aria-label'))!;
    // named by the row's own category
    const category = plain(name).replace(/^الإجراءات الخاصة بـ /, '');
    expect(category).not.toBe('');
    await first.getByText(category, { exact: true }).first().waitFor();
    const sortLabels = await page.locator('thead').getByRole('button').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent));
    // "Sort by Category Name, descending": the column's label as the header shows it, then the order
    expect(sortLabels.map((l) => plain(l ?? ''))).toContain('فرز حسب اسم الفئة، تنازليًا');
    for (const label of sortLabels) expect(plain(label ?? '')).toMatch(/^فرز حسب [^،]+، (تصاعديًا|تنازليًا)$/);
    await page.goto(`${server.baseUrl}/audit`);
    await page.getByRole('button', { name: ar.app.localised.open }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Open', exact: true }).count()).toBe(0);
  });

  it('Turkish: dates dd.MM.yyyy in lists and the date filters, which take a typed Turkish date (m7, p1)', async () => {
    const { page, server } = suite;
    await signInIn(page, 'tr');
    await page.goto(`${server.baseUrl}/user`);
    const user = await suite.server.ctx.db.selectFrom('users').select('created_at').where('user_type', '=', 'User').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await page.getByText(formatDate(user.created_at, 'tr')).first().waitFor();
    expect(await page.evaluate(() => document.title)).toBe('Kullanıcılar · Seyahat Yönetim Paneli');
    await page.goto(`${server.baseUrl}/audit`);
    const from = page.getByLabel(tr.app.audit.filters.from);
    await expect(from.getAttribute('placeholder')).resolves.toBe('GG.AA.YYYY');
    await from.fill('26.11.2026');
    await page.waitForURL((url) => decodeURIComponent(url.search).includes('"from":"2026-11-26"'));
    await screenshot(page, 'languages-tr-audit-filter');
  });

  it('the language chosen in one browser is the one another browser shows after signing in; its sign-in page keeps its own (m25)', async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    // in English too, the sort label reads naturally and the row menu names its record (m28)
    await page.goto(`${server.baseUrl}/category`);
    await page.getByRole('button', { name: 'Sort by Category Name, descending', exact: true }).waitFor();
    await page.getByRole('row').nth(1).getByRole('button', { name: /^Actions for \S/ }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ar');
    // saved with the profile
    await expect
      .poll(async () => (await suite.server.ctx.db.selectFrom('users').select('preferences').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).preferences, { timeout: 5000 })
      .toContain('"language":"ar"');

    const other = await newPage(suite.browser);
    try {
      await other.page.goto(`${server.baseUrl}/login`);
      await other.page.getByRole('button', { name: 'Login' }).waitFor();
      expect(await other.page.evaluate(() => document.documentElement.lang)).toBe('en');
      await signIn(other.page, server.baseUrl, ADMIN.email, ADMIN.password);
      await other.page.waitForURL('**/dashboard');
      await expect.poll(() => other.page.evaluate(() => document.documentElement.lang)).toBe('ar');
      await other.page.getByText(ar.app.menu.dashboard).first().waitFor();
    } finally {
      await other.context.close();
    }
  });

  for (const [language, t, typing] of [
    ['tr', tr, { stored: '01.04.2026 09:00', impossible: '31.02.2026 10:00', date: '20.05.2026 19:30' }],
    ['ar', ar, { stored: '01/04/2026 09:00', impossible: '31/02/2026 10:00', date: '20/05/2026 19:30' }],
  ] as const) {
    it(`${language}: the post form's date and time read and are typed in the language's pattern (m7)`, async () => {
      const { page, server } = suite;
      const db = server.ctx.db;
      const post = await db.selectFrom('posts').select('id').where('type', '=', 'post').where('deleted_at', 'is', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
      await db.updateTable('posts').set({ itinerary_date: '2026-04-01T09:00:00.000Z' }).where('id', '=', post.id).execute();
      await signInIn(page, language);
      await page.goto(`${server.baseUrl}/post/${post.id}`);
      await page.getByRole('button', { name: t.app.actions.edit, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.app.post.edit });
      const date = dialog.getByLabel(t.app.post.date);
      await date.waitFor();
      await expect(date.inputValue()).resolves.toBe(typing.stored);
      await expect(date.getAttribute('placeholder')).resolves.toBe(t.app.localised.date_time_placeholder);

      await date.fill(typing.impossible);
      await dialog.getByText(t.app.localised.date_time_invalid).waitFor();
      await screenshot(page, `languages-${language}-post-date`);
      await date.fill(typing.date);
      await dialog.getByText(t.app.localised.date_time_invalid).waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: t.ra.action.save }).click();
      await page.getByText(t.messages.postUpdated).waitFor();
      const saved = await db.selectFrom('posts').select('itinerary_date').where('id', '=', post.id).executeTakeFirstOrThrow();
      expect(saved.itinerary_date).toBe('2026-05-20T19:30:00.000Z');
    });
  }
});
