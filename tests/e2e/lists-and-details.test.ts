// Lists and details as staff feel them (spec §2): the user list sorts by its count columns and a status
// search finds that status only; a detail whose record is gone says 'No data found!' where it is.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEARCH_PLAN } from '@server/db/list';
import { ADMIN, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

async function signInAndOpen(page: Page, path: string) {
  await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${suite.server.baseUrl}${path}`);
}

/** The texts of one column's cells on the page shown. */
const cells = (page: Page, source: string) => page.locator(`tbody td.column-${source}`).allInnerTexts();

/** A user inserted for the test (the newest one, so first in the default order). */
async function addUser(name: string, status: string) {
  const stamp = new Date().toISOString();
  return suite.server.ctx.db
    .insertInto('users')
    .values({ name, email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`, phone: null, country_code: null, password_hash: 'x', status, user_type: 'User', profile_pic: null, thumbnail: null, location: null, country: null, latitude: null, longitude: null, shortcuts: null, created_at: stamp, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('lists and details', () => {
  it('sorts the users by their Posts count, one way and then the other', async () => {
    const { page, server } = suite;
    // a user with more posts than any demo user, so the descending order starts with it
    const busy = await addUser('Pelin Prolific', 'Active');
    const stamp = new Date().toISOString();
    await server.ctx.db
      .insertInto('posts')
      .values(Array.from({ length: 9 }, (_, i) => ({ type: 'post', user_id: busy.id, title: `Trip ${i}`, description: null, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })))
      .execute();
    await signInAndOpen(page, '/user');
    await page.getByRole('columnheader', { name: 'Username' }).waitFor();
    // the Posts header (its accessible name is the sort button's, when it has one)
    const header = page.locator('thead th.column-postCount');
    await expect(header.innerText()).resolves.toBe('Posts');

    const sortedBy = async (direction: 'ASC' | 'DESC') => {
      await page.waitForURL((url) => url.searchParams.get('sort') === 'postCount' && url.searchParams.get('order') === direction);
      await expect
        .poll(async () => {
          const counts = (await cells(page, 'postCount')).map(Number);
          const ordered = counts.every((n, i) => i === 0 || (direction === 'ASC' ? counts[i - 1] <= n : counts[i - 1] >= n));
          return ordered && counts.length > 0 && (direction === 'DESC' ? counts[0] === 9 : counts[0] === 0);
        }, { timeout: 10000 })
        .toBe(true);
      return cells(page, 'name');
    };

    await header.click();
    const ascending = await sortedBy('ASC');
    expect(ascending).not.toContain('Pelin Prolific');
    await header.click();
    const descending = await sortedBy('DESC');
    expect(descending[0]).toBe('Pelin Prolific');
    expect(descending).not.toEqual(ascending);
    await screenshot(page, 'users-sorted-by-posts');
  });

  it("searching users for 'Active' lists Active users only", async () => {
    const { page, server } = suite;
    // the newest user, Inactive: the top row of the list unless the search leaves it out
    await addUser('Ilkay Idle', 'Inactive');
    const users = await server.ctx.db.selectFrom('users').select(['status', 'name', 'email', 'phone']).where('user_type', '=', 'User').execute();
    const expected = users.filter((u) => u.status === 'Active' || [u.name, u.email, u.phone].some((v) => v?.toLowerCase().includes('active')));
    expect(users.some((u) => u.status === 'Inactive')).toBe(true);
    expect(expected.every((u) => u.status === 'Active')).toBe(true);

    await signInAndOpen(page, '/user');
    await page.getByRole('cell', { name: 'Ilkay Idle', exact: true }).waitFor();
    await page.getByPlaceholder('Search for Username, Email, Phone and Status').fill('Active');
    await page.waitForURL((url) => decodeURIComponent(url.search).includes('Active'));
    await expect
      .poll(async () => {
        const statuses = await cells(page, 'status');
        return statuses.length > 0 && statuses.every((s) => s === 'Active');
      }, { timeout: 10000 })
      .toBe(true);
    await page.getByText(new RegExp(`of ${expected.length}\\b`)).waitFor();
    // every page of the result: Active only
    while (await page.getByRole('button', { name: 'Go to next page' }).isEnabled()) {
      const before = await cells(page, 'email');
      await page.getByRole('button', { name: 'Go to next page' }).click();
      await expect.poll(async () => (await cells(page, 'email')).join() !== before.join(), { timeout: 10000 }).toBe(true);
      expect(new Set(await cells(page, 'status'))).toEqual(new Set(['Active']));
    }
    await screenshot(page, 'users-search-active');
  });

  it("finds 'Café' and 'Kapalı Çarşı' typed without accents, in Turkish", async () => {
    const { page, server } = suite;
    const stamp = new Date().toISOString();
    const owner = await server.ctx.db.selectFrom('users').select('id').where('email', '=', 'user@example.com').executeTakeFirstOrThrow();
    for (const title of ['Kapalı Çarşı sabahı', 'Café Ağa Kadıköy']) {
      await server.ctx.db
        .insertInto('posts')
        .values({ type: 'post', user_id: owner.id, title, description: null, latitude: null, longitude: null, itinerary_date: stamp, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
        .execute();
    }
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.evaluate(() => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify('tr')));
    await page.goto(`${server.baseUrl}/post`);
    const box = page.getByPlaceholder('Başlık, Açıklama ve Duruma göre ara');
    for (const [typed, found] of [
      ['kapali carsi', 'Kapalı Çarşı sabahı'],
      ['CAFE AGA', 'Café Ağa Kadıköy'],
    ]) {
      await box.fill(typed);
      await page.waitForURL((url) => decodeURIComponent(url.search).includes(typed));
      await expect.poll(() => cells(page, 'title'), { timeout: 10000 }).toEqual([found]);
    }
  });

  it("says '1,000+' when a search matches more rows than are counted exactly, and pages on", async () => {
    const { page, server } = suite;
    // the server's exact-count cap made small, so that the demo posts (about 25) exceed it
    const saved = { ...SEARCH_PLAN };
    Object.assign(SEARCH_PLAN, { probeRows: 5, exactTotalUpTo: 12 });
    try {
      await signInAndOpen(page, '/post');
      await page.getByPlaceholder('Search for Title, Description and Status').fill('the');
      await page.waitForURL((url) => decodeURIComponent(url.search).includes('the'));
      await page.getByText('1-10 of 12+').waitFor();
      await page.getByRole('button', { name: 'Go to next page' }).click();
      await page.getByText('11-12 of 12+').waitFor();
      // a rare term is counted exactly
      const titles = (await server.ctx.db.selectFrom('posts').select('title').where('type', '=', 'post').where('deleted_at', 'is', null).execute()).map((p) => p.title);
      const rare = { title: titles.find((title) => titles.filter((other) => other.toLowerCase().includes(title.toLowerCase())).length === 1)! };
      await page.getByPlaceholder('Search for Title, Description and Status').fill(rare.title);
      await expect.poll(async () => (await cells(page, 'title')).includes(rare.title), { timeout: 10000 }).toBe(true);
      await expect.poll(() => page.getByText(/of \d+\+/).count(), { timeout: 10000 }).toBe(0);
      await page.getByText('1-1 of 1').waitFor();
    } finally {
      Object.assign(SEARCH_PLAN, saved);
    }
  });

  it("a detail whose record does not exist says 'No data found!' in place, with the way back to its list", async () => {
    const { page, server } = suite;
    const missing = [
      ['/user/999999', '/user'],
      ['/subadmin/999999', '/subadmin'],
      ['/post/999999', '/post'],
      ['/itinerary/999999', '/itinerary'],
      ['/report/999999', '/report'],
      ['/reportedComment/999999', '/reportedComments'],
      ['/reportedUsers/999999', '/reportedUsers'],
    ] as const;
    const crashes: string[] = [];
    page.on('pageerror', (e) => crashes.push(e.message));
    await signInAndOpen(page, '/dashboard');
    for (const [path, list] of missing) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByText('No data found!').waitFor();
      // it stays where it is: no redirect to the list, no toast
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname, path).toBe(path);
      await expect(page.getByText('No data found!').isVisible(), path).resolves.toBe(true);
      await expect(page.locator('.MuiSnackbar-root').count(), path).resolves.toBe(0);
      const back = page.getByRole('link', { name: 'Back' });
      await expect(back.getAttribute('href'), path).resolves.toBe(list);
    }
    expect(crashes).toEqual([]);
    await screenshot(page, 'detail-missing');
    // the way back leads to the list
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/reportedUsers');
  });
});
