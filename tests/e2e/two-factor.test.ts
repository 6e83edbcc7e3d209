// Two-factor sign-in in the browser, in English and in Arabic (right to left): enrol TOTP from My
// Profile (QR code, key, first code, recovery codes shown once), sign out, sign in with the app's code,
// sign out, sign in with a recovery code. Codes are made with otpauth from the key the page shows, as an
// authenticator app would. Screenshots land in test-results/two-factor-*.png.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { hashPassword } from '@server/auth/passwords';
import { insertUser } from '@server/modules/users/service';
import { ADMIN, type AuthTexts, axeViolations, newPage, screenshot, signIn, signOut, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();
const PASSWORD = 'Str0ng@Pass';

const LANGUAGES = [
  { code: 'en', catalogue: en, menuName: 'English' },
  { code: 'ar', catalogue: ar, menuName: 'العربية' },
] as const;

/** A Sub-Admin of the demo server, Active, without two-factor sign-in: its id. */
async function staffMember(server: (typeof suite)['server'], email: string, name: string) {
  return insertUser(server.ctx.db, { name, email, password_hash: await hashPassword(PASSWORD, 2 ** 14), status: 'Active', user_type: 'Sub-Admin' });
}

describe.each(LANGUAGES)('two-factor sign-in in $code', ({ code: lang, catalogue, menuName }) => {
  const t = catalogue.app.two_factor;
  const auth: AuthTexts = {
    email: catalogue.app.auth.email,
    password: catalogue.app.auth.password,
    login: catalogue.app.auth.login,
    userMenu: catalogue.ra.auth.user_menu,
    logout: catalogue.ra.auth.logout,
  };

  it('enrols from My Profile, then signs in with the app’s code and with a recovery code', async () => {
    const { page, server } = suite;
    const email = `totp-${lang}@example.com`;
    await staffMember(server, email, `Two Factor ${lang}`);
    // the language is chosen on the sign-in page (again after each sign-out: signing out forgets it)
    const chooseLanguage = async () => {
      if (lang === 'en') return;
      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByRole('menuitem', { name: menuName }).click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    };
    await chooseLanguage();
    await signIn(page, server.baseUrl, email, PASSWORD, auth);
    await page.waitForURL('**/dashboard');

    // enrol
    await page.goto(`${server.baseUrl}/profile`);
    await page.getByRole('button', { name: t.turn_on }).click();
    const qr = page.getByRole('img', { name: t.qr_alt });
    await qr.waitFor();
    await expect(qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    const key = (await page.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
    const secret = Secret.fromBase32(key);
    await page.getByLabel(t.code).fill(TOTP.generate({ secret }));
    await expect.poll(() => page.getByRole('button', { name: t.confirm }).isEnabled()).toBe(true);
    await screenshot(page, `two-factor-enrol-${lang}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t.confirm }).click();
    const list = page.getByRole('list', { name: t.codes_title });
    await list.waitFor();
    const codes = await list.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await screenshot(page, `two-factor-codes-${lang}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t.done }).click();
    await page.getByText(t.codes_left.replace('%{n}', '10')).waitFor();
    await screenshot(page, `two-factor-profile-${lang}`);

    // sign in with the app's code (the next time step's: the enrolment used this one)
    await signOut(page, auth);
    await chooseLanguage();
    await signIn(page, server.baseUrl, email, PASSWORD, auth);
    await page.getByText(t.sign_in_intro).waitFor();
    await page.getByLabel(t.code).fill(TOTP.generate({ secret, timestamp: Date.now() + 30_000 }));
    await screenshot(page, `two-factor-sign-in-${lang}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t.verify }).click();
    await page.waitForURL('**/dashboard');

    // sign in with a recovery code
    await signOut(page, auth);
    await chooseLanguage();
    await signIn(page, server.baseUrl, email, PASSWORD, auth);
    await page.getByRole('button', { name: t.use_recovery }).click();
    await page.getByLabel(t.recovery_code).fill(codes[0]);
    await screenshot(page, `two-factor-recovery-${lang}`);
    await page.getByRole('button', { name: t.verify }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/profile`);
    await page.getByText(t.codes_left.replace('%{n}', '9')).waitFor();
    if (lang !== 'en') await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
  });
});

describe('the staff policy and an Admin\'s reset', () => {
  const t = en.app.two_factor;

  it('requires two-factor of all staff: past the grace period a Sub-Admin sets it up at sign-in; an Admin resets it', async () => {
    const { page, server } = suite;
    const id = await staffMember(server, 'late-e2e@example.com', 'Late Enroller');
    await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.baseUrl}/profile`);
    await page.getByLabel(t.policy_required).check();
    await page.getByLabel(t.policy_grace).fill('0');
    await page.getByRole('button', { name: t.policy_save }).click();
    await page.getByText(en.messages.twoFactorPolicySaved).waitFor();
    await screenshot(page, 'two-factor-policy-en');

    // the Sub-Admin, in a browser of its own
    const other = await newPage(suite.browser);
    try {
      await signIn(other.page, server.baseUrl, 'late-e2e@example.com', PASSWORD);
      await other.page.getByRole('heading', { name: t.enrol_title }).waitFor();
      await other.page.getByText(t.enrol_intro).waitFor();
      await other.page.getByRole('img', { name: t.qr_alt }).waitFor();
      const secret = Secret.fromBase32((await other.page.getByTestId('two-factor-key').textContent())!.replace(/\s/g, ''));
      await other.page.getByLabel(t.code).fill(TOTP.generate({ secret }));
      await screenshot(other.page, 'two-factor-enrol-at-sign-in-en');
      await other.page.getByRole('button', { name: t.confirm }).click();
      const list = other.page.getByRole('list', { name: t.codes_title });
      await list.waitFor();
      await expect(list.getByRole('listitem').count()).resolves.toBe(10);
      await other.page.getByRole('button', { name: t.done }).click();
      await other.page.waitForURL('**/dashboard');
    } finally {
      await other.context.close();
    }

    // the Admin resets it from the Sub-Admin's page
    await page.goto(`${server.baseUrl}/subadmin/${id}`);
    await page.getByRole('button', { name: t.reset }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.reset }).click();
    await page.getByText(en.messages.twoFactorReset).waitFor();
    const left = await server.ctx.db.selectFrom('two_factor').select('user_id').where('user_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});
