import { describe, expect, it } from 'vitest';
import { resetTokenFromMail } from '../support/api';
import { ADMIN, DEMO_PASSWORD, latestMail, screenshot, searchedPath, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();

describe('sign-in', () => {
  it('shows the validation messages on change and keeps Login disabled until the form is valid', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/`);
    await suite.page.waitForURL('**/login');
    await suite.page.getByRole('heading', { name: 'Login to your account' }).waitFor();
    const login = suite.page.getByRole('button', { name: 'Login' });
    await expect(login.isDisabled()).resolves.toBe(true);
    const email = suite.page.getByLabel('Email');
    await email.fill('not-an-email');
    await expect(suite.page.getByText('You must enter a valid email').isVisible()).resolves.toBe(true);
    await email.fill('');
    await suite.page.getByText('You must enter a email').waitFor();
    const password = suite.page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    await suite.page.getByText('Password is too short - should be 4 chars minimum.').waitFor();
    await password.fill('');
    await suite.page.getByText('Please enter your password.').waitFor();
    await email.fill(ADMIN.email);
    await password.fill('abcd');
    await expect(login.isEnabled()).resolves.toBe(true);
    // the show/hide toggle reveals the password
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await suite.page.getByRole('button', { name: 'Show password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('text');
  });

  it('says so under the form when the password is wrong', async () => {
    await signIn(suite.page, suite.server.baseUrl, ADMIN.email, 'wrong-password');
    await suite.page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' }).waitFor();
    expect(suite.page.url()).toContain('/login');
  });

  it("refuses a plain User with 'Invalid User!'", async () => {
    await signIn(suite.page, suite.server.baseUrl, 'user@example.com', DEMO_PASSWORD);
    await suite.page.getByRole('alert').filter({ hasText: 'Invalid User!' }).waitFor();
  });

  it('takes an Admin to the dashboard, whose card opens its list', async () => {
    await signIn(suite.page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await suite.page.waitForURL('**/dashboard');
    const users = await suite.server.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_type', '=', 'User')
      .executeTakeFirstOrThrow();
    await suite.page
      .getByTestId('stat-user')
      .filter({ hasText: new RegExp(`^${users.n}$`) })
      .waitFor();
    await suite.page.getByText('Active:').first().waitFor();
    await screenshot(suite.page, 'dashboard-en');
    await suite.page.getByRole('link', { name: /^Categories/ }).click();
    await suite.page.waitForURL('**/category');
    await suite.page.getByRole('columnheader', { name: 'Category Name' }).waitFor();
    const first = await suite.server.ctx.db
      .selectFrom('categories')
      .select('name')
      .orderBy('name')
      .limit(1)
      .executeTakeFirstOrThrow();
    await suite.page.getByRole('cell', { name: first.name, exact: true }).waitFor();
    // the search box carries the spec's placeholder and narrows the list
    const other = await suite.server.ctx.db.selectFrom('categories').select('name').orderBy('name', 'desc').limit(1).executeTakeFirstOrThrow();
    await suite.page.getByPlaceholder('Search for Category Name and Status').fill(other.name);
    await suite.page.getByRole('cell', { name: first.name, exact: true }).waitFor({ state: 'detached' });
    await suite.page.getByRole('cell', { name: other.name, exact: true }).waitFor();
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
      await suite.page
        .getByRole('menuitem', { name: entry, exact: true })
        .or(suite.page.getByRole('button', { name: entry, exact: true }))
        .first()
        .waitFor();
    }
  });

  it('shows a Sub-Admin only the menu entries of its permissions', async () => {
    await signIn(suite.page, suite.server.baseUrl, 'subadmin@example.com', DEMO_PASSWORD);
    await suite.page.waitForURL('**/dashboard');
    await suite.page.getByRole('menuitem', { name: 'Users', exact: true }).waitFor();
    await suite.page.getByRole('menuitem', { name: 'Posts', exact: true }).waitFor();
    for (const hidden of ['SubAdmin', 'Spots', 'Categories', 'Tags', 'Email Templates', 'AI Chat', 'AI Itineraries']) {
      await expect(suite.page.getByRole('menuitem', { name: hidden, exact: true }).count()).resolves.toBe(0);
    }
    // the Report group shows Report Post and Report User without a permission (spec §6), not the others
    await suite.page.getByRole('menuitem', { name: 'Report', exact: true }).click();
    await suite.page.getByRole('menuitem', { name: 'Report Post', exact: true }).waitFor();
    await suite.page.getByRole('menuitem', { name: 'Report User', exact: true }).waitFor();
    for (const hidden of ['Report Categories', 'Report Comment']) {
      await expect(suite.page.getByRole('menuitem', { name: hidden, exact: true }).count()).resolves.toBe(0);
    }
    // a list it may not open says which permission it needs, where it was asked for (finding m10)
    await suite.page.goto(`${suite.server.baseUrl}/category`);
    await suite.page.getByText('This list needs the Categories permission (Categories-list).').waitFor();
    // an Admin-only page is the spec's access denial (§2): to its profile
    await suite.page.goto(`${suite.server.baseUrl}/chat`);
    await suite.page.waitForURL('**/profile');
  });

  it('sends a pending Sub-Admin to its profile with the navigation hidden', async () => {
    await signIn(suite.page, suite.server.baseUrl, 'pending@example.com', DEMO_PASSWORD);
    await suite.page.waitForURL('**/profile');
    await suite.page.getByRole('heading', { name: 'Pending Subadmin' }).waitFor();
    await expect(suite.page.getByRole('menuitem', { name: 'Dashboard' }).count()).resolves.toBe(0);
    await suite.page.goto(`${suite.server.baseUrl}/dashboard`);
    await suite.page.waitForURL('**/profile');
  });

  it('switches to Arabic, right to left, and remembers it', async () => {
    await signIn(suite.page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await suite.page.waitForURL('**/dashboard');
    // react-admin's language button is named by the current language
    await suite.page.getByRole('button', { name: 'English' }).click();
    await suite.page.getByRole('menuitem', { name: 'العربية' }).click();
    await suite.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await suite.page.getByText('إجمالي المستخدمين').waitFor();
    await expect(suite.page.evaluate(() => document.documentElement.lang)).resolves.toBe('ar');
    await screenshot(suite.page, 'dashboard-ar');
    await suite.page.reload();
    await suite.page.getByText('إجمالي المستخدمين').waitFor();
    await expect(suite.page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
  });

  it('shows the 404 page for an unknown path', async () => {
    await signIn(suite.page, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await suite.page.waitForURL('**/dashboard');
    await suite.page.goto(`${suite.server.baseUrl}/no/such/page`);
    await suite.page.waitForURL('**/pages/errors/error-404');
    await suite.page.getByText('Oops! Page not found').waitFor();
  });
});

describe('forgot and reset password', () => {
  it('mails a link that sets a new password, then signs in with it', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/login`);
    await suite.page.getByRole('link', { name: 'Forgot Password?' }).click();
    await suite.page.waitForURL('**/forgot-password');
    const send = suite.page.getByRole('button', { name: 'Send reset link' });
    await suite.page.getByLabel('Email').fill('bad');
    await suite.page.getByText('You must enter a valid email').waitFor();
    await expect(send.isDisabled()).resolves.toBe(true);
    await suite.page.getByLabel('Email').fill('subadmin@example.com');
    await send.click();
    await suite.page.getByText('Link has been sent to your Email ID').waitFor();

    await suite.server.ctx.background.drain();
    const token = resetTokenFromMail(latestMail(suite.server.dataDir));
    expect(token).toBeTruthy();
    await suite.page.goto(`${suite.server.baseUrl}/reset-password/${token}`);
    const reset = suite.page.getByRole('button', { name: 'Reset password' });
    await expect(reset.isDisabled()).resolves.toBe(true);
    await suite.page.getByLabel('New Password', { exact: true }).fill('weak');
    await suite.page
      .getByText(
        'Password must be 8 characters long with at least one uppercase letter, one lowercase letter, one special character and one number.',
      )
      .waitFor();
    await suite.page.getByLabel('New Password', { exact: true }).fill('Brand9@NewPass');
    await suite.page.getByLabel('Confirm New Password').fill('Brand9@NewPas');
    await suite.page.getByText("New password doesn't Match the confirm password").waitFor();
    await suite.page.getByLabel('Confirm New Password').fill('Brand9@NewPass');
    await reset.click();
    await suite.page.getByText('Password changed successfully').waitFor();
    await suite.page.waitForURL('**/login', { timeout: 6000 });

    await signIn(suite.page, suite.server.baseUrl, 'subadmin@example.com', 'Brand9@NewPass');
    await suite.page.waitForURL('**/dashboard');
  });
});

