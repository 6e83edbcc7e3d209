// The form dialogs' shared rules: nothing typed is lost without asking (a backdrop click, Escape and
// Cancel ask 'Discard the changes?' of a changed form), and validation messages appear
// when a field is left or on the first save attempt, with Save enabled (spec §5 messages).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

async function openList(page: Page, path: string, header: string) {
  const { server } = suite;
  await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${server.baseUrl}${path}`);
  await page.getByRole('columnheader', { name: header }).first().waitFor();
}

/** A click on the dimmed page beside the dialog (its backdrop). */
const clickBackdrop = (page: Page) => page.mouse.click(12, 450);

const isFocused = (locator: ReturnType<Page['getByLabel']>) =>
  locator.evaluate((el) => el === document.activeElement);

describe('form dialogs', () => {
  it('asks before a backdrop click or Escape discards a changed Add Post dialog', async () => {
    const { page } = suite;
    await openList(page, '/post', 'Post Image');
    await page.getByRole('button', { name: 'Add Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Post' });
    await dialog.getByLabel('User').fill('Demo');
    await page.getByRole('option', { name: 'Demo User' }).click();
    await dialog.getByLabel('Categories').click();
    const category = (await page.getByRole('option').first().textContent()) ?? '';
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: category }).waitFor();
    // the spot row was not touched yet: no message about it
    await expect(dialog.getByText('Address or Images cannot be empty').count()).resolves.toBe(0);

    const ask = page.getByRole('alertdialog', { name: 'Discard the changes?' });
    await clickBackdrop(page);
    await ask.getByText('You have unsaved changes in Add Post.').waitFor();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect(dialog.getByLabel('User').inputValue()).resolves.toBe('Demo User');

    await page.keyboard.press('Escape');
    await ask.waitFor();
    await screenshot(page, 'dialog-discard-en');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect(dialog.getByLabel('User').inputValue()).resolves.toBe('Demo User');
    await dialog.getByRole('button', { name: category }).waitFor();

    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });

    // a new dialog starts empty, and closes on Cancel without asking
    await page.getByRole('button', { name: 'Add Post' }).click();
    await expect(dialog.getByLabel('User').inputValue()).resolves.toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(ask.count()).resolves.toBe(0);
  });

  it('asks on Cancel of a changed add dialog, in Turkish too', async () => {
    const { page } = suite;
    await openList(page, '/tag', 'Tag Name');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Türkçe' }).click();
    await page.getByRole('columnheader', { name: 'Etiket Adı' }).waitFor();
    await page.getByRole('button', { name: 'Etiket Ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Etiket Ekle' });
    await dialog.getByLabel('Etiket Adı').fill('gece');
    await dialog.getByRole('button', { name: 'İptal' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Değişiklikler silinsin mi?' });
    await ask.waitFor();
    await screenshot(page, 'dialog-discard-tr');
    await ask.getByRole('button', { name: 'Düzenlemeye devam et' }).click();
    await expect(dialog.getByLabel('Etiket Adı').inputValue()).resolves.toBe('gece');
    await dialog.getByRole('button', { name: 'İptal' }).click();
    await ask.getByRole('button', { name: 'Sil' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('Add User: Save is enabled, an empty save shows every message and focuses Name', async () => {
    const { page } = suite;
    await openList(page, '/user', 'Username');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await save.waitFor();
    await expect(dialog.getByText('Name is required').count()).resolves.toBe(0);
    await expect(save.isEnabled()).resolves.toBe(true);
    await save.click();
    for (const message of ['Name is required', 'Email is required', 'You must enter Phone Number', 'Password is required']) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await expect(isFocused(dialog.getByLabel('Name'))).resolves.toBe(true);
    await screenshot(page, 'user-add-empty-save-en');
    // a fixed field loses its message as it is typed
    await dialog.getByLabel('Name').fill('Deniz Arslan');
    await dialog.getByText('Name is required').waitFor({ state: 'detached' });
  });

  it('Add Tag: no message before typing; leaving an empty row shows it and disables Save', async () => {
    const { page } = suite;
    await openList(page, '/tag', 'Tag Name');
    await page.getByRole('button', { name: 'Add Tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Tag' });
    const name = dialog.getByLabel('Tag Name');
    const message = dialog.getByText('Tag Name should not be empty.');
    const save = dialog.getByRole('button', { name: 'Save' });
    await name.waitFor();
    await page.waitForTimeout(300);
    await expect(message.count()).resolves.toBe(0);
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('false');
    await expect(save.isEnabled()).resolves.toBe(true);

    // left empty: the spec's message, Save disabled while it shows
    await name.focus();
    await name.blur();
    await message.waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);
    await name.fill('dusk');
    await message.waitFor({ state: 'detached' });
    await expect(save.isEnabled()).resolves.toBe(true);

    // a row just added is not red either; a save attempt shows its message and focuses it
    await dialog.getByRole('button', { name: 'Add another row' }).click();
    await expect(dialog.getByLabel('Tag Name').count()).resolves.toBe(2);
    await page.waitForTimeout(300);
    await expect(message.count()).resolves.toBe(0);
    await save.click();
    await message.waitFor();
    await expect(isFocused(dialog.getByLabel('Tag Name').nth(1))).resolves.toBe(true);
    await expect(save.isDisabled()).resolves.toBe(true);
  });

  it('Add Category: a save attempt on an untouched empty row shows the message and focuses the row', async () => {
    const { page } = suite;
    await openList(page, '/category', 'Category Name');
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await dialog.getByLabel('Category Name').waitFor();
    await expect(dialog.getByText('Category Name should not be empty.').count()).resolves.toBe(0);
    await save.click();
    await dialog.getByText('Category Name should not be empty.').waitFor();
    await expect(isFocused(dialog.getByLabel('Category Name'))).resolves.toBe(true);
    await expect(save.isDisabled()).resolves.toBe(true);
    // untouched otherwise: the backdrop closes it without asking
    await clickBackdrop(page);
    await dialog.waitFor({ state: 'detached' });
  });
});
