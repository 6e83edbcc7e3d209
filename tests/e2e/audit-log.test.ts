// The audit log on screen: an Admin's change shows on /audit (who, what, the record, before → after),
// the filters narrow it, the record's link opens its page, whose History panel lists the change; a
// Sub-Admin has no such menu entry and is refused the page; in Arabic it reads right to left.
import { describe, expect, it } from 'vitest';
import { insertUser } from '@server/modules/users/service';
import { createUser } from '../support/api';
import { ADMIN, apiSession, axeViolations, DEMO_PASSWORD, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

/** Renames a user on its edit page, as an Admin, and answers the user's id and old name. */
async function renameUser(newName: string) {
  const { page, server } = suite;
  const target = await server.ctx.db.selectFrom('users').select(['id', 'name']).where('user_type', '=', 'User').orderBy('id').limit(1).executeTakeFirstOrThrow();
  await page.goto(`${server.baseUrl}/edituser/${target.id}`);
  await page.getByLabel('Name').fill(newName);
  await page.getByRole('button', { name: 'Update' }).click();
  await page.getByText('User has been updated successfully').waitFor();
  return target;
}

/**
 * A Sub-Admin who renames a category through the API, then is deleted by the Admin: its entries keep its
 * name. Answers the name.
 */
async function departedColleague(name: string, email: string) {
  const { server } = suite;
  const id = await createUser(server, { name, email, password: DEMO_PASSWORD, user_type: 'Sub-Admin', permissions: ['Categories-list'] });
  const theirs = await apiSession(server.baseUrl, { email, password: DEMO_PASSWORD });
  const category = await server.ctx.db.selectFrom('categories').select(['id', 'status']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  const call = (session: { token: string }, method: string, url: string, body?: object) =>
    fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${session.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body && JSON.stringify(body),
    });
  expect((await call(theirs, 'POST', '/api/category/update', { id: category.id, name: `${name} category`, status: category.status })).status).toBe(200);
  expect((await call(await apiSession(server.baseUrl), 'DELETE', `/api/user/delete/${id}`)).status).toBe(200);
  return name;
}

async function signInAsAdmin() {
  const { page, server } = suite;
  await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
}

describe('the audit log', () => {
  it("shows an Admin's change with who, what and before → after, filters it, and links the record, whose History lists it", async () => {
    const { page, server } = suite;
    await signInAsAdmin();
    const target = await renameUser('Audited Traveller');
    const admin = await server.ctx.db.selectFrom('users').select(['id', 'name']).where('email', '=', ADMIN.email).executeTakeFirstOrThrow();

    await page.getByRole('menuitem', { name: 'Audit Log', exact: true }).click();
    await page.waitForURL('**/audit');
    const entry = page.getByRole('row').filter({ hasText: 'Audited Traveller' }).first();
    await entry.waitFor();
    const cells = entry.getByRole('cell');
    await expect(cells.nth(1).innerText()).resolves.toBe(admin.name);
    await expect(cells.nth(2).innerText()).resolves.toBe('Updated');
    // the record by its name now, its kind and id beneath (m5)
    await expect(cells.nth(3).innerText()).resolves.toBe(`Audited Traveller\nUser #${target.id}`);
    await expect(cells.nth(4).innerText()).resolves.toBe(`Name: ${target.name}→Audited Traveller`);
    // when: a date and a time, in the person's language
    await expect(cells.nth(0).innerText()).resolves.toMatch(/\d{4}.*\d{1,2}:\d{2}/);

    // the Resource filter keeps the users' entries, the Person filter the Admin's
    await page.getByRole('combobox', { name: 'Resource' }).click();
    await page.getByRole('option', { name: 'Category', exact: true }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('"entity":"category"'));
    await page.getByText('No records found!').waitFor();
    await page.getByRole('combobox', { name: 'Resource' }).click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('"entity":"user"'));
    await entry.waitFor();
    const records = await page.locator('tbody tr td:nth-child(4)').allInnerTexts();
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((text) => /(^|\n)User #\d+$/.test(text))).toBe(true);

    const person = page.getByRole('combobox', { name: 'Person' });
    await person.fill(admin.name.slice(0, 3));
    await page.getByRole('option', { name: new RegExp(`^${admin.name}`) }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(`"actor":${admin.id}`));
    await entry.waitFor();
    const who = await page.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(new Set(who)).toEqual(new Set([admin.name]));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-en');

    // the record's link opens its page, whose History lists the change
    await entry.getByRole('link', { name: 'Audited Traveller' }).click();
    await page.waitForURL(`**/user/${target.id}`);
    const history = page.getByTestId('record-history');
    await history.getByText(`${target.name}→Audited Traveller`).waitFor();
    await history.getByText('Updated').first().waitFor();
    await page.getByRole('heading', { name: 'History' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-history-en');
  });

  it("keeps a deleted Sub-Admin's name on its entries, says the account is gone, and shows where each call came from", async () => {
    const { page } = suite;
    const name = await departedColleague('Former Colleague', 'former@example.com');
    await signInAsAdmin();
    await page.getByRole('menuitem', { name: 'Audit Log', exact: true }).click();
    await page.waitForURL('**/audit');
    await page.getByRole('columnheader', { name: 'From' }).waitFor();
    const person = page.getByRole('combobox', { name: 'Person' });
    await person.fill('former');
    const option = page.getByRole('option', { name: new RegExp(`^${name}`) });
    await option.getByText('account deleted').waitFor();
    await option.click();
    const entry = page.getByRole('row').filter({ hasText: `${name} category` }).first();
    await entry.waitFor();
    await expect(entry.getByRole('cell').nth(1).innerText()).resolves.toBe(`${name} (account deleted)`);
    // the address the call came from, its user agent on hover
    const from = entry.getByRole('cell').nth(5).locator('bdi');
    await expect(from.innerText()).resolves.toBe('127.0.0.1');
    await expect(from.getAttribute('title')).resolves.toMatch(/node|undici/i);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-deleted-actor-en');
  });

  it('shows a category’s History behind a toggle of its edit dialog', async () => {
    const { page, server } = suite;
    await signInAsAdmin();
    const category = await server.ctx.db.selectFrom('categories').select(['id', 'name']).orderBy('name').limit(1).executeTakeFirstOrThrow();
    await page.goto(`${server.baseUrl}/category`);
    const row = page.getByRole('row').filter({ hasText: category.name }).first();
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Category Name').fill('Audited category');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Category has been updated successfully').waitFor();
    await page.getByRole('row').filter({ hasText: 'Audited category' }).getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await dialog.getByRole('button', { name: 'Show history' }).click();
    await dialog.getByText(`${category.name}→Audited category`).waitFor();
    await screenshot(page, 'audit-dialog-en');
  });

  it('is not in a Sub-Admin’s menu, and /audit is refused', async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, 'subadmin@example.com', DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('menuitem', { name: 'Users', exact: true }).waitFor();
    await expect(page.getByRole('menuitem', { name: 'Audit Log', exact: true }).count()).resolves.toBe(0);
    await page.goto(`${server.baseUrl}/audit`);
    await page.waitForURL('**/profile');
    await page.getByRole('alert').filter({ hasText: 'You do not have permission to open this page.' }).waitFor();
  });

  it('reads right to left in Arabic, the arrow of each change pointing the reading way', async () => {
    const { page, server } = suite;
    await signInAsAdmin();
    await renameUser('مسافر مدقق');
    const departed = await departedColleague('زميل سابق', 'former-ar@example.com');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.goto(`${server.baseUrl}/audit`);
    await page.getByRole('columnheader', { name: 'التغييرات' }).waitFor();
    const entry = page.getByRole('row').filter({ hasText: 'مسافر مدقق' }).first();
    await entry.waitFor();
    await entry.getByText('عدّل').waitFor();
    await expect(entry.getByTestId('change-arrow').first().innerText()).resolves.toBe('←');
    await expect(page.locator('main').getByText('→').count()).resolves.toBe(0);
    // a deleted colleague's entry keeps the name, marked in Arabic
    await page.getByRole('row').filter({ hasText: `${departed} (الحساب محذوف)` }).first().waitFor();
    await page.getByRole('columnheader', { name: 'المصدر' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-ar');
  });

  it('finds entries by the action label shown, filters by action, and hides sign-ins (m6)', async () => {
    const { page, server } = suite;
    await signInAsAdmin();
    const session = await apiSession(server.baseUrl);
    const gone = await Promise.all(
      ['Bulk One', 'Bulk Two'].map((name, i) =>
        insertUser(server.ctx.db, { name, email: `bulk${i}@example.com`, phone: '5550000000', password_hash: 'x', status: 'Active', user_type: 'User' }),
      ),
    );
    const bulk = await fetch(`${server.baseUrl}/api/user/bulk-action`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_ids: gone, action: 'delete' }),
    });
    expect(bulk.status).toBe(200);
    const actions = () => page.locator('tbody tr td:nth-child(3)').allInnerTexts();

    // "deleted" as the screen writes it ("Deleted (bulk)"), not as the server names it ('bulk.delete')
    await page.goto(`${server.baseUrl}/audit?filter=${encodeURIComponent(JSON.stringify({ q: 'deleted' }))}`);
    await page.getByRole('cell', { name: 'Deleted (bulk)' }).first().waitFor();
    const found = await actions();
    expect(found).toContain('Deleted (bulk)');
    for (const action of found) expect(['Deleted', 'Deleted (bulk)']).toContain(action);

    // the Action filter (the list's kept search cleared)
    const unfiltered = `${server.baseUrl}/audit?filter=${encodeURIComponent('{}')}`;
    await page.goto(unfiltered);
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Signed in', exact: true }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('"action":"login"'));
    await page.getByRole('cell', { name: 'Deleted (bulk)' }).first().waitFor({ state: 'detached' });
    expect(new Set(await actions())).toEqual(new Set(['Signed in']));

    // hide sign-ins: the newest entries without them
    await page.goto(unfiltered);
    await page.getByRole('cell', { name: 'Signed in' }).first().waitFor();
    await page.getByLabel('Hide sign-ins').check();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('"sign_ins":"hidden"'));
    await page.getByRole('cell', { name: 'Signed in' }).first().waitFor({ state: 'detached' });
    const shown = await actions();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).not.toContain('Signed in');
  });

  it("writes a bulk Inactive in each user's History, in Turkish words, and a reorder as before → after (M6, m5)", async () => {
    const { page, server } = suite;
    await signInAsAdmin();
    const session = await apiSession(server.baseUrl);
    const post = (path: string, body: object) =>
      fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ids = await Promise.all(
      ['Toplu Bir', 'Toplu İki'].map((name, i) =>
        insertUser(server.ctx.db, { name, email: `toplu${i}@example.com`, phone: '5550000001', password_hash: 'x', status: 'Active', user_type: 'User' }),
      ),
    );
    expect((await post('/api/user/bulk-action', { user_ids: ids, action: 'inactive' })).status).toBe(200);
    expect((await post('/api/user/sequence/change', { id: ids[0], sequence: 9 })).status).toBe(200);

    await page.evaluate(() => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify('tr')));
    for (const id of ids) {
      await page.goto(`${server.baseUrl}/user/${id}`);
      const history = page.getByTestId('record-history');
      await history.getByText('Pasif yaptı (toplu)').waitFor();
      // the status as the form names it, before → after, in Turkish
      await history.getByText('Durum: Aktif→Pasif').waitFor();
    }
    await page.goto(`${server.baseUrl}/user/${ids[0]}`);
    await page.getByTestId('record-history').getByText(/→9$/).waitFor();
  });
});
