// When the server goes away and comes back, and when a colleague's save came first (issue 32 M4, M5,
// m4, m22, p12): a list keeps its rows, says in the
// admin's language that the server cannot be reached, retries by itself and recovers once the server
// is started again on the same data and port; a page opened meanwhile says "Loading..."; an edit page
// of a record that is not there is the product's 404 page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, apiSession, signIn, useBrowserSuite } from '../support/e2e';

const BANNER = { en: 'Can’t reach the server, retrying…', tr: 'Sunucuya ulaşılamıyor, yeniden deneniyor…' };
const NO_RECORDS = { en: 'No records found!', tr: 'Kayıt bulunamadı!' };

const CONFLICT = 'Someone else changed this record while you were editing it.';

/** A colleague's save through the API, on the version they just read. */
async function colleagueSaves(baseUrl: string, path: string, fields: Record<string, unknown>, version: string) {
  const { token } = await apiSession(baseUrl);
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...fields, updated_at: version }),
  });
  expect(res.status, await res.text()).toBe(200);
}

const names = (page: Page) => page.locator('tbody td.column-name').allInnerTexts();
/** client-side navigation (the server that serves the page may be down) */
const goInside = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** What the admin shows while the server is stopped: a search typed, then a detail page opened. */
async function whileAway(page: Page, locale: keyof typeof BANNER, shown: string[], term: string, userId: number) {
  await page.locator('input[name="q"]').fill(term);
  // the banner in the admin's language; the rows stay, dimmed and marked busy, while the search is retried
  await page.getByRole('alert').filter({ hasText: BANNER[locale] }).waitFor();
  expect(await page.getByRole('alert').allInnerTexts()).toEqual([BANNER[locale]]);
  expect(await names(page)).toEqual(shown);
  await page.locator('[aria-busy="true"] tbody td.column-name').first().waitFor();
  const text = await page.locator('body').innerText();
  expect(text).not.toContain(NO_RECORDS[locale]);
  expect(text).not.toContain('Failed to fetch');

  // a detail page opened meanwhile says it is loading, not that there is nothing
  await goInside(page, `/user/${userId}`);
  await page.getByRole('status').filter({ hasText: locale === 'en' ? 'Loading...' : 'Yükleniyor...' }).waitFor();
  expect(await page.locator('body').innerText()).not.toContain(locale === 'en' ? 'No data found!' : 'Veri bulunamadı!');
}

describe('a server that goes away and comes back', () => {
  const suite = useBrowserSuite();

  it.each(['en', 'tr'] as const)('%s: the list keeps its rows, says it is retrying and recovers by itself', async (locale) => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.evaluate((l) => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify(l)), locale);
    // two people: one's detail opened now (its screen's code loaded), the other's while the server is away
    const [seen, user] = await server.ctx.db.selectFrom('users').select(['id', 'email']).where('user_type', '=', 'User').orderBy('id').limit(2).execute();
    await page.goto(`${server.baseUrl}/user/${seen.id}`);
    await page.getByText(seen.email).first().waitFor();
    await goInside(page, '/category');
    await page.locator('tbody td.column-name').first().waitFor();
    const shown = await names(page);
    const term = shown[shown.length - 1].slice(0, 4);

    await server.stop();
    try {
      await whileAway(page, locale, shown, term, user.id);
    } finally {
      // the server starts again on the same data and port
      await server.restart();
    }
    // the detail and the search come by themselves
    await page.getByText(user.email).first().waitFor();
    await page.getByRole('alert').filter({ hasText: BANNER[locale] }).waitFor({ state: 'detached' });
    await page.goBack();
    await page.waitForURL((url) => decodeURIComponent(url.search).includes(term));
    await expect.poll(async () => (await names(page)).every((name) => name.toLowerCase().includes(term.toLowerCase())), { timeout: 15000 }).toBe(true);
    expect((await names(page)).length).toBeGreaterThan(0);
  });

  it('an edit page of a user that is not there is the product’s 404 page', async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/edituser/999999`);
    await page.getByText('Oops! Page not found').waitFor();
    expect(page.url()).toContain('/pages/errors/error-404');
    expect(await page.locator('body').innerText()).not.toContain('Element does not exist');
  });

  it('an edit refused because a colleague saved first: the alert stays in the dialog, shows their change and re-applies what was typed', async () => {
    const { page, server } = suite;
    const row = await server.ctx.db.selectFrom('categories').select(['id', 'name', 'status', 'updated_at']).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/category?filter=${encodeURIComponent(JSON.stringify({ q: row.name }))}`);
    await page.getByRole('row').filter({ hasText: row.name }).getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Edit Category').waitFor();
    // nothing changed yet: nothing to save
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    // a colleague sets it Inactive meanwhile; I rename it and save
    await colleagueSaves(server.baseUrl, '/category/update', { id: row.id, name: row.name, status: 'Inactive' }, row.updated_at);
    await dialog.getByLabel('Category Name').fill(`${row.name} and more`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: CONFLICT });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Show their change' }).click();
    await dialog.getByText('Inactive').first().waitFor();

    // reloaded: what I typed over the record as it is now, and the save goes through on the new version
    await alert.getByRole('button', { name: 'Reload and re-apply my changes' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect.poll(() => dialog.getByLabel('Category Name').inputValue()).toBe(`${row.name} and more`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Category has been updated Successfully').waitFor();
    const saved = await server.ctx.db.selectFrom('categories').select(['name', 'status']).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(saved).toEqual({ name: `${row.name} and more`, status: 'Inactive' });
  });

  it("a user's edit page refused the same way: Update waits for a change, and reloading keeps the typed name", async () => {
    const { page, server } = suite;
    const target = await server.ctx.db.selectFrom('users').select(['id', 'name', 'updated_at']).where('user_type', '=', 'User').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/edituser/${target.id}`);
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(target.name);
    expect(await page.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);

    await colleagueSaves(server.baseUrl, '/user/update-user', { id: target.id, name: target.name, status: 'Inactive' }, target.updated_at);
    await page.getByLabel('Name').fill('Deniz Aksoy');
    await page.getByRole('button', { name: 'Update' }).click();
    const alert = page.getByRole('alert').filter({ hasText: CONFLICT });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Reload and re-apply my changes' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Deniz Aksoy');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('User has been updated successfully').waitFor();
    const saved = await server.ctx.db.selectFrom('users').select(['name', 'status']).where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(saved).toEqual({ name: 'Deniz Aksoy', status: 'Inactive' });
  });
});
