import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTokenFromMail } from '../support/api';
import {
  ADMIN,
  DEMO_PASSWORD,
  latestMail,
  launchBrowser,
  newPage,
  type Server,
  screenshot,
  signIn,
  startServer,
} from '../support/e2e';

let server: Server;
let browser: Browser;
let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
});
afterEach(async () => close());

describe('sign-in', () => {
  it('shows the validation messages on change and keeps Login disabled until the form is valid', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Login to your account' }).waitFor();
    const login = page.getByRole('button', { name: 'Login' });
    await expect(login.isDisabled()).resolves.toBe(true);
    const email = page.getByLabel('Email');
    await email.fill('not-an-email');
    await expect(page.getByText('You must enter a valid email').isVisible()).resolves.toBe(true);
    await email.fill('');
    await page.getByText('You must enter a email').waitFor();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    await page.getByText('Password is too short - should be 4 chars minimum.').waitFor();
    await password.fill('');
    await page.getByText('Please enter your password.').waitFor();
    await email.fill(ADMIN.email);
    await password.fill('abcd');
    await expect(login.isEnabled()).resolves.toBe(true);
    // the show/hide toggle reveals the password
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('text');
  });

  it('says so under the form when the password is wrong', async () => {
    await signIn(page, server.baseUrl, ADMIN.email, 'wrong-password');
    await page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' }).waitFor();
    expect(page.url()).toContain('/login');
  });

  it("refuses a plain User with 'Invalid User!'", async () => {
    await signIn(page, server.baseUrl, 'user@example.com', DEMO_PASSWORD);
    await page.getByRole('alert').filter({ hasText: 'Invalid User!' }).waitFor();
  });

  it('takes an Admin to the dashboard, whose card opens its list', async () => {
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const users = await server.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_type', '=', 'User')
      .executeTakeFirstOrThrow();
    await page
      .getByTestId('stat-user')
      .filter({ hasText: new RegExp(`^${users.n}$`) })
      .waitFor();
    await page.getByText('Active:').first().waitFor();
    await screenshot(page, 'dashboard-en');
    await page.getByRole('link', { name: 'Open the Categories list' }).click();
    await page.waitForURL('**/category');
    await page.getByRole('columnheader', { name: 'Category Name' }).waitFor();
    const first = await server.ctx.db
      .selectFrom('categories')
      .select('name')
      .orderBy('name')
      .limit(1)
      .executeTakeFirstOrThrow();
    await page.getByRole('cell', { name: first.name, exact: true }).waitFor();
    // the search box carries the spec's placeholder and narrows the list
    const other = await server.ctx.db.selectFrom('categories').select('name').orderBy('name', 'desc').limit(1).executeTakeFirstOrThrow();
    await page.getByPlaceholder('Search for Category Name and Status').fill(other.name);
    await page.getByRole('cell', { name: first.name, exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: other.name, exact: true }).waitFor();
    // every menu entry is there for an Admin
    for (const entry of [
      'Users',
      'SubAdmin',
      'Spots',
      'Posts',
      'Email Templates',
      'AI Chat',
      'AI Itineraries',
      'Report',
    ]) {
      await page
        .getByRole('menuitem', { name: entry, exact: true })
        .or(page.getByRole('button', { name: entry, exact: true }))
        .first()
        .waitFor();
    }
  });

  it('shows a Sub-Admin only the menu entries of its permissions', async () => {
    await signIn(page, server.baseUrl, 'subadmin@example.com', DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('menuitem', { name: 'Users', exact: true }).waitFor();
    await page.getByRole('menuitem', { name: 'Posts', exact: true }).waitFor();
    for (const hidden of ['SubAdmin', 'Spots', 'Categories', 'Tags', 'Email Templates', 'AI Chat', 'AI Itineraries']) {
      await expect(page.getByRole('menuitem', { name: hidden, exact: true }).count()).resolves.toBe(0);
    }
    await expect(page.getByRole('button', { name: 'Report', exact: true }).count()).resolves.toBe(0);
    // a page it may not open sends it to its profile
    await page.goto(`${server.baseUrl}/category`);
    await page.waitForURL('**/profile');
  });

  it('sends a pending Sub-Admin to its profile with the navigation hidden', async () => {
    await signIn(page, server.baseUrl, 'pending@example.com', DEMO_PASSWORD);
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Pending Subadmin' }).waitFor();
    await expect(page.getByRole('menuitem', { name: 'Dashboard' }).count()).resolves.toBe(0);
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.waitForURL('**/profile');
  });

  it('switches to Arabic, right to left, and remembers it', async () => {
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    // react-admin's language button is named by the current language
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByText('إجمالي المستخدمين').waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ar');
    await screenshot(page, 'dashboard-ar');
    await page.reload();
    await page.getByText('إجمالي المستخدمين').waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
  });

  it('shows the 404 page for an unknown path', async () => {
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/no/such/page`);
    await page.waitForURL('**/pages/errors/error-404');
    await page.getByText('Oops! Page not found').waitFor();
  });
});

describe('forgot and reset password', () => {
  it('mails a link that sets a new password, then signs in with it', async () => {
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/forgot-password');
    const send = page.getByRole('button', { name: 'Send reset link' });
    await page.getByLabel('Email').fill('bad');
    await page.getByText('You must enter a valid email').waitFor();
    await expect(send.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Email').fill('subadmin@example.com');
    await send.click();
    await page.getByText('Link has been sent to your Email ID').waitFor();

    const token = resetTokenFromMail(latestMail(server.dataDir));
    expect(token).toBeTruthy();
    await page.goto(`${server.baseUrl}/reset-password/${token}`);
    const reset = page.getByRole('button', { name: 'Reset password' });
    await expect(reset.isDisabled()).resolves.toBe(true);
    await page.getByLabel('New Password', { exact: true }).fill('weak');
    await page
      .getByText(
        'Password must be 8 characters long with at least one uppercase letter, one lowercase letter, one special character and one number.',
      )
      .waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('Brand9NewPass');
    await page.getByLabel('Confirm New Password').fill('Brand9NewPas');
    await page.getByText("New password doesn't Match the confirm password").waitFor();
    await page.getByLabel('Confirm New Password').fill('Brand9NewPass');
    await reset.click();
    await page.getByText('Password changed successfully').waitFor();
    await page.waitForURL('**/login', { timeout: 6000 });

    await signIn(page, server.baseUrl, 'subadmin@example.com', 'Brand9NewPass');
    await page.waitForURL('**/dashboard');
  });
});
