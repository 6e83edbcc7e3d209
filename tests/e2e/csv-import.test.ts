// CSV import (issue 35) as staff use it, in English and Arabic (right to left) on a desktop and a 390 px
// phone: the tag list's Import button opens the dialog; a file with a blank name is checked at once and its
// row refused with the form's message in the admin's language (nothing to import); a clean file shows what
// it adds, "Import 2 rows" (reached by keyboard) imports it, a toast says so and the list shows the new tags.
// axe on the dialog with its report.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { axeViolations, screenshot, signedInContext, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();
const CATALOGUES = { en, ar } as const;
type Language = keyof typeof CATALOGUES;

/** A catalogue text of `language`, its smart_count / placeholders filled with `values`. */
const text = (language: Language, key: string, values: Record<string, number> = {}) =>
  String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], CATALOGUES[language]))
    .split(' |||| ')[0]!
    .replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name]));

/** Chooses a CSV file of `lines` in the open dialog (the file input behind "Choose a CSV file"). */
const chooseFile = (page: Page, lines: string[]) =>
  page.locator('input[type=file]').setInputFiles({ name: 'tags.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });

describe('CSV import of a list', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const phone of [false, true]) {
      it(`checks a file, shows its bad row, then imports a clean one (${language}, ${phone ? 'phone' : 'desktop'})`, async () => {
        const { page, close } = await signedInContext(suite.browser, suite.server.baseUrl, { language, phone });
        try {
          const prefix = `0import-${language}-${phone ? 'phone' : 'desk'}`;
          await page.goto(`${suite.server.baseUrl}/tag`);
          await page.getByRole('button', { name: text(language, 'app.import.button'), exact: true }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByRole('heading').waitFor();
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');

          await chooseFile(page, ['name,status', `${prefix}-a,Active`, ',Active']);
          const problem = text(language, 'validation.tagNameEmpty');
          await dialog.getByRole('cell', { name: problem }).waitFor();
          const row = dialog.getByRole('row').filter({ hasText: problem });
          expect((await row.getByRole('cell').allTextContents()).slice(0, 2)).toEqual(['3', 'name']);
          const run = dialog.getByRole('button', { name: text(language, 'app.import.run', { smart_count: 1 }) });
          expect(await run.isDisabled()).toBe(true);
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `csv-import-report-${language}-${phone ? 'phone' : 'desktop'}`);
          // a phone's full-screen dialog scrolls up and down, never sideways
          if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

          await chooseFile(page, ['name,status', `${prefix}-a,Active`, `${prefix}-b,Active`]);
          await dialog.getByText(text(language, 'app.import.summary', { rows: 2, created: 2, updated: 0, unchanged: 0, invalid: 0 })).waitFor();
          const importTwo = dialog.getByRole('button', { name: text(language, 'app.import.run', { smart_count: 2 }) });
          // by keyboard: from Cancel, Tab reaches "Import 2 rows" and Enter imports
          await dialog.getByRole('button', { name: text(language, 'ra.action.cancel') }).focus();
          await page.keyboard.press('Tab');
          expect(await importTwo.evaluate((button) => button === document.activeElement)).toBe(true);
          await page.keyboard.press('Enter');
          await page.getByText(text(language, 'messages.imported', { rows: 2, created: 2, updated: 0 })).waitFor();
          await dialog.waitFor({ state: 'detached' });
          await page.getByText(`${prefix}-b`).first().waitFor();
        } finally {
          await close();
        }
      });
    }
  }
});