describe('content security policy', () => {
  /**
   * Collects what the browser refused under the page's Content-Security-Policy (console and DOM event).
   * None is expected: zod runs jitless (src/admin/zodConfig.ts), so not even its eval probe is refused.
   */
  async function watchViolations(page: typeof suite.page) {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.text().includes('Content Security Policy')) violations.push(msg.text());
    });
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
        report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
      });
    });
    return violations;
  }

  it('runs the admin without a single violation: sign-in, dashboard, a rich-text editor', async () => {
    const { page, server } = suite;
    const violations = await watchViolations(page);
    const response = await page.goto(`${server.baseUrl}/login`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('stat-user').waitFor();
    await page.goto(`${server.baseUrl}${searchedPath('/emailtemplate', 'forgot-password')}`);
    await page.getByRole('columnheader', { name: 'Slug' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'forgot-password' }).getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog').locator('.ProseMirror');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Checked under the policy.');
    await editor.getByText('Checked under the policy.', { exact: false }).waitFor();
    // uploaded pictures still show (img-src 'self')
    await page.goto(`${server.baseUrl}/user`);
    const thumb = page.locator('img[src^="/uploads/"]').first();
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(violations).toEqual([]);
    // and an inline script really is refused (the policy is enforced, not just sent)
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.body.append(s);
    });
    await expect(page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).resolves.toBeUndefined();
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });

  it('keeps the Swagger UI working under its policy', async () => {
    const { page, server } = suite;
    const violations = await watchViolations(page);
    await page.goto(`${server.baseUrl}/api/docs/`);
    await page.getByText('/api/auth/login').first().waitFor();
    expect(violations).toEqual([]);
  });
});
