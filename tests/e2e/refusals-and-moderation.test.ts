// Staff are told why a page is refused, refused pages ask the API for nothing, and a moderation click is
// confirmed before anything changes (issue "What staff feel", points 6 and 9).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

const SUB_ADMIN = { email: 'subadmin@example.com', password: DEMO_PASSWORD };

/** Every /api/ call the page makes whose path starts with `prefix` (e.g. '/api/category'). */
function apiCallsTo(page: Page, prefix: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`) || url.pathname.startsWith(`${prefix}?`)) seen.push(`${url.pathname}${url.search}`);
  });
  return seen;
}

async function signInAs(page: Page, who: { email: string; password: string }) {
  await signIn(page, suite.server.baseUrl, who.email, who.password);
  await page.waitForURL('**/dashboard');
}

/** A fresh post report (or user report) so each test acts on its own row. */
async function makeReport(type: 'post' | 'user', names: { title?: string; person: string }) {
  const { db } = suite.server.ctx;
  const stamp = new Date().toISOString();
  const reporter = await db.selectFrom('users').select('id').where('email', '=', 'user@example.com').executeTakeFirstOrThrow();
  const person = await db
    .insertInto('users')
    .values({ name: names.person, email: `${Date.now()}-${Math.random()}@example.com`, phone: null, country_code: null, password_hash: 'x', status: 'Active', user_type: 'User', profile_pic: null, thumbnail: null, location: null, country: null, latitude: null, longitude: null, shortcuts: null, created_at: stamp, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const post = await db
    .insertInto('posts')
    .values({ type: 'post', user_id: person.id, title: names.title ?? 'Some post', description: null, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('reports')
    .values({
      type,
      user_id: reporter.id,
      post_id: type === 'user' ? null : post.id,
      comment_id: null,
      other_user_id: type === 'user' ? person.id : null,
      report_category_id: null,
      reason: 'Looks like spam',
      status: 'Pending',
      user_status_by_admin: 'Active',
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return { postId: post.id, personId: person.id };
}

const postDeletedAt = async (id: number) =>
  (await suite.server.ctx.db.selectFrom('posts').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).deleted_at;
const userStatus = async (id: number) =>
  (await suite.server.ctx.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

const search = async (page: Page, placeholder: string, text: string) => {
  await page.getByPlaceholder(placeholder).fill(text);
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(text));
};

describe('a Sub-Admin refused a page is told why', () => {
  it('opening /category without Categories-list: says which permission it needs in place, and no category call is made', async () => {
    const { page, server } = suite;
    await signInAs(page, SUB_ADMIN);
    const calls = apiCallsTo(page, '/api/category');
    await page.goto(`${server.baseUrl}/category`);
    await page.getByText('This list needs the Categories permission (Categories-list).').waitFor();
    expect(new URL(page.url()).pathname).toBe('/category');
    await screenshot(page, 'refused-category-en');
    // let anything late arrive before saying nothing was asked
    await page.waitForTimeout(500);
    expect(calls).toEqual([]);
  });

  it('opening /report without Report-list: one explanation, no pager, no list call', async () => {
    const { page, server } = suite;
    await signInAs(page, SUB_ADMIN);
    const calls = apiCallsTo(page, '/api/user/reports');
    await page.goto(`${server.baseUrl}/report`);
    await page.getByText('This list needs the Reports permission (Report-list).').waitFor();
    await page.getByText('Ask an Admin to grant it to your account.').waitFor();
    await page.waitForTimeout(500);
    await expect(page.getByText('No records found!').count()).resolves.toBe(0);
    await expect(page.getByText(/\d+-\d+ of \d+/).count()).resolves.toBe(0);
    await expect(page.getByText('You do not have permission to do this.').count()).resolves.toBe(0);
    await expect(page.getByRole('table').count()).resolves.toBe(0);
    expect(calls).toEqual([]);
    await screenshot(page, 'refused-report-en');
  });

  it('the same on /reportedUsers', async () => {
    const { page, server } = suite;
    await signInAs(page, SUB_ADMIN);
    const calls = apiCallsTo(page, '/api/user/reports');
    await page.goto(`${server.baseUrl}/reportedUsers`);
    await page.getByText('This list needs the Reports permission (Report-list).').waitFor();
    await page.waitForTimeout(500);
    await expect(page.getByText(/\d+-\d+ of \d+/).count()).resolves.toBe(0);
    expect(calls).toEqual([]);
  });

  it("the dashboard: a card it may not open is not a link and says why; its own cards still open", async () => {
    const { page } = suite;
    await signInAs(page, SUB_ADMIN);
    await page.getByTestId('stat-categoriescount').waitFor();
    await expect(page.getByRole('link', { name: /Categories/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: /Reports/ }).count()).resolves.toBe(0);
    const categories = page.getByTestId('card-categoriescount');
    await categories.getByText('No permission to open this list').waitFor();
    // clicking it goes nowhere
    await categories.click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await screenshot(page, 'dashboard-subadmin-en');
    await page.getByRole('link', { name: /Total Users/ }).click();
    await page.waitForURL('**/user');
  });
});

describe('moderation asks first and says what it will do', () => {
  it('hiding a reported post: the tooltip and the dialog state the effect, nothing changes until confirmed', async () => {
    const { page, server } = suite;
    const { postId } = await makeReport('post', { title: 'Too good to be true in Bodrum', person: 'Selin Seller' });
    await signInAs(page, ADMIN);
    await page.goto(`${server.baseUrl}/report`);
    await search(page, 'Search for Created By, Reported By, Post Title, Reason, Status', 'too good');
    const row = page.getByRole('row').filter({ hasText: 'Too good to be true in Bodrum' });
    // spec §4: the chip shows the post's status (userStatusByAdmin), the button what a click does
    await row.getByText('Active', { exact: true }).waitFor();
    const button = row.getByRole('button', { name: 'Hide', exact: true });
    await button.hover();
    await page.getByRole('tooltip').filter({ hasText: 'Hide this post' }).waitFor();
    const moderation = apiCallsTo(page, '/api/post/post-report-update');

    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Hide this post?').waitFor();
    await dialog.getByText('Too good to be true in Bodrum', { exact: false }).waitFor();
    await page.waitForTimeout(300);
    expect(moderation).toEqual([]);
    expect(await postDeletedAt(postId)).toBeNull();
    await screenshot(page, 'report-post-confirm-en');

    // cancelled: still nothing sent
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(moderation).toEqual([]);
    expect(await postDeletedAt(postId)).toBeNull();

    await button.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hide this post' }).click();
    await page.getByText('Post Status has been updated Successfully').waitFor();
    expect(moderation).toHaveLength(1);
    expect(await postDeletedAt(postId)).toBeTruthy();
    const hidden = row.getByRole('button', { name: 'Show', exact: true });
    await hidden.waitFor();
    await hidden.hover();
    await page.getByRole('tooltip').filter({ hasText: 'Show this post again' }).waitFor();
  });

  it('in Turkish: a reported user is set Inactive only after the confirmation, which says so', async () => {
    const { page, server } = suite;
    const { personId } = await makeReport('user', { person: 'Tuncay Troll' });
    await signInAs(page, ADMIN);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Türkçe' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'tr');
    await page.goto(`${server.baseUrl}/reportedUsers`);
    const row = page.getByRole('row').filter({ hasText: 'Tuncay Troll' });
    // spec §4: the call sets the user Pasif; the chip shows its status, the button the action
    await row.getByText('Aktif', { exact: true }).waitFor();
    const button = row.getByRole('button', { name: 'Pasifleştir', exact: true });
    await button.hover();
    await page.getByRole('tooltip').filter({ hasText: 'Bu kullanıcıyı Pasif yap' }).waitFor();
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Bu kullanıcı Pasif yapılsın mı?').waitFor();
    await page.waitForTimeout(300);
    expect(await userStatus(personId)).toBe('Active');
    await screenshot(page, 'reported-user-confirm-tr');
    await dialog.getByRole('button', { name: 'Bu kullanıcıyı Pasif yap' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: 'Yeniden etkinleştir', exact: true }).waitFor();
    expect(await userStatus(personId)).toBe('Inactive');
  });
});
