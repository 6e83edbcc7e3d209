import { describe, expect, it } from 'vitest';
import { ADMIN, axeViolations as violations, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

const ROUTES: [string, string][] = [
  ['/dashboard', 'Total Users'],
  ['/user', 'Search for Username, Email, Phone and Status'],
  ['/subadmin', 'Search for Name, Email, Phone and Status'],
  ['/spot', 'Search for Spot Name, Country and Created By'],
  ['/post', 'Search for Title, Description and Status'],
  ['/itinerary', 'Search for Itinerary Name, Description, and Created by'],
  ['/category', 'Search for Category Name and Status'],
  ['/tag', 'Search for Tag Name and Status'],
  ['/emailtemplate', 'Search for Title, Description and Status'],
  ['/contentmanagement', 'Search for Title, Slug and Status'],
  ['/reportCategories', 'Search for Category, Status'],
  ['/report', 'Search for Created By, Reported By, Post Title, Reason, Status'],
  ['/reportedComments', 'Search for Created By, Reported By, Post Title, Comment, Type, Reason, Status'],
  ['/reportedUsers', 'Search for Reported User, Reported By, Type, Reason, Status'],
  ['/chat', 'Place name'],
  ['/aiItineraries', 'Itinerary search'],
  ['/profile', 'My Profile'],
  ['/audit', 'Search for person, action, record or record id'],
];

describe('accessibility (axe: no serious or critical violation)', () => {
  it('on the sign-in and forgot-password pages', async () => {
    const { page, server } = suite;
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.goto(`${server.baseUrl}/forgot-password`);
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('on every screen of the menu', async () => {
    const { page, server } = suite;
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const found: Record<string, string[]> = {};
    for (const [path, marker] of ROUTES) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByText(marker).or(page.getByPlaceholder(marker)).or(page.getByLabel(marker)).first().waitFor();
      await page.getByText('Loading...').waitFor({ state: 'detached' }).catch(() => undefined);
      const list = await violations(page);
      if (list.length) found[path] = list;
    }
    expect(found).toEqual({});
  });

  it('on the detail screens, a dialog and the 404 page, in Arabic too', async () => {
    const { page, server } = suite;
    const { db } = server.ctx;
    const firstOf = async (type: string) => (await db.selectFrom('posts').select('id').where('type', '=', type).orderBy('id').executeTakeFirstOrThrow()).id;
    const user = await db.selectFrom('users').select('id').where('email', '=', 'user@example.com').executeTakeFirstOrThrow();
    const report = await db.selectFrom('reports').select('id').where('type', '=', 'post').orderBy('id').executeTakeFirstOrThrow();
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const pages: [string, string][] = [
      [`/user/${user.id}`, 'User Details'],
      [`/edituser/${user.id}`, 'Update'],
      [`/post/${await firstOf('post')}`, 'Post Details'],
      [`/itinerary/${await firstOf('itinerary')}`, 'Itinerary Details'],
      [`/report/${report.id}`, 'General Information'],
      ['/no/such/page', 'Oops! Page not found'],
    ];
    const found: Record<string, string[]> = {};
    for (const [path, marker] of pages) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByText(marker).first().waitFor();
      const list = await violations(page);
      if (list.length) found[path] = list;
    }
    await page.goto(`${server.baseUrl}/category`);
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByRole('dialog').getByLabel('Category Name').waitFor();
    // checked once faded in: mid-transition its text has not yet its contrast
    await expect.poll(() => page.locator('.MuiDialog-container').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    const dialog = await violations(page);
    if (dialog.length) found['/category add dialog'] = dialog;

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.goto(`${server.baseUrl}/user`);
    await page.getByRole('columnheader', { name: 'اسم المستخدم' }).waitFor();
    const arabic = await violations(page);
    if (arabic.length) found['/user in Arabic'] = arabic;
    expect(found).toEqual({});
  });
});
