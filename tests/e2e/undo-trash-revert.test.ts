// Issue 35, "Undo where it is safe" and "Revert from History", as staff use them in English and Arabic
// (right to left) on a desktop and a 390 px phone: a category deleted and undone from its toast (nothing
// reaches the server), a post deleted and restored from the Trash (its History says so), an edit's old
// values brought back from the History; axe on the Trash.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { apiSession, axeViolations, screenshot, searchedPath, signedInContext, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();
const CATALOGUES = { en, ar } as const;
type Language = keyof typeof CATALOGUES;
const ROW_MENU = '.row-menu';

/** The catalogue text of `key` in `language`, as the screen shows it. */
function text(language: Language, key: string): string {
  return String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], CATALOGUES[language]));
}

/** The admin signed in, in `language`, at a desktop's or a phone's size. */
const signedIn = (language: Language, phone: boolean) => signedInContext(suite.browser, suite.server.baseUrl, { language, phone });

/** An API call as the admin (arranging data beside the browser). */
async function api<T>(method: string, path: string, body?: object): Promise<T> {
  const { token } = await apiSession(suite.server.baseUrl);
  const res = await fetch(`${suite.server.baseUrl}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Opens a list searched for `term`, in `language`, and waits for its one row. */
async function openSearched(page: Page, language: Language, path: string, term: string) {
  await page.goto(`${suite.server.baseUrl}${searchedPath(path, term)}`);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  await page.locator(ROW_MENU).first().waitFor();
  await expect(page.locator(ROW_MENU).count()).resolves.toBe(1);
}

/** The only row's menu, then one of its items. */
async function rowAction(page: Page, language: Language, item: 'app.actions.delete' | 'app.actions.edit') {
  await page.locator(ROW_MENU).click();
  await page.getByRole('menuitem', { name: text(language, item) }).click();
}

const categoryNamed = (name: string) => suite.server.ctx.db.selectFrom('categories').select(['id', 'name']).where('name', '=', name).executeTakeFirst();

describe.each([
  ['en', false],
  ['en', true],
  ['ar', false],
  ['ar', true],
] as const)('undo, the Trash and revert in %s (phone: %s)', (language, phone) => {
  const tag = `${language}${phone ? ' phone' : ''}`;

  it('deletes a category and undoes it from the toast: the delete never reaches the server', async () => {
    const name = `Undo me ${tag}`;
    await api('POST', '/category/create', { name, status: 'Active' });
    const { page, close } = await signedIn(language, phone);
    try {
      await openSearched(page, language, '/category', name);
      await rowAction(page, language, 'app.actions.delete');
      await page.getByRole('dialog').getByRole('button', { name: text(language, 'app.actions.delete') }).click();
      // the spec's toast, with Undo beside it; the row has left the list
      const toast = page.getByText(text(language, 'messages.categoryDeleted'));
      await toast.waitFor();
      await expect(page.locator(ROW_MENU).count()).resolves.toBe(0);
      await screenshot(page, `undo-category-${language}${phone ? '-phone' : ''}`);
      // the toast and its Undo read well on the error red
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: text(language, 'ra.action.undo') }).click();
      await page.locator(ROW_MENU).waitFor();
      await toast.waitFor({ state: 'detached' });
      // the toast is gone, so the delete would have been sent by now: the category is still there
      await page.reload();
      await page.locator(ROW_MENU).waitFor();
      expect(await categoryNamed(name)).toBeDefined();
    } finally {
      await close();
    }
  });

  it('deletes a post, finds it in the Trash and restores it; its History says so', async () => {
    const { db } = suite.server.ctx;
    const author = await db.selectFrom('users').select('id').where('user_type', '=', 'User').orderBy('id').executeTakeFirstOrThrow();
    const spot = await db.selectFrom('spots').select('id').orderBy('id').executeTakeFirstOrThrow();
    const title = `Trash trip ${tag}`;
    const { id } = await api<{ id: number }>('POST', '/post/createUpdateAdminPost', { user_id: author.id, title, itinerary_date: '2026-06-01 10:00:00', type: 'post', spotData: [{ id: spot.id }] });
    const { page, close } = await signedIn(language, phone);
    try {
      await openSearched(page, language, '/post', title);
      await rowAction(page, language, 'app.actions.delete');
      await page.getByRole('dialog').getByRole('button', { name: text(language, 'app.actions.delete') }).click();
      await page.getByText(text(language, 'messages.postDeleted')).waitFor();
      // the server's Undo is offered; this time the post goes to the Trash
      await page.getByRole('button', { name: text(language, 'app.undo.undo') }).waitFor();

      await page.goto(`${suite.server.baseUrl}${searchedPath('/trash', title)}`);
      await page.getByRole('tab', { name: text(language, 'app.trash.posts'), selected: true }).waitFor();
      // the row's own Restore (named with the title: the bulk one beside the ticked rows is another)
      const restore = page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: text(language, 'app.trash.restore') });
      await restore.waitFor();
      await screenshot(page, `trash-${language}${phone ? '-phone' : ''}`);
      expect(await axeViolations(page)).toEqual([]);
      await restore.click();
      await page.getByText(text(language, 'messages.trashRestored').split('%')[0].trim()).waitFor();
      await page.getByText(title).waitFor({ state: 'detached' });

      // back in the posts list, and its History names the restore
      await openSearched(page, language, '/post', title);
      await page.goto(`${suite.server.baseUrl}/post/${id}`);
      await page.getByTestId('record-history').getByText(text(language, 'app.audit.actions.restore')).waitFor();
    } finally {
      await close();
    }
  });

  it("brings an edit's old values back from the History, after a confirmation that lists them", async () => {
    const before = `Harbours ${tag}`;
    const after = `Marinas ${tag}`;
    await api('POST', '/category/create', { name: before, status: 'Active' });
    const made = (await categoryNamed(before))!;
    await api('POST', '/category/update', { id: made.id, name: after, status: 'Active' });
    const { page, close } = await signedIn(language, phone);
    try {
      await openSearched(page, language, '/category', after);
      await rowAction(page, language, 'app.actions.edit');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: text(language, 'app.audit.show_history') }).click();
      await dialog.getByRole('button', { name: text(language, 'app.revert.action') }).first().click();
      const confirm = page.getByRole('dialog', { name: text(language, 'app.revert.title') });
      await confirm.getByTestId('revert-values').getByText(before).waitFor();
      await screenshot(page, `revert-${language}${phone ? '-phone' : ''}`);
      expect(await axeViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: text(language, 'app.revert.confirm') }).click();
      await page.getByText(text(language, 'app.revert.done')).waitFor();
      // the edit dialog closed (its form held the values before): the list shows the old name again
      await openSearched(page, language, '/category', before);
      expect((await categoryNamed(before))?.id).toBe(made.id);
      const history = await suite.server.ctx.db.selectFrom('audit_log').select(['action', 'detail']).where('entity', '=', 'category').where('entity_id', '=', String(made.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(history.action).toBe('revert');
    } finally {
      await close();
    }
  });
});
