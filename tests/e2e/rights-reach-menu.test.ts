// A rights change reaches the signed-in Sub-Admin's menu without a sign-out (issue 33): two people, two
// browsers, their own accounts. Every answer names the rights the server read for that call
// (X-Access-Rights); the admin reads them afresh when they differ from the stored ones, so the menu
// follows at the person's next step: a grant shows, a withdrawal is refused and leaves the menu.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../support/api';
import { ADMIN, DEMO_PASSWORD, newPage, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();
const entry = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });

/** The Admin changes one permission of the Sub-Admin on the edit form. */
async function setPermission(page: Page, subAdminId: number, label: string, granted: boolean) {
  await page.goto(`${suite.server.baseUrl}/editsubadmin/${subAdminId}`);
  await page.getByLabel(label, { exact: true }).setChecked(granted);
  await page.getByRole('button', { name: 'Update' }).click();
  await page.getByText('Sub Admin has been updated successfully').waitFor();
}

describe('rights changes reach the menu', () => {
  it('a grant shows at the Sub-Admin’s next step with the same session; a withdrawal is refused at once and leaves the menu', async () => {
    const { page, server } = suite;
    const account = { email: 'deniz@example.com', password: DEMO_PASSWORD };
    const id = await createUser(server, { ...account, name: 'Deniz Kaya', user_type: 'Sub-Admin', permissions: ['Categories-list'] });
    const sub = await newPage(suite.browser);
    try {
      await signIn(sub.page, server.baseUrl, account.email, account.password);
      await sub.page.waitForURL('**/dashboard');
      await entry(sub.page, 'Categories').waitFor();
      await expect(entry(sub.page, 'Tags').count()).resolves.toBe(0);
      const token = await sub.page.evaluate(() => localStorage.getItem('token'));

      // the Admin grants Tags
      await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
      await page.waitForURL('**/dashboard');
      await setPermission(page, id, 'Tags', true);

      // the Sub-Admin's next step shows it, signed in as before
      await entry(sub.page, 'Categories').click();
      await sub.page.waitForURL('**/category');
      await entry(sub.page, 'Tags').click();
      await sub.page.getByRole('columnheader', { name: 'Tag Name' }).waitFor();
      await screenshot(sub.page, 'rights-granted-menu-en');
      await expect(sub.page.evaluate(() => localStorage.getItem('token'))).resolves.toBe(token);

      // the audit log shows the grant by the permissions' declared labels, not their names
      await page.goto(`${server.baseUrl}/audit`);
      await page.getByText(/^(Categories, Tags|Tags, Categories)$/).first().waitFor();
      await expect(page.getByText('Tags-list').count()).resolves.toBe(0);

      // withdrawn by a write that keeps the session (another process, SQL by hand): the menu follows at the next step
      const tags = await server.ctx.db.selectFrom('permissions').select('id').where('name', '=', 'Tags-list').executeTakeFirstOrThrow();
      await server.ctx.db.deleteFrom('user_permissions').where('user_id', '=', id).where('permission_id', '=', tags.id).execute();
      await entry(sub.page, 'Categories').click();
      await sub.page.getByRole('columnheader', { name: 'Category Name' }).waitFor();
      await entry(sub.page, 'Tags').waitFor({ state: 'detached' });
      await expect(sub.page.evaluate(() => localStorage.getItem('token'))).resolves.toBe(token);

      // withdrawn on the edit form: the session stays (only a new password, Inactive or deletion end it); the
      // open list is refused at its next call and the menu drops the entry
      await setPermission(page, id, 'Categories', false);
      await entry(sub.page, 'Dashboard').click();
      await sub.page.waitForURL('**/dashboard');
      await entry(sub.page, 'Categories').waitFor({ state: 'detached' });
      await expect(sub.page.evaluate(() => localStorage.getItem('token'))).resolves.toBe(token);
      await sub.page.goto(`${server.baseUrl}/category`);
      await sub.page.getByText('This list needs the Categories permission (Categories-list).').waitFor();
      await expect(sub.page.getByRole('columnheader', { name: 'Category Name' }).count()).resolves.toBe(0);
    } finally {
      await sub.context.close();
    }
  });
});
