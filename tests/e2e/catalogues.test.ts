import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, latestMail, screenshot, searchedPath, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

async function openList(page: Page, path: string, header: string) {
  const { server } = suite;
  await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${server.baseUrl}${path}`);
  await page.getByRole('columnheader', { name: header }).waitFor();
}

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function rowAction(page: Page, text: string, action: 'Edit' | 'Delete') {
  await rowWith(page, text).getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function search(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(text));
}

describe('categories, tags, email templates and content pages', () => {
  it('adds several categories at once: an empty row blocks Save, a duplicate is kept back, the rest is added', async () => {
    const { page, server } = suite;
    const existing = await server.ctx.db.selectFrom('categories').select('name').orderBy('id').executeTakeFirstOrThrow();
    await openList(page, '/category', 'Category Name');
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog');
    const names = dialog.getByLabel('Category Name');
    await names.nth(0).fill('hidden BEACHES');
    await dialog.getByRole('button', { name: 'Add another row' }).click();
    await names.nth(1).fill(' ');
    // the message shows once the row is left (or on a save attempt), and disables Save while shown
    await names.nth(1).blur();
    await dialog.getByText('Category Name should not be empty.').waitFor();
    await expect(dialog.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await names.nth(1).fill(existing.name.toUpperCase());
    await dialog.getByRole('button', { name: 'Add another row' }).click();
    await expect(names.count()).resolves.toBe(3);
    await screenshot(page, 'category-add-en');
    await dialog.getByRole('button', { name: 'Remove this row' }).nth(2).click();
    await expect(names.count()).resolves.toBe(2);
    await dialog.getByRole('button', { name: 'Save' }).click();

    await page.getByText('Category has been added Successfully').waitFor();
    await dialog.getByRole('alert').getByText(`Category name such as ${existing.name} already exist.`, { exact: false }).waitFor();
    // only the refused row stays, as it was typed
    await expect(names.count()).resolves.toBe(1);
    await expect(names.nth(0).inputValue()).resolves.toBe(existing.name.toUpperCase());
    await dialog.getByRole('button', { name: 'Remove this row' }).click();
    await dialog.getByText('Category Name should not be empty.').waitFor();
    // a row was removed: closing asks first
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Discard the changes?' }).getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });

    await search(page, 'Search for Category Name and Status', 'hidden');
    await rowWith(page, 'Hidden beaches').getByText('Active').waitFor();
  });

  it('shows numeric character references in names decoded, as text that never runs', async () => {
    const { page, server } = suite;
    const stamp = new Date().toISOString();
    const name = 'Caf&#233; &#60;img src=x onerror=window.__xss=1&#62;';
    await server.ctx.db
      .insertInto('categories')
      .values({ name, name_key: 'cafe-entities', status: 'Active', created_at: stamp, updated_at: stamp })
      .execute();
    await openList(page, '/category', 'Category Name');
    await search(page, 'Search for Category Name and Status', 'caf');
    const row = rowWith(page, 'Café <img src=x onerror=window.__xss=1>');
    await row.waitFor();
    await expect(row.locator('img').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).resolves.toBeUndefined();
  });

  it('edits a category with the edit dialog and deletes it after the confirmation', async () => {
    const { page } = suite;
    await openList(page, '/category', 'Category Name');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByRole('dialog').getByLabel('Category Name').fill('Volcanoes');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Category has been added Successfully').waitFor();
    await search(page, 'Search for Category Name and Status', 'volcano');

    await rowAction(page, 'Volcanoes', 'Edit');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Edit Category').waitFor();
    await dialog.getByLabel('Category Name').fill('');
    await dialog.getByLabel('Category Name').blur();
    await dialog.getByText('You must enter a name').waitFor();
    await dialog.getByLabel('Category Name').fill('volcanoes and CRATERS');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Category has been updated Successfully').waitFor();
    await rowWith(page, 'Volcanoes and craters').getByText('Inactive').waitFor();

    await rowAction(page, 'Volcanoes and craters', 'Delete');
    await page.getByText('Are you sure you want to delete this category ?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Category has been deleted Successfully').waitFor();
    await page.getByText('No records found!').waitFor();
  });

  it('adds tags lower-cased as they are typed, rows starting Active, and shows the duplicates message', async () => {
    const { page } = suite;
    await openList(page, '/tag', 'Tag Name');
    await page.getByRole('button', { name: 'Add Tag' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tag Name').fill('SunRise');
    await expect(dialog.getByLabel('Tag Name').inputValue()).resolves.toBe('sunrise');
    await expect(dialog.getByRole('combobox', { name: 'Status' }).textContent()).resolves.toContain('Active');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Tag has been added Successfully').waitFor();

    await page.getByRole('button', { name: 'Add Tag' }).click();
    await dialog.getByLabel('Tag Name').fill('SUNRISE');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').getByText('Tag name sunrise already exist.', { exact: false }).waitFor();
  });

  it('edits an email template in the rich-text editor; the text survives a reload and the reset mail uses it', async () => {
    const { page, server } = suite;
    await openList(page, searchedPath('/emailtemplate', 'forgot-password'), 'Slug');
    await rowAction(page, 'forgot-password', 'Edit');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('');
    await dialog.getByLabel('Title').blur();
    await dialog.getByText('Please enter a Title').waitFor();
    await dialog.getByLabel('Title').fill('Your reset link, {{name}}');
    const editor = dialog.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Safe travels from the support team.');
    await screenshot(page, 'emailtemplate-edit-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Email Template has been updated successfully').waitFor();

    await page.reload();
    await rowAction(page, 'forgot-password', 'Edit');
    await dialog.locator('.ProseMirror').getByText('Safe travels from the support team.').waitFor();
    await expect(dialog.getByLabel('Title').inputValue()).resolves.toBe('Your reset link, {{name}}');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const before = latestMail(server.dataDir);
    const res = await fetch(`${server.baseUrl}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email }),
    });
    expect(res.status).toBe(200);
    await server.ctx.background.drain();
    const mail = (latestMail(server.dataDir) ?? '').replace(/=\r?\n/g, '');
    expect(mail).not.toBe(before);
    expect(mail).toContain('Safe travels from the support team.');
    expect(mail).toMatch(/Subject: Your reset link, /);
  });

  it('adds, edits and deletes a content page with its rich-text description', async () => {
    const { page } = suite;
    await openList(page, '/contentmanagement', 'Slug');
    await page.getByRole('button', { name: 'Add Content' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Travel Safety Tips');
    await dialog.getByLabel('Title').fill('');
    await dialog.getByLabel('Title').blur();
    await dialog.getByText('You must enter a title').waitFor();
    await dialog.getByLabel('Title').fill('Travel Safety Tips');
    // Save stays enabled: a save attempt says what is missing
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please select the description').waitFor();
    await dialog.locator('.ProseMirror').click();
    await page.keyboard.type('Keep a copy of your passport.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Content Management has been added Successfully').waitFor();
    await rowWith(page, 'travel-safety-tips').waitFor();

    await rowAction(page, 'travel-safety-tips', 'Edit');
    await dialog.getByLabel('Slug').fill('safety');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Content Management has been updated Successfully').waitFor();
    await rowWith(page, 'safety').filter({ hasText: 'Travel Safety Tips' }).waitFor();

    await rowAction(page, 'Travel Safety Tips', 'Delete');
    await page.getByText('Are you sure you want to delete this Content ?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Content Management has been Deleted Successfully').waitFor();
    await expect(rowWith(page, 'Travel Safety Tips').count()).resolves.toBe(0);
  });

  it('speaks Arabic right to left in the catalogue dialogs', async () => {
    const { page, server } = suite;
    await openList(page, '/tag', 'Tag Name');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('columnheader', { name: 'اسم الوسم' }).waitFor();
    await page.getByRole('button', { name: 'إضافة وسم' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('اسم الوسم').fill(' ');
    await dialog.getByLabel('اسم الوسم').blur();
    await dialog.getByText('يجب ألا يكون اسم الوسم فارغًا.').waitFor();
    await expect(dialog.evaluate((el) => getComputedStyle(el).direction)).resolves.toBe('rtl');
    await screenshot(page, 'tag-add-ar');
    // something was typed: closing asks first
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await page.getByRole('alertdialog', { name: 'هل تريد تجاهل التغييرات؟' }).getByRole('button', { name: 'تجاهل' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${server.baseUrl}/contentmanagement`);
    await page.getByRole('button', { name: 'إضافة محتوى' }).click();
    await dialog.locator('.ProseMirror').waitFor();
    await expect(dialog.locator('.ProseMirror').evaluate((el) => getComputedStyle(el).direction)).resolves.toBe('rtl');
    await screenshot(page, 'content-add-ar');
  });
});
