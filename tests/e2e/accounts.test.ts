// Accounts, access and naming of issue 32 (findings m10-m14, m29, p3, p4): what staff see, in English and Arabic.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resetTokenFromMail } from '../support/api';
import { ADMIN, DEMO_PASSWORD, latestMail, screenshot, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();
const INVALID_LINK = 'This reset link is invalid or has expired.';

const inArabic = (page: Page) => page.evaluate(() => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify('ar')));

async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await signIn(page, suite.server.baseUrl, email, password);
  await page.waitForURL(/\/(dashboard|profile)$/);
}

async function mailedResetToken(email: string): Promise<string> {
  await fetch(`${suite.server.baseUrl}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await suite.server.ctx.background.drain();
  return resetTokenFromMail(latestMail(suite.server.dataDir))!;
}

describe('m10: a Sub-Admin refused a list is told why where it asked', () => {
  it('EN: /category says which permission it needs in place; Report Post is marked as needing Reports', async () => {
    const { page, server } = suite;
    await signInAs(page, 'subadmin@example.com');
    await page.goto(`${server.baseUrl}/category`);
    await page.getByText('This list needs the Categories permission (Categories-list).').waitFor();
    expect(new URL(page.url()).pathname).toBe('/category');
    await expect(page.getByText('You do not have permission to open this page.').count()).resolves.toBe(0);
    await screenshot(page, 'accounts-refused-in-place-en');
    // the Report group keeps Report Post (spec §6), marked with what its reports need
    await page.getByRole('menuitem', { name: 'Report', exact: true }).click();
    const reportPost = page.getByRole('menuitem', { name: 'Report Post', exact: true });
    await expect(reportPost.getAttribute('aria-description')).resolves.toBe('Needs the Reports permission');
    // an Admin-only page is the spec's access denial: to /profile
    await page.goto(`${server.baseUrl}/audit`);
    await page.waitForURL('**/profile');
  });

  it('AR: the same refusal, in Arabic', async () => {
    const { page, server } = suite;
    await signInAs(page, 'subadmin@example.com');
    await inArabic(page);
    await page.goto(`${server.baseUrl}/spot`);
    await page.getByText(/^تحتاج هذه القائمة إلى صلاحية الأماكن \(\u2068?Spot-list\u2069?\)\.$/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/spot');
  });
});

describe('m11, m12: the reset page', () => {
  it('EN: a used link says so on load, with a way to a new one; a missing token too', async () => {
    const { page, server } = suite;
    const token = await mailedResetToken('pending@example.com');
    const used = await fetch(`${server.baseUrl}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, password: 'Brand9@NewPass' }),
    });
    expect(used.status).toBe(200);
    await page.goto(`${server.baseUrl}/reset-password/${token}`);
    await page.getByText(INVALID_LINK).waitFor();
    await expect(page.getByLabel('New Password', { exact: true }).count()).resolves.toBe(0);
    await screenshot(page, 'accounts-reset-link-used-en');
    await page.getByRole('link', { name: 'Send a new link' }).click();
    await page.waitForURL('**/forgot-password');
    await page.goto(`${server.baseUrl}/reset-password`);
    await page.getByText(INVALID_LINK).waitFor();
  });

  it('EN: a working link shows the form, whose rule asks for the special character its message names', async () => {
    const { page, server } = suite;
    const token = await mailedResetToken('subadmin@example.com');
    await page.goto(`${server.baseUrl}/reset-password/${token}`);
    await page.getByLabel('New Password', { exact: true }).fill('Newpass123');
    await page.getByLabel('Confirm New Password').fill('Newpass123');
    await page.getByText('Password must be 8 characters long with at least one uppercase letter, one lowercase letter, one special character and one number.').waitFor();
    await expect(page.getByRole('button', { name: 'Reset password' }).isDisabled()).resolves.toBe(true);
  });

  it('AR: a used link says so in Arabic', async () => {
    const { page, server } = suite;
    await page.goto(`${server.baseUrl}/login`);
    await inArabic(page);
    await page.goto(`${server.baseUrl}/reset-password/${'x'.repeat(43)}`);
    await page.getByText('رابط إعادة التعيين هذا غير صالح أو منتهي الصلاحية.').waitFor();
    await page.getByRole('link', { name: 'إرسال رابط جديد' }).waitFor();
    await screenshot(page, 'accounts-reset-link-used-ar');
  });
});

