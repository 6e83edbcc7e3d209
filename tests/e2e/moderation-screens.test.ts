// The moderation screens as staff read them (issue 32: M1, M2, m1, m20, m21, p9): the target's status a
// chip beside a verb-labelled action on every report list, the report's own state shown, filtered and
// sorted, the dashboard's counts opening the lists they count, the report detail with the context and
// the action, itineraries and hidden posts, and the Arabic buttons on one line.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, axeViolations, screenshot, signIn, useBrowserSuite } from '../support/e2e';
import { makeReport } from '../support/reportFixtures';

const suite = useBrowserSuite();

async function signInAndOpen(page: Page, path: string) {
  await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${suite.server.baseUrl}${path}`);
}

const searchPosts = async (page: Page, text: string) => {
  await page.getByPlaceholder('Search for Created By, Reported By, Post Title, Reason, Status').fill(text);
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(text));
};

/** Hides or shows a report's target through its action button and the confirmation. */
async function moderate(page: Page, scope: Locator, verb: string, confirm: string) {
  await scope.getByRole('button', { name: verb, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
  await page.getByText('Post Status has been updated Successfully').waitFor();
}

/** The pending reports of each type, and the users of each status, as the database holds them. */
const pendingReports = async (type: string) =>
  Number((await suite.server.ctx.db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', type).where('status', '=', 'Pending').executeTakeFirstOrThrow()).n);

describe('the moderation screens', () => {
  it('a report list shows the target status as a chip beside a verb, the report state, filters and sorts by it; Type is not sortable', async () => {
    const { page } = suite;
    await makeReport(suite.server, 'post', { title: 'Ferry scam in Kaş', person: 'Kaan Kaptan' });
    await signInAndOpen(page, '/report');
    await searchPosts(page, 'ferry scam');
    const row = page.getByRole('row').filter({ hasText: 'Ferry scam in Kaş' });
    const cell = (column: string) => row.locator(`td.column-${column}`);
    await expect(cell('status').getByText('Active', { exact: true }).isVisible()).resolves.toBe(true);
    await cell('status').getByRole('button', { name: 'Hide', exact: true }).waitFor();
    await expect(cell('state').innerText()).resolves.toBe('Pending');
    await expect(cell('type').innerText()).resolves.toBe('Post');
    // one value per list: Type has no sort; Report State and Status sort
    await expect(page.getByRole('columnheader', { name: 'Type' }).getByRole('button').count()).resolves.toBe(0);
    await page.getByRole('columnheader', { name: 'Status' }).getByRole('button').waitFor();

    await moderate(page, row, 'Hide', 'Hide this post');
    await cell('status').getByRole('button', { name: 'Show', exact: true }).waitFor();
    await expect(cell('status').getByText('Inactive', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(cell('state').innerText()).resolves.toBe('Resolved');
    await screenshot(page, 'report-states-en');

    // the state filter: a resolved report leaves the Pending reports
    await page.getByRole('combobox', { name: 'Report State' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('"state":"Pending"'));
    await page.getByText('No records found!').waitFor();
    await page.getByRole('combobox', { name: 'Report State' }).click();
    await page.getByRole('option', { name: 'Resolved' }).click();
    await row.waitFor();

    await page.getByRole('columnheader', { name: 'Report State' }).getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'state');
  });

  it('a report on an itinerary says Itinerary; a hidden one is read again before it is restored', async () => {
    const { page } = suite;
    await makeReport(suite.server, 'post', { title: 'Lycian Way in 3 days', postType: 'itinerary', description: 'Day one: Fethiye to Faralya, then the coast.' });
    await signInAndOpen(page, '/report');
    await searchPosts(page, 'lycian way');
    const row = page.getByRole('row').filter({ hasText: 'Lycian Way in 3 days' });
    await expect(row.locator('td.column-type').innerText()).resolves.toBe('Itinerary');
    await moderate(page, row, 'Hide', 'Hide this post');
    await row.getByRole('button', { name: 'Read the hidden itinerary' }).click();
    const view = page.getByRole('dialog', { name: 'Lycian Way in 3 days' });
    await view.getByText('Day one: Fethiye to Faralya, then the coast.').waitFor();
    await screenshot(page, 'report-hidden-itinerary-en');
    await view.getByRole('button', { name: 'Close' }).click();
    await view.waitFor({ state: 'hidden' });
    // reading it opened no detail page
    expect(new URL(page.url()).pathname).toBe('/report');
  });

  it('the dashboard counts the reports still to handle, and each chip opens the list it counts', async () => {
    const { page } = suite;
    await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const pending = { post: await pendingReports('post'), comment: await pendingReports('comment'), user: await pendingReports('user') };
    await page.getByTestId('stat-reportPending').getByText(String(pending.post + pending.comment + pending.user), { exact: true }).waitFor();
    const card = page.getByTestId('card-reportPending');
    await screenshot(page, 'dashboard-reports-en');
    // the quick panel counts the same
    await page.getByRole('button', { name: 'Quick panel' }).click();
    const quick = page.getByRole('dialog', { name: 'Quick panel' });
    await quick.getByRole('link', { name: `${pending.post + pending.comment + pending.user} reports to look at` }).waitFor();
    await quick.getByRole('link', { name: `Reported Users: ${pending.user}` }).waitFor();
    await quick.getByRole('button', { name: 'Close' }).click();
    await card.getByRole('link', { name: `Reported Comments: ${pending.comment}` }).click();
    await page.waitForURL((url) => url.pathname === '/reportedComments' && (url.searchParams.get('filter') ?? '').includes('"state":"Pending"'));
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    await expect(rows.count()).resolves.toBe(pending.comment);
    await expect(page.locator('td.column-state').allInnerTexts()).resolves.toEqual(Array(pending.comment).fill('Pending'));

    await page.goto(`${suite.server.baseUrl}/dashboard`);
    const inactive = Number(
      (await suite.server.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('user_type', '=', 'User').where('status', '=', 'Inactive').executeTakeFirstOrThrow()).n,
    );
    await page.getByTestId('card-user').getByRole('link', { name: `Inactive: ${inactive}` }).click();
    await page.waitForURL((url) => url.pathname === '/user' && (url.searchParams.get('filter') ?? '').includes('"status":"Inactive"'));
    await page.locator('tbody tr').first().waitFor();
    await expect(page.locator('td.column-status').allInnerTexts()).resolves.toEqual(Array(Math.min(inactive, 10)).fill('Inactive'));
    await screenshot(page, 'dashboard-inactive-users-en');
  });

  it("a report's detail shows what was reported, when, its state, and the action", async () => {
    const { page } = suite;
    const { reportId, postId } = await makeReport(suite.server, 'post', { title: 'Fake hotel in Side', person: 'Hakan Hotelci' });
    await signInAndOpen(page, `/report/${reportId}`);
    await page.getByText('General Information').waitFor();
    // the spec's three fields stay
    await page.getByText('Hakan Hotelci').waitFor();
    await page.getByText('Not what it claims to be').waitFor();
    await expect(page.getByRole('link', { name: 'Fake hotel in Side' }).getAttribute('href')).resolves.toBe(`/post/${postId}`);
    await page.getByText('Reported on').waitFor();
    await page.getByText('Pending', { exact: true }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    // the chips and the action keep their contrast (axe, WCAG AA)
    await expect(axeViolations(page)).resolves.toEqual([]);
    await moderate(page, page.locator('main'), 'Hide', 'Hide this post');
    await page.getByRole('button', { name: 'Show', exact: true }).waitFor();
    await page.getByText('Resolved', { exact: true }).waitFor();
    await page.getByText('Inactive', { exact: true }).waitFor();
    await screenshot(page, 'report-detail-en');
  });

  it('in Arabic, the reported users show the status and the action on one line', async () => {
    const { page } = suite;
    await makeReport(suite.server, 'user', { person: 'Samir Spammer' });
    await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'ar');
    await page.goto(`${suite.server.baseUrl}/reportedUsers`);
    const row = page.getByRole('row').filter({ hasText: 'Samir Spammer' });
    await row.locator('td.column-status').getByText('نشط', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'إلغاء التنشيط', exact: true }).waitFor();
    await expect(row.locator('td.column-state').innerText()).resolves.toBe('قيد المراجعة');
    // every action button and chip of the page on one line: as tall as a one-line button
    const heights = await page.locator('td.column-status button, td.column-status .MuiChip-root, td.column-state .MuiChip-root').evaluateAll((els) =>
      els.map((el) => ({ text: el.textContent, height: el.getBoundingClientRect().height })),
    );
    expect(heights.length).toBeGreaterThan(2);
    for (const h of heights) expect(h.height, h.text ?? '').toBeLessThan(40);
    await screenshot(page, 'reported-users-ar');
  });
});
