// Issue 35, "Bulk edit of everything that matches", as staff use it in English and Arabic (right to left)
// on a desktop and a 390 px phone: one row ticked, then "all N matching" the search, Public set to No
// after a confirmation naming the count, the toast with its Undo putting them back; a job under way
// shows its progress bar, again after a reload, and its end; axe on the dialog and the toast.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { adminCall, axeViolations, screenshot, searchedPath, signedInContext, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();
const CATALOGUES = { en, ar } as const;
type Language = keyof typeof CATALOGUES;

/** The catalogue text of `key` in `language`, its %{placeholders} filled in. */
function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const raw = String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], CATALOGUES[language]));
  return raw.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

const signedIn = (language: Language, phone: boolean) => signedInContext(suite.browser, suite.server.baseUrl, { language, phone });

const api = <T>(method: string, path: string, body?: object) => adminCall<T>(suite.server.baseUrl, method, path, body);

async function openSearched(page: Page, language: Language, path: string, term: string, rows: number) {
  await page.goto(`${suite.server.baseUrl}${searchedPath(path, term)}`);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  const ticks = page.getByRole('checkbox', { name: text(language, 'ra.action.select_row') });
  await ticks.first().waitFor();
  await expect(ticks.count()).resolves.toBe(rows);
}

describe.each([
  ['en', false],
  ['en', true],
  ['ar', false],
  ['ar', true],
] as const)('bulk edit in %s (phone: %s)', (language, phone) => {
  const tag = `${language}${phone ? 'phone' : 'desk'}`;
  const shot = (name: string) => `${name}-${language}${phone ? '-phone' : ''}`;

  it('sets Public off on all that match the search after a confirmation naming the count, and undoes it from the toast', async () => {
    const { db } = suite.server.ctx;
    const author = await db.selectFrom('users').select('id').where('user_type', '=', 'User').orderBy('id').executeTakeFirstOrThrow();
    const spot = await db.selectFrom('spots').select('id').orderBy('id').executeTakeFirstOrThrow();
    const word = `bulkword${tag}`;
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const { id } = await api<{ id: number }>('POST', '/post/createUpdateAdminPost', { user_id: author.id, title: `${word} ${n}`, itinerary_date: '2026-06-01 10:00:00', type: 'post', spotData: [{ id: spot.id }] });
      ids.push(id);
    }
    const publicOf = async () => (await db.selectFrom('posts').select('is_public').where('id', 'in', ids).execute()).map((r) => r.is_public);
    const { page, close } = await signedIn(language, phone);
    try {
      await openSearched(page, language, '/post', word, 3);
      await page.getByRole('checkbox', { name: text(language, 'ra.action.select_row') }).first().check();
      await page.getByRole('button', { name: text(language, 'app.bulk.edit') }).click();
      const dialog = page.getByRole('dialog', { name: text(language, 'app.bulk.title') });
      await dialog.getByRole('radio', { name: text(language, 'app.bulk.all_matching', { count: 3 }) }).check();
      await dialog.getByRole('combobox', { name: text(language, 'app.bulk.field') }).click();
      await page.getByRole('option', { name: text(language, 'app.filters.public') }).click();
      await dialog.getByRole('combobox', { name: text(language, 'app.bulk.value') }).click();
      await page.getByRole('option', { name: text(language, 'app.filters.no') }).click();
      await screenshot(page, shot('bulk-dialog'));
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: text(language, 'app.bulk.next') }).click();
      await dialog.getByText(text(language, 'app.bulk.confirm', { count: 3 })).waitFor();
      await dialog.getByRole('button', { name: text(language, 'app.bulk.apply', { count: 3 }) }).click();

      // done: the toast names the count and offers Undo
      await page.getByText(text(language, 'app.bulk.finished', { count: 3 })).waitFor();
      expect(await publicOf()).toEqual([0, 0, 0]);
      await screenshot(page, shot('bulk-done'));
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: text(language, 'ra.action.undo') }).click();
      await page.getByText(text(language, 'app.bulk.undone', { count: 3 })).waitFor();
      expect(await publicOf()).toEqual([1, 1, 1]);
    } finally {
      await close();
    }
  });

  it("shows a job under way as a progress bar, again after a reload, and its end", async () => {
    const { db } = suite.server.ctx;
    const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    // a job another server works (its lease runs): this one only shows it
    const job = await db
      .insertInto('bulk_jobs')
      .values({ owner_id: admin.id, resource: 'post', change: '{"field":"is_public","value":false}', selection: '{"ids":[]}', state: 'running', total: 4, done: 2, changed: 2, lease_until: '2999-01-01T00:00:00.000Z', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { page, close } = await signedIn(language, phone);
    try {
      await page.goto(`${suite.server.baseUrl}/post`);
      const progress = text(language, 'app.bulk.progress', { done: 2, total: 4 });
      await page.getByRole('progressbar', { name: progress }).waitFor();
      await page.reload();
      await page.getByRole('progressbar', { name: progress }).waitFor();
      await screenshot(page, shot('bulk-progress'));
      expect(await axeViolations(page)).toEqual([]);
      await db.updateTable('bulk_jobs').set({ state: 'done', done: 4, changed: 4, finished_at: new Date().toISOString(), lease_until: null }).where('id', '=', Number(job.id)).execute();
      await page.getByText(text(language, 'app.bulk.finished', { count: 4 })).waitFor();
      await page.getByRole('progressbar', { name: progress }).waitFor({ state: 'detached' });
    } finally {
      await close();
    }
  });
});
