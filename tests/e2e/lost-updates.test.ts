// Two staff, two browsers, the same record: the first save wins, the second is refused with the
// catalogue's 'recordChanged' text, keeps what was typed, and nothing of it reaches the database; after a
// reload the second person sees the first one's change and can save over it knowingly.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { createUser } from '../support/api';
import { ADMIN, DEMO_PASSWORD, newPage, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const CHANGED = 'This record was changed by someone else. Reload it to see the changes.';
const suite = useBrowserSuite();

/** A second staff member: a browser context of their own, signed in as the Admin too. */
async function colleague() {
  const second = await newPage(suite.browser);
  await signIn(second.page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await second.page.waitForURL('**/dashboard');
  return second;
}

/** Signs in as the Admin and adds a category through the Add Category dialog. */
/**
 * A colleague with an account of their own (a Sub-Admin holding Categories-list): the language follows each
 * person's profile, so a colleague working in Arabic must not be the Admin whose browser works in English.
 */
async function arabicColleagueAccount() {
  const account = { email: 'leila@example.com', password: DEMO_PASSWORD };
  await createUser(suite.server, { ...account, name: 'ليلى', user_type: 'Sub-Admin', permissions: ['Categories-list'] });
  return account;
}

async function signInAndAddCategory(page: Page, name: string) {
  await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${suite.server.baseUrl}/category`);
  await page.getByRole('button', { name: 'Add Category' }).click();
  await page.getByRole('dialog').getByLabel('Category Name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByText('Category has been added Successfully').waitFor();
}

async function openCategoryEdit(page: Page, name: string) {
  await page.goto(`${suite.server.baseUrl}/category?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Edit Category').waitFor();
  return dialog;
}

describe('no lost updates in the browser', () => {
  it('a category edited in two dialogs: the second save is refused and keeps what was typed', async () => {
    const { page, server } = suite;
    await signInAndAddCategory(page, 'Lighthouses');

    const other = await colleague();
    try {
      // both open the same row
      const mine = await openCategoryEdit(page, 'Lighthouses');
      const theirs = await openCategoryEdit(other.page, 'Lighthouses');

      await mine.getByLabel('Category Name').fill('Lighthouses by the sea');
      await mine.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Category has been updated Successfully').waitFor();

      await theirs.getByLabel('Category Name').fill('Lighthouses and capes');
      await theirs.getByRole('button', { name: 'Save' }).click();
      await other.page.getByText(CHANGED).waitFor();
      await screenshot(other.page, 'record-changed-en');
      // the dialog stays open with what was typed; the database holds the first save
      await expect(theirs.getByLabel('Category Name').inputValue()).resolves.toBe('Lighthouses and capes');
      const stored = await server.ctx.db.selectFrom('categories').select('name').where('name', 'like', 'Lighthouses%').execute();
      expect(stored.map((r) => r.name)).toEqual(['Lighthouses by the sea']);

      // reloaded, the colleague sees the change and saves over it knowingly
      await theirs.getByRole('button', { name: 'Cancel' }).click();
      await other.page.getByRole('alertdialog', { name: 'Discard the changes?' }).getByRole('button', { name: 'Discard' }).click();
      const again = await openCategoryEdit(other.page, 'Lighthouses by the sea');
      await expect(again.getByLabel('Category Name').inputValue()).resolves.toBe('Lighthouses by the sea');
      await again.getByLabel('Category Name').fill('Lighthouses and capes');
      await again.getByRole('button', { name: 'Save' }).click();
      await other.page.getByText('Category has been updated Successfully').waitFor();
      const saved = await server.ctx.db.selectFrom('categories').select('name').where('name', 'like', 'Lighthouses%').execute();
      expect(saved.map((r) => r.name)).toEqual(['Lighthouses and capes']);
    } finally {
      await other.context.close();
    }
  });

  it("a user's edit page open in two browsers: the second Update is refused, the first one's name stays", async () => {
    const { page, server } = suite;
    const target = await server.ctx.db.selectFrom('users').select(['id', 'name']).where('user_type', '=', 'User').orderBy('id').limit(1).executeTakeFirstOrThrow();
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const other = await colleague();
    try {
      for (const p of [page, other.page]) {
        await p.goto(`${server.baseUrl}/edituser/${target.id}`);
        await expect.poll(() => p.getByLabel('Name').inputValue()).toBe(target.name);
      }
      await page.getByLabel('Name').fill('Elif Kaya');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByText('User has been updated successfully').waitFor();

      await other.page.getByLabel('Name').fill('Zeynep Demir');
      await other.page.getByRole('button', { name: 'Update' }).click();
      await other.page.getByText(CHANGED).waitFor();
      // still on the form, with what was typed
      expect(new URL(other.page.url()).pathname).toBe(`/edituser/${target.id}`);
      await expect(other.page.getByLabel('Name').inputValue()).resolves.toBe('Zeynep Demir');
      const stored = await server.ctx.db.selectFrom('users').select('name').where('id', '=', target.id).executeTakeFirstOrThrow();
      expect(stored.name).toBe('Elif Kaya');

      // a reload shows the first save, and the next Update goes through
      await other.page.reload();
      await expect.poll(() => other.page.getByLabel('Name').inputValue()).toBe('Elif Kaya');
      await other.page.getByLabel('Name').fill('Zeynep Demir');
      await other.page.getByRole('button', { name: 'Update' }).click();
      await other.page.getByText('User has been updated successfully').waitFor();
      const saved = await server.ctx.db.selectFrom('users').select('name').where('id', '=', target.id).executeTakeFirstOrThrow();
      expect(saved.name).toBe('Zeynep Demir');
    } finally {
      await other.context.close();
    }
  });

  it('says so in Arabic, right to left, to a colleague working in Arabic', async () => {
    const { page, server } = suite;
    await signInAndAddCategory(page, 'منارات');

    const other = await newPage(suite.browser);
    try {
      const account = await arabicColleagueAccount();
      await signIn(other.page, server.baseUrl, account.email, account.password);
      await other.page.waitForURL('**/dashboard');
      // the colleague works in Arabic: the next page load starts in it
      await other.page.evaluate(() => localStorage.setItem('RaStorebackoffice.locale', '"ar"'));
      await other.page.goto(`${server.baseUrl}/category?filter=${encodeURIComponent(JSON.stringify({ q: 'منارات' }))}`);
      await expect.poll(() => other.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await other.page.getByRole('row').filter({ hasText: 'منارات' }).getByRole('button', { name: ar.app.actions.menu }).click();
      await other.page.getByRole('menuitem', { name: ar.app.actions.edit }).click();
      const theirs = other.page.getByRole('dialog');
      await theirs.getByText(ar.app.category.edit).waitFor();

      const mine = await openCategoryEdit(page, 'منارات');
      await mine.getByLabel('Category Name').fill('منارات البحر');
      await mine.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Category has been updated Successfully').waitFor();

      await theirs.getByRole('textbox').first().fill('منارات ورؤوس');
      await theirs.getByRole('button', { name: ar.ra.action.save }).click();
      await other.page.getByText(ar.messages.recordChanged).waitFor();
      await screenshot(other.page, 'record-changed-ar');
      const stored = await server.ctx.db.selectFrom('categories').select('name').where('name', 'like', 'منارات%').execute();
      expect(stored.map((r) => r.name)).toEqual(['منارات البحر']);
    } finally {
      await other.context.close();
    }
  });
});
