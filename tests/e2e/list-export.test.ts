// Export on a list: the file holds the list as it is shown (its search and sort), every page of it, in
// a CSV a spreadsheet opens with Turkish and Arabic intact and without running a cell as a formula.
import fs from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../support/csv';
import { ar } from '@admin/i18n/ar';
import { tr } from '@admin/i18n/tr';
import { ADMIN, apiSession, DEMO_PASSWORD, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

/** Clicks Export and answers the downloaded file's name and text. */
async function exported(page: Page, button = 'Export') {
  const [download] = (await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()])) as [Download, unknown];
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file!, 'utf8') };
}

describe('export on a list', () => {
  it('exports the searched categories, every page, Turkish and Arabic intact, formulas neutralised', async () => {
    const { page, server } = suite;
    const names = ['Müze gezisi 1', 'متاحف الفن 1', '=HYPERLINK("http://evil.example","Müze")', '@SUM(A1) müze'];
    // twelve more matches than a page shows, so the export must read past the first page
    for (let i = 2; i <= 13; i++) names.push(`Müze gezisi ${i}`);
    // added as the add dialog adds them (one call, several rows)
    const { token } = await apiSession(server.baseUrl);
    const added = await fetch(`${server.baseUrl}/api/category/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: names, status: names.map(() => 'Active') }),
    });
    expect(added.status, await added.clone().text()).toBe(200);

    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/category?filter=${encodeURIComponent(JSON.stringify({ q: 'müze' }))}`);
    await page.getByText('Müze gezisi 1', { exact: true }).waitFor();
    const { name, text } = await exported(page);
    expect(name).toMatch(/^category-\d{4}-\d\d-\d\d\.csv$/);
    // a byte-order mark: spreadsheets read the file as UTF-8
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(text.slice(1));
    // the list's columns, headed as the list is
    expect(header).toEqual(['Category Name', 'Created Date', 'Status']);
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['Active']));
    expect(rows[0][1]).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    const nameAt = header.indexOf('Category Name');
    const exportedNames = rows.map((r) => r[nameAt]);
    // the search's rows, all of them (the page shows 10), and none other
    expect(exportedNames).toHaveLength(15);
    // (category names are stored with only their first letter capital)
    expect(exportedNames).toEqual(expect.arrayContaining(['Müze gezisi 1', 'Müze gezisi 13', `'=hyperlink("http://evil.example","müze")`, "'@sum(a1) müze"]));
    expect(exportedNames).not.toContain('متاحف الفن 1');

    // Arabic searched and exported
    await page.goto(`${server.baseUrl}/category?filter=${encodeURIComponent(JSON.stringify({ q: 'متاحف' }))}`);
    await page.getByText('متاحف الفن 1').waitFor();
    const arabic = await exported(page);
    const [arabicHeader, ...arabicRows] = parseCsv(arabic.text.slice(1));
    expect(arabicRows.map((r) => r[arabicHeader.indexOf('Category Name')])).toEqual(['متاحف الفن 1']);
  });

  it("a Sub-Admin exports the posts their permission shows; an empty search's Export is disabled", async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, 'subadmin@example.com', DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/post`);
    await page.getByRole('columnheader', { name: 'Title' }).waitFor();
    const { text } = await exported(page);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual(['Title', 'Description', 'User', 'Created Date', 'Sequence']);
    const live = await server.ctx.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'post').where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    expect(rows).toHaveLength(Number(live.n));

    await page.goto(`${server.baseUrl}/post?filter=${encodeURIComponent(JSON.stringify({ q: 'no post is called this' }))}`);
    await page.getByText('No records found!').waitFor();
    await expect(page.getByRole('button', { name: 'Export' }).isDisabled()).resolves.toBe(true);
  });

  it('exports the list\'s columns in the admin\'s language: Turkish itineraries with Evet/Hayır, Arabic reports with names, never JSON (M3)', async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');

    await page.evaluate(() => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify('tr')));
    await page.goto(`${server.baseUrl}/itinerary`);
    await page.getByRole('columnheader', { name: tr.resources.itinerary.fields.title }).waitFor();
    const turkish = await exported(page, tr.ra.action.export);
    const [trHeader, ...trRows] = parseCsv(turkish.text.slice(1));
    const it = tr.resources.itinerary.fields;
    expect(trHeader).toEqual([it.title, it.description, it.user, it.is_planeed, it.is_public, it.sequence]);
    expect(trRows.length).toBeGreaterThan(0);
    for (const row of trRows) {
      expect([tr.ra.boolean.true, tr.ra.boolean.false]).toContain(row[3]);
      expect([tr.ra.boolean.true, tr.ra.boolean.false]).toContain(row[4]);
    }

    await page.evaluate(() => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify('ar')));
    await page.goto(`${server.baseUrl}/report`);
    const fields = ar.resources.report.fields;
    await page.getByRole('columnheader', { name: fields.post_title }).waitFor();
    const arabic = await exported(page, ar.ra.action.export);
    const [arHeader, ...arRows] = parseCsv(arabic.text.slice(1));
    expect(arHeader).toEqual([fields.created_by, fields.reported_by, fields.post_title, fields.type, fields.reason, ar.app.report.state, fields.status]);
    expect(arRows.length).toBeGreaterThan(0);
    for (const row of arRows) {
      for (const cell of row) expect(cell).not.toMatch(/^'?[[{]/);
      expect(Object.values(ar.app.report.types)).toContain(row[3]);
      expect(Object.values(ar.app.report.states)).toContain(row[5]);
      expect(Object.values(ar.app.status)).toContain(row[6]);
    }
    // the names the list shows in its first columns
    const shown = await page.getByRole('row').nth(1).getByRole('cell').nth(1).innerText();
    expect(arRows.map((row) => row[1])).toContain(shown.trim());
  });
});

describe("every list's export against its table", () => {
  // the custom screens' columns are declared twice (their DataTable, src/shared/listColumns.ts for the
  // export): this walk keeps the two the same, header for header, in a language other than English
  it('exports, on every list, the columns its table shows, headed as the table heads them, in Turkish', async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.evaluate(() => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify('tr')));
    const mismatches: string[] = [];
    for (const list of ['user', 'subadmin', 'spot', 'post', 'itinerary', 'category', 'tag', 'reportCategories', 'emailtemplate', 'contentmanagement', 'report', 'reportedComments', 'reportedUsers', 'audit']) {
      await page.goto(`${server.baseUrl}/${list}`);
      await page.locator('tbody tr').first().waitFor();
      // the headers of the values a person reads: not the select-all box, the pictures nor the row actions
      // (a column with no source: react-admin classes it column-undefined)
      const headers = page.locator('thead th:not(.column-thumbnail, .column-thumbnail_url, .column-image, .column-undefined)');
      const shown = (await headers.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
      const { text } = await exported(page, tr.ra.action.export);
      const [header] = parseCsv(text.slice(1));
      if (JSON.stringify(header) !== JSON.stringify(shown)) mismatches.push(`${list}: table ${JSON.stringify(shown)} export ${JSON.stringify(header)}`);
    }
    expect(mismatches).toEqual([]);

    // a column the person brings back with the column chooser is exported too
    await page.goto(`${server.baseUrl}/user`);
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Sütunlar' }).click();
    await page.getByRole('switch', { name: tr.resources.user.fields.location, exact: true }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: tr.resources.user.fields.location }).waitFor();
    const [header] = parseCsv((await exported(page, tr.ra.action.export)).text.slice(1));
    expect(header.slice(0, 3)).toEqual([tr.resources.user.fields.name, tr.resources.user.fields.email, tr.resources.user.fields.location]);
  });
});
