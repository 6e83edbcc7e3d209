import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

async function pictureFile(name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pic-')), name);
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2a9d8f' } }).png().toFile(file);
  return file;
}

async function openUsers() {
  const { page, server } = suite;
  await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${server.baseUrl}/user`);
  await page.getByRole('columnheader', { name: 'Username' }).waitFor();
}

const userRow = (email: string) => suite.page.getByRole('row').filter({ hasText: email });

/** Types in the list's search box and waits until the list shows that search (it is kept in the URL). */
async function search(term: string) {
  await suite.page.getByPlaceholder('Search for Username, Email, Phone and Status').fill(term);
  await suite.page.waitForURL((url) => decodeURIComponent(url.search).includes(term));
}

describe('users', () => {
  it('adds a user with a picture through the dialog, after a validation message', async () => {
    const { page, server } = suite;
    await openUsers();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Add User').waitFor();
    await dialog.getByLabel('Name').fill('Al');
    await dialog.getByLabel('Name').blur();
    await dialog.getByText('Name is not valid').waitFor();
    await dialog.getByLabel('Name').fill('Deniz Arslan');
    await dialog.getByLabel('Email').fill('deniz@example.com');
    await dialog.getByLabel('Phone').fill('5321112233');
    await dialog.getByLabel('Password', { exact: true }).fill('Deniz@2026');
    await expect(dialog.getByRole('combobox', { name: 'Status' }).getAttribute('aria-disabled')).resolves.toBe('true');
    await dialog.locator('input[name=profile_pic]').setInputFiles(await pictureFile('deniz.png'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User has been added successfully').waitFor();
    await search('deniz@example.com');
    const row = userRow('deniz@example.com');
    await row.getByText('Pending').waitFor();
    await expect(row.locator('img').getAttribute('src')).resolves.toMatch(/^\/uploads\/users\/thumbs\//);
    await screenshot(page, 'users-list-en');
    const saved = await server.ctx.db.selectFrom('users').select(['status', 'profile_pic']).where('email', '=', 'deniz@example.com').executeTakeFirstOrThrow();
    expect(saved.status).toBe('Pending');
    expect(saved.profile_pic).toMatch(/\.png$/);
  });

  it('shows a user, edits it, and changes its sequence inline', async () => {
    const { page, server } = suite;
    const target = await server.ctx.db.selectFrom('users').select(['id', 'name', 'email']).where('user_type', '=', 'User').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    await openUsers();
    await search(target.email);
    const row = userRow(target.email);
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.waitForURL(`**/user/${target.id}`);
    await page.getByRole('heading', { name: target.name }).waitFor();
    await page.getByText('Followers').waitFor();

    await page.goto(`${server.baseUrl}/edituser/${target.id}`);
    await expect(page.getByLabel('Email').isDisabled()).resolves.toBe(true);
    await page.getByLabel('Name').fill('Renamed Traveller');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Password', { exact: true }).blur();
    await page.getByText('Password must be 8 characters long with at least one uppercase letter, one special character and one number').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('User has been updated successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/user');
    const edited = await server.ctx.db.selectFrom('users').select(['name', 'status']).where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(edited).toEqual({ name: 'Renamed Traveller', status: 'Inactive' });

    await search(target.email);
    const edit = userRow(target.email).getByRole('button', { name: 'Edit sequence' });
    await edit.click();
    const input = userRow(target.email).getByRole('spinbutton', { name: 'Edit sequence' });
    await input.fill('12');
    await userRow(target.email).getByRole('button', { name: 'Save sequence' }).click();
    await page.getByText('Sequence has been updated successfully').waitFor();
    await userRow(target.email).getByRole('button', { name: 'Edit sequence' }).filter({ hasText: '12' }).waitFor();
  });

  it('sets two users inactive in bulk and deletes one after confirmation', async () => {
    const { page, server } = suite;
    // the two newest users open the first page of the list (newest first)
    const [a, b] = await server.ctx.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('user_type', '=', 'User')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    await openUsers();
    for (const u of [a, b]) await userRow(u.email).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Bulk actions' }).click();
    await page.getByRole('menuitem', { name: 'Inactive' }).click();
    await page.getByText('The selected users will be set to Inactive. You can change this back at any time.').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('2 users set inactive successfully, 0 users failed').waitFor();
    const statuses = await server.ctx.db.selectFrom('users').select('status').where('id', 'in', [a.id, b.id]).execute();
    expect(statuses.map((s) => s.status)).toEqual(['Inactive', 'Inactive']);

    await search(a.email);
    await userRow(a.email).getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete this user ?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('User has been deleted successfully').waitFor();
    await page.getByText('No records found!').waitFor();
    expect(await server.ctx.db.selectFrom('users').select('id').where('id', '=', a.id).executeTakeFirst()).toBeUndefined();
  });
});
