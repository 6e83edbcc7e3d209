import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, screenshot, signIn, useBrowserSuite } from '../support/e2e';
import { makeReport as makeReportIn } from '../support/reportFixtures';

const suite = useBrowserSuite();

async function signInAndOpen(page: Page, path: string) {
  await signIn(page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${suite.server.baseUrl}${path}`);
}

const search = async (page: Page, placeholder: string, text: string) => {
  await page.getByPlaceholder(placeholder).fill(text);
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(text));
};

const makeReport = (type: 'post' | 'user' | 'comment', names: Parameters<typeof makeReportIn>[2]) => makeReportIn(suite.server, type, names);

describe('reports and moderation', () => {
  it('sets a reported user Inactive, which the user list shows', async () => {
    const { page } = suite;
    await makeReport('user', { person: 'Vedat Spammer' });
    await signInAndOpen(page, '/reportedUsers');
    await search(page, 'Search for Reported User, Reported By, Type, Reason, Status', 'vedat');
    const row = page.getByRole('row').filter({ hasText: 'Vedat Spammer' });
    await expect(row.getByRole('link', { name: 'Vedat Spammer' }).getAttribute('target')).resolves.toBe('_blank');
    // spec §4: the call sets the user Inactive; the chip shows the status, the button the action; the click asks first
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Set this user Inactive' }).click();
    await page.getByText('User Status has been updated Successfully').waitFor();
    await row.getByRole('button', { name: 'Reactivate', exact: true }).waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    await screenshot(page, 'reported-users-en');

    await page.goto(`${suite.server.baseUrl}/user`);
    await search(page, 'Search for Username, Email, Phone and Status', 'vedat');
    await page.getByRole('row').filter({ hasText: 'Vedat Spammer' }).getByText('Inactive').waitFor();
  });

  it('hides a reported post: its title then says it is inactive; restoring it makes it a link again', async () => {
    const { page, server } = suite;
    const { postId } = await makeReport('post', { title: 'Miracle diet in Antalya', person: 'Pelin Poster' });
    await signInAndOpen(page, '/report');
    await search(page, 'Search for Created By, Reported By, Post Title, Reason, Status', 'miracle diet');
    const row = page.getByRole('row').filter({ hasText: 'Miracle diet in Antalya' });
    await expect(row.getByRole('link', { name: 'Miracle diet in Antalya' }).getAttribute('href')).resolves.toBe(`/post/${postId}`);
    // spec §4: the chip shows the post's status (userStatusByAdmin), the button the action; the click asks first
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Hide', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hide this post' }).click();
    await page.getByText('Post Status has been updated Successfully').waitFor();
    expect((await server.ctx.db.selectFrom('posts').select('deleted_at').where('id', '=', postId).executeTakeFirstOrThrow()).deleted_at).toBeTruthy();

    await row.getByRole('button', { name: 'Miracle diet in Antalya' }).click();
    const note = page.getByText('This Post is Inactive. Click on the Action button to make it Active');
    await note.waitFor();
    await screenshot(page, 'report-post-inactive-en');
    await note.waitFor({ state: 'hidden', timeout: 4500 });

    await row.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Show this post again' }).click();
    await page.getByText('Post Status has been updated Successfully').waitFor();
    await row.getByRole('link', { name: 'Miracle diet in Antalya' }).waitFor();
    expect((await server.ctx.db.selectFrom('posts').select('deleted_at').where('id', '=', postId).executeTakeFirstOrThrow()).deleted_at).toBeNull();
  });

  it('opens a reported comment detail and goes back to the reported comments', async () => {
    const { page } = suite;
    const { reportId } = await makeReport('comment', { title: 'Kaş by boat', person: 'Kerem Commenter', comment: 'DM me for cheap boat tours' });
    await signInAndOpen(page, '/reportedComments');
    await search(page, 'Search for Created By, Reported By, Post Title, Comment, Type, Reason, Status', 'cheap boat');
    await page.getByRole('row').filter({ hasText: 'DM me for cheap boat tours' }).getByText('Not what it claims to be').click();
    await page.waitForURL((url) => url.pathname === `/reportedComment/${reportId}`);
    await page.getByText('General Information').waitFor();
    await page.getByText('Kerem Commenter').waitFor();
    await page.getByText('Demo User').waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/reportedComments');
  });
});
