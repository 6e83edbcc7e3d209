import { describe, expect, it } from 'vitest';
import { ADMIN, apiSession, DEMO_PASSWORD, latestMail, screenshot, signIn, signOut, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

describe('sub-admins', () => {
  it('adds a Sub-Admin, who is mailed a password and starts at Request Pending', async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/subadmin`);
    await page.getByRole('columnheader', { name: 'Name' }).waitFor();
    await page.getByRole('button', { name: 'Add Sub Admin' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Leyla Sahin');
    await dialog.getByLabel('Email', { exact: true }).fill('leyla@example.com');
    await dialog.getByLabel('Phone').fill('5329998877');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sub-Admin user has been added successfully').waitFor();
    await page.getByRole('row').filter({ hasText: 'leyla@example.com' }).getByText('Request Pending').waitFor();
    expect(latestMail(server.dataDir)).toContain('To: leyla@example.com');
  });

  it('grants a permission on the edit form; the Sub-Admin sees the entry at its next sign-in', async () => {
    const { page, server } = suite;
    const sub = await server.ctx.db.selectFrom('users').select('id').where('email', '=', 'subadmin@example.com').executeTakeFirstOrThrow();
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/editsubadmin/${sub.id}`);
    await page.getByLabel('Users').waitFor();
    await expect(page.getByLabel('Users').isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Email', { exact: true }).isDisabled()).resolves.toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('nouppercase');
    await page.getByLabel('Password', { exact: true }).blur();
    await page.getByText('Must Contain 8 Characters, One Lowercase, One Number and one special case Character').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByLabel('Categories').check();
    await screenshot(page, 'subadmin-edit-en');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Sub Admin has been updated successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/subadmin', { timeout: 5000 });
    const granted = await server.ctx.db
      .selectFrom('user_permissions')
      .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
      .select('permissions.name')
      .where('user_permissions.user_id', '=', sub.id)
      .orderBy('permissions.id')
      .execute();
    expect(granted.map((g) => g.name)).toEqual(['User-list', 'Post-list', 'Categories-list']);

    await signOut(page);
    await signIn(page, server.baseUrl, 'subadmin@example.com', DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('menuitem', { name: 'Categories', exact: true }).click();
    await page.waitForURL('**/category');
    await page.getByRole('columnheader', { name: 'Category Name' }).waitFor();
  });

  it('a Sub-Admin set Inactive by an Admin is signed out at its next click, with the spec message', async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, 'subadmin@example.com', DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('menuitem', { name: 'Users', exact: true }).click();
    await page.getByRole('columnheader', { name: 'Username' }).waitFor();

    // meanwhile, an Admin sets the Sub-Admin Inactive through the API
    const sub = await server.ctx.db.selectFrom('users').select(['id', 'name']).where('email', '=', 'subadmin@example.com').executeTakeFirstOrThrow();
    const adminToken = (await apiSession(server.baseUrl)).token;
    const update = await fetch(`${server.baseUrl}/api/user/update-user`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ id: sub.id, name: sub.name, status: 'Inactive' }),
    });
    expect(update.status).toBe(200);

    // the very next call (not 15 minutes later) ends the session
    await page.getByRole('menuitem', { name: 'Posts', exact: true }).click();
    await page.getByText('Invalid access_token').waitFor();
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
  });
});