describe('m13: My Profile asks for the current password and the new one twice', () => {
  it('EN: a mistyped confirmation keeps Update off and says so', async () => {
    const { page, server } = suite;
    await signInAs(page, 'subadmin@example.com');
    await page.goto(`${server.baseUrl}/profile`);
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByLabel('New password').fill('Brand9New@Pass');
    await page.getByLabel('Confirm password').fill('Brand9New@Pas');
    await page.getByText("New password doesn't Match the confirm password").waitFor();
    await expect(page.getByRole('button', { name: 'Update' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'accounts-profile-password-en');
  });

  it('AR: the three fields in Arabic', async () => {
    const { page, server } = suite;
    await signInAs(page, 'subadmin@example.com');
    await inArabic(page);
    await page.goto(`${server.baseUrl}/profile`);
    await page.getByLabel('كلمة المرور الحالية (مطلوبة لتعيين كلمة جديدة)').waitFor();
    await page.getByLabel('تأكيد كلمة المرور').waitFor();
  });
});

describe('m14, m29: adding accounts', () => {
  it('EN: Add User takes a calling code and a number as people write it; the list shows it with its code', async () => {
    const { page, server } = suite;
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`${server.baseUrl}/user`);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Selin Koc');
    await dialog.getByLabel('Email').fill('selin@example.com');
    await dialog.getByLabel('Country code').fill('+90');
    await page.getByRole('option', { name: /\(\+90\)/ }).click();
    await dialog.getByLabel('Phone').fill('532 123-4567');
    await dialog.getByLabel('Password', { exact: true }).fill('Selin@2026');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User has been added successfully').waitFor();
    await page.getByPlaceholder('Search for Username, Email, Phone and Status').fill('selin@example.com');
    await page.getByRole('row').filter({ hasText: 'selin@example.com' }).getByText('+90 5321234567').waitFor();
    const saved = await server.ctx.db.selectFrom('users').select(['phone', 'country_code']).where('email', '=', 'selin@example.com').executeTakeFirstOrThrow();
    expect(saved).toEqual({ phone: '5321234567', country_code: '+90' });
  });

  it('EN: Add Sub Admin sets the status and the permissions', async () => {
    const { page, server } = suite;
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`${server.baseUrl}/subadmin`);
    await page.getByRole('button', { name: 'Add Sub Admin' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Kerem Tas');
    await dialog.getByLabel('Email', { exact: true }).fill('kerem@example.com');
    await dialog.getByLabel('Phone').fill('+90 532 999 8877');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await dialog.getByLabel('Spots').check();
    await screenshot(page, 'accounts-add-subadmin-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sub-Admin user has been added successfully').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'kerem@example.com' });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('+90 5329998877').waitFor();
    const granted = await server.ctx.db
      .selectFrom('user_permissions')
      .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
      .innerJoin('users', 'users.id', 'user_permissions.user_id')
      .select('permissions.name')
      .where('users.email', '=', 'kerem@example.com')
      .execute();
    expect(granted.map((g) => g.name)).toEqual(['Spot-list']);
  });

  it('EN: a Sub-Admin holding SubAdmin-list adds a sub-admin; the dialog has no permissions to grant', async () => {
    const { page, server } = suite;
    const db = server.ctx.db;
    const sub = await db.selectFrom('users').select('id').where('email', '=', 'subadmin@example.com').executeTakeFirstOrThrow();
    const perm = await db.selectFrom('permissions').select('id').where('name', '=', 'SubAdmin-list').executeTakeFirstOrThrow();
    await db.insertInto('user_permissions').values({ user_id: sub.id, permission_id: perm.id }).execute();
    try {
      await signInAs(page, 'subadmin@example.com');
      await page.goto(`${server.baseUrl}/subadmin`);
      await page.getByRole('button', { name: 'Add Sub Admin' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Arda Gul');
      await dialog.getByLabel('Email', { exact: true }).fill('arda@example.com');
      await dialog.getByLabel('Phone').fill('5327776655');
      await expect(dialog.getByText('Permissions').count()).resolves.toBe(0);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Sub-Admin user has been added successfully').waitFor();
    } finally {
      await db.deleteFrom('user_permissions').where('user_id', '=', sub.id).where('permission_id', '=', perm.id).execute();
    }
  });

  it('AR: the Add Sub Admin dialog offers the status, the permissions and the calling code in Arabic', async () => {
    const { page, server } = suite;
    await signInAs(page, ADMIN.email, ADMIN.password);
    await inArabic(page);
    await page.goto(`${server.baseUrl}/subadmin`);
    await page.getByRole('button', { name: 'إضافة مشرف فرعي' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('رمز الدولة').waitFor();
    await dialog.getByLabel('الأماكن').waitFor();
    await screenshot(page, 'accounts-add-subadmin-ar');
  });
});

describe('p4: one eye convention', () => {
  it('EN: a hidden password shows the same "Show password" eye on sign-in and in the Add User dialog', async () => {
    const { page, server } = suite;
    // the icon a toggle draws, by its outline
    const eyeOf = (scope: Page | ReturnType<Page['getByRole']>) => scope.getByRole('button', { name: 'Show password' }).locator('svg path').first().getAttribute('d');
    await page.goto(`${server.baseUrl}/login`);
    const signInEye = await eyeOf(page);
    expect(signInEye).toBeTruthy();
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`${server.baseUrl}/user`);
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(eyeOf(page.getByRole('dialog'))).resolves.toBe(signInEye);
  });
});

describe('p3: names', () => {
  it('EN: an itinerary says Itinerary Date, not Post Date', async () => {
    const { page, server } = suite;
    const itinerary = await server.ctx.db.selectFrom('posts').select('id').where('type', '=', 'itinerary').where('deleted_at', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`${server.baseUrl}/itinerary/${itinerary.id}`);
    await page.getByText('Itinerary Date', { exact: true }).waitFor();
    await expect(page.getByText('Post Date', { exact: true }).count()).resolves.toBe(0);
  });

  it('AR: each report entry of the menu has its page title’s name', async () => {
    const { page, server } = suite;
    await signInAs(page, ADMIN.email, ADMIN.password);
    await inArabic(page);
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole('menuitem', { name: 'البلاغات', exact: true }).click();
    await page.getByRole('menuitem', { name: 'المنشورات المبلغ عنها', exact: true }).click();
    await page.waitForURL('**/report');
    // react-admin's <Title> goes into the app bar
    await page.locator('#react-admin-title').getByText('المنشورات المبلغ عنها').waitFor();
  });
});
