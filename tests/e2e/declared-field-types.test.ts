// A declared resource with a day, a moment, a yes/no, a reference and an image (issue 33), as a Turkish
// staff member fills its add dialog and reads it back: the day and moment typed and shown in the Turkish
// pattern, "Evet" for yes, the referenced notice by its title, the uploaded picture on the list and the
// detail page. The admin is built with the throwaway declarations (tests/support/fixtureAdmin.ts).
import fs from 'node:fs';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { ADMIN, launchBrowser, newPage, screenshot, type Server, signIn, startServer } from '../support/e2e';
import { buildAdminWith } from '../support/fixtureAdmin';
import { notice } from '../support/notice';
import { typed } from '../support/typed';

let server: Server;
let browser: Browser;
let adminDir: string;

beforeAll(async () => {
  adminDir = await buildAdminWith([{ module: 'tests/support/notice.ts', names: ['notice'] }, { module: 'tests/support/typed.ts', names: ['typed'] }], { module: 'tests/support/typed.ts', name: 'TYPED_STRINGS' });
  server = await startServer({ adminDist: adminDir }, { resources: [...(RESOURCES as readonly ResourceDeclaration[]), notice, typed] });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (adminDir) fs.rmSync(adminDir, { recursive: true, force: true });
});

/** Signs in, then shows the admin in Turkish from the next page on. */
async function signInTurkish(page: Page) {
  await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.evaluate(() => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify('tr')));
}

describe('the date, dateTime, boolean, reference and image fields of a declared resource, in Turkish', () => {
  it('are typed in the add dialog and shown on the list and the detail page', async () => {
    await server.ctx.db.insertInto('test_notices' as never).values({ title: 'Kış tarifesi', slug: 'kis-tarifesi', body: '<p>x</p>', status: 'Active', search_text: 'kis tarifesi', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' } as never).execute();
    const { context, page } = await newPage(browser);
    try {
      await signInTurkish(page);
      await page.goto(`${server.baseUrl}/testtyped`);
      await page.getByRole('button', { name: 'Oluştur' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Başlık').fill('Açılış töreni');
      await dialog.getByLabel('Başlangıç günü').fill('26.11.2026');
      await dialog.getByLabel('Açılış saati').fill('26.11.2026 21:30');
      await dialog.getByLabel('Sabitlendi').check();
      await dialog.getByLabel('Duyuru').fill('Kış');
      await page.getByRole('option', { name: 'Kış tarifesi' }).click();
      const picture = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#d04020' } }).png().toBuffer();
      await dialog.locator('input[type=file]').setInputFiles({ name: 'plaj.png', mimeType: 'image/png', buffer: picture });
      // uploaded at once: the preview shows the stored picture
      await dialog.locator('img[src^="/uploads/declared/"]').waitFor();
      await screenshot(page, 'declared-field-types-dialog-tr');
      await dialog.getByRole('button', { name: 'Kaydet' }).click();
      await dialog.waitFor({ state: 'detached' });

      const row = page.getByRole('row').filter({ hasText: 'Açılış töreni' });
      for (const shown of ['26.11.2026', '26.11.2026 21:30', 'Kış tarifesi']) await row.getByText(shown, { exact: true }).first().waitFor();
      expect(await row.getByLabel('Evet').count()).toBe(1);
      const stored = await row.locator('img').getAttribute('src');
      expect(stored).toMatch(/^\/uploads\/declared\/[0-9a-f-]{36}\.png$/);
      await screenshot(page, 'declared-field-types-list-tr');

      const saved = (await server.ctx.db.selectFrom('test_typed' as never).selectAll().executeTakeFirstOrThrow()) as Record<string, unknown>;
      expect(saved).toMatchObject({ title: 'Açılış töreni', starts_on: '2026-11-26', pinned: 1, picture: stored });
      // the moment typed in the browser's time, kept in UTC
      expect(saved.opens_at).toBe(await page.evaluate(() => new Date('2026-11-26T21:30').toISOString()));

      await page.goto(`${server.baseUrl}/testtyped/${String(saved.id)}/show`);
      for (const shown of ['26.11.2026', '26.11.2026 21:30', 'Kış tarifesi']) await page.getByText(shown, { exact: true }).first().waitFor();
      expect(await page.getByLabel('Evet').count()).toBe(1);
      expect(await page.locator(`img[src="${stored}"]`).count()).toBe(1);
      await screenshot(page, 'declared-field-types-show-tr');

      // the edit dialog starts with the values as typed, and saves a change
      await page.getByRole('button', { name: 'Düzenle' }).click();
      const edit = page.getByRole('dialog');
      expect(await edit.getByLabel('Başlangıç günü').inputValue()).toBe('26.11.2026');
      expect(await edit.getByLabel('Açılış saati').inputValue()).toBe('26.11.2026 21:30');
      expect(await edit.getByLabel('Duyuru').inputValue()).toBe('Kış tarifesi');
      await edit.getByLabel('Sabitlendi').uncheck();
      await edit.getByLabel('Açılış saati').fill('27.11.2026 08:05');
      await edit.getByRole('button', { name: 'Kaydet' }).click();
      await edit.waitFor({ state: 'detached' });
      await page.getByText('27.11.2026 08:05', { exact: true }).first().waitFor();
      expect(await page.getByLabel('Hayır').count()).toBe(1);
      expect(await page.locator(`img[src="${stored}"]`).count()).toBe(1);
    } finally {
      await context.close();
    }
  }, 120_000);
});
