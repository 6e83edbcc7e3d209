// Filters on every list (issue 35), as staff use them on the posts list: in English and Arabic (right to
// left), the sidebar on a desktop and the filter button on a 390 px phone; a category picked by a search,
// a date range, a status; the rows and the URL follow, a reload keeps them, the search box combines; axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { axeViolations, pickListFilter, screenshot, searchedPath, signedInContext, useBrowserSuite } from '../support/e2e';
import { makeFilterRows } from '../support/filterFixtures';

const suite = useBrowserSuite();
const CATALOGUES = { en, ar } as const;
type Language = keyof typeof CATALOGUES;

const text = (language: Language, key: string): string =>
  String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], CATALOGUES[language]));

/** The list's filter as its URL holds it. */
const urlFilter = (page: Page) => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, unknown>;

describe('filters on the lists', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const phone of [false, true]) {
      const where = phone ? 'phone' : 'desktop';
      it(`picks a category, a date range and a status on the posts list in ${language} on a ${where}; the URL keeps them`, async () => {
        const mark = `zq${language}${where}`;
        const rows = await makeFilterRows(suite.server.ctx, mark);
        const { page, close } = await signedInContext(suite.browser, suite.server.baseUrl, { language, phone });
        const t = (key: string) => text(language, key);
        const shown = (title: string) => page.getByText(`${title} ${mark}`, { exact: true }).first();
        try {
          await page.goto(`${suite.server.baseUrl}${searchedPath('/post', mark)}`);
          await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
          for (const title of ['Sunrise', 'Gallery', 'Old shore']) await shown(title).waitFor();

          // a category, picked by typing part of its name
          const category = phone ? page.getByRole('combobox', { name: t('app.filters.category') }) : page.getByRole('complementary').getByRole('combobox', { name: t('app.filters.category') });
          if (phone) {
            await page.getByRole('button', { name: t('ra.action.add_filter') }).click();
            await page.getByRole('menuitemcheckbox', { name: t('app.filters.category') }).click();
          }
          await category.fill(`Beaches ${mark}`);
          await page.getByRole('option', { name: `Beaches ${mark}` }).click();
          await page.waitForURL(() => urlFilter(page).category === rows.beaches);
          await shown('Gallery').waitFor({ state: 'detached' });
          await shown('Old shore').waitFor();

          // the last 7 days
          await pickListFilter(page, phone, t('ra.action.add_filter'), t('app.filters.created'), t('app.filters.created_7d'));
          await page.waitForURL(() => urlFilter(page).created === '7d');
          await shown('Old shore').waitFor({ state: 'detached' });
          await shown('Sunrise').waitFor();
          if (language === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
          await screenshot(page, `list-filters-${language}-${where}`);
          expect(await axeViolations(page)).toEqual([]);

          // a reload keeps them
          await page.reload();
          await shown('Sunrise').waitFor();
          expect(urlFilter(page)).toMatchObject({ q: mark, category: rows.beaches, created: '7d' });
          expect(await shown('Old shore').count()).toBe(0);

          // the search box narrows the filtered rows further
          await page.getByRole('textbox', { name: t('resources.post.search') }).fill(`Gallery ${mark}`);
          await page.waitForURL(() => String(urlFilter(page).q).startsWith('Gallery'));
          await shown('Sunrise').waitFor({ state: 'detached' });
          expect(urlFilter(page)).toMatchObject({ category: rows.beaches, created: '7d' });
          await page.getByRole('textbox', { name: t('resources.post.search') }).fill(mark);
          await shown('Sunrise').waitFor();

          // the hidden ones: the status filter
          await pickListFilter(page, phone, t('ra.action.add_filter'), t('app.filters.status'), t('app.status.Inactive'));
          await page.waitForURL(() => urlFilter(page).status === 'Inactive');
          await shown('Taken down').waitFor();
          await shown('Sunrise').waitFor({ state: 'detached' });
        } catch (error) {
          await screenshot(page, `list-filters-${language}-${where}-failed`);
          throw error;
        } finally {
          await close();
        }
      });
    }
  }
});
