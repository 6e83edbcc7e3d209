// Records and their small form behaviour (issue 32 p6, p7, p8, p13): delete confirmations that name the
// record and leave staff on their page, a bulk status change not called irreversible, the inline
// sequence saying what is wrong, pickers saying that typing finds more.
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { ADMIN, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

/** Signs in as the Admin, in `language`, and opens `path`. */
async function open(path: string, language: 'en' | 'tr' | 'ar' = 'en') {
  const { page, server } = suite;
  await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  if (language !== 'en') await page.evaluate((l) => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify(l)), language);
  await page.goto(`${server.baseUrl}${path}`);
  await page.waitForFunction((l) => document.documentElement.lang === l, language);
}

/** The text of the open dialog, without the direction isolates around names. */
const dialogText = async (page: Page) => (await page.getByRole('dialog').innerText()).replace(/[\u2066-\u2069]/g, '');

/** Ticks the first user row and opens the bulk action `item` of the bulk menu. */
async function bulk(page: Page, menu: string, item: string) {
  await page.getByRole('row').nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  await page.getByRole('dialog').waitFor();
}

describe('records', () => {
  it('names the tag in the delete confirmation, keeps the spec question, and stays on page 2 after the delete', async () => {
    const { page } = suite;
    await open('/tag?page=2&perPage=10&sort=name&order=ASC');
    const rows = page.locator('tbody tr');
    await page.getByText('11-15 of 15').waitFor();
    const name = (await rows.first().locator('td').first().innerText()).trim();
    await rows.first().getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const text = await dialogText(page);
    expect(text).toContain(`Delete “${name}”?`);
    expect(text).toContain('Are you sure you want to delete this tag ?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('11-14 of 14').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect(page.getByRole('cell', { name, exact: true }).count()).resolves.toBe(0);
  });

  it('asks about a bulk Inactive as a change that can be undone, and keeps the spec warning for a bulk delete (Turkish)', async () => {
    const { page } = suite;
    await open('/user', 'tr');
    await bulk(page, 'Toplu işlemler', 'Pasif yap');
    const status = await dialogText(page);
    expect(status).not.toContain('geri alınamaz');
    expect(status).toContain('Seçili kullanıcılar Pasif yapılacak');
    await page.getByRole('dialog').getByRole('button', { name: 'İptal' }).click();
    await page.getByRole('menuitem').first().waitFor({ state: 'detached' }).catch(() => undefined);
    await page.getByRole('button', { name: 'Toplu işlemler' }).click();
    await page.getByRole('menuitem', { name: 'Sil' }).click();
    expect(await dialogText(page)).toContain('Bu işlem geri alınamaz.');
  });

  it('says the bulk Active can be changed back (English)', async () => {
    const { page } = suite;
    await open('/user');
    await bulk(page, 'Bulk actions', 'Active');
    const text = await dialogText(page);
    expect(text).not.toContain('cannot be undone');
    expect(text).toContain('The selected users will be set to Active. You can change this back at any time.');
  });

  it('tells why a negative inline sequence cannot be saved, in Arabic and English', async () => {
    const { page } = suite;
    await open('/user', 'ar');
    await page.getByRole('button', { name: /^تعديل الترتيب: / }).first().click();
    await page.getByRole('spinbutton', { name: 'تعديل الترتيب' }).fill('-3');
    await page.getByText('يجب أن تكون القيمة 0 أو أكثر').waitFor();
    await expect(page.getByRole('button', { name: 'حفظ الترتيب' }).isDisabled()).resolves.toBe(true);
    await page.evaluate(() => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify('en')));
    await page.reload();
    await page.getByRole('button', { name: /^Edit sequence: / }).first().click();
    await page.getByRole('spinbutton', { name: 'Edit sequence' }).fill('-3');
    await page.getByText('Must be 0 or more').waitFor();
  });

  it('says "type to search" under the user picker, which offers only the first 20 users', async () => {
    const { page } = suite;
    await open('/post');
    await page.getByRole('button', { name: 'Add Post' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Showing the first matches: type to search').first().waitFor();
    // the user picker is the one with many more records than it offers (30 users and more)
    const userPicker = dialog.getByRole('combobox', { name: 'User' });
    const hintId = await userPicker.getAttribute('aria-describedby');
    expect(hintId).toBeTruthy();
    await expect(page.locator(`[id="${hintId}"]`).innerText()).resolves.toContain('type to search');
  });
});
