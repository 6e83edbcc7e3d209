// Two-factor sign-in in the browser, in English and in Arabic (right to left): enrol TOTP from My
// Profile (QR code, key, first code, recovery codes shown once), sign out, sign in with the app's code,
// sign out, sign in with a recovery code. Codes are made with otpauth from the key the page shows, as an
// authenticator app would. Screenshots land in test-results/two-factor-*.png.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { ar } from '../../src/admin/i18n/ar';
import { en } from '../../src/admin/i18n/en';
import { hashPassword } from '../../src/server/auth/passwords';
import { insertUser } from '../../src/server/modules/users/service';
import { type AuthTexts, screenshot, signIn, signOut, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();
const PASSWORD = 'Str0ng@Pass';

const LANGUAGES = [
  { code: 'en', catalogue: en, menuName: 'English' },
  { code: 'ar', catalogue: ar, menuName: 'العربية' },
] as const;

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
    await insertUser(server.ctx.db, {
      name: `Two Factor ${lang}`,
      email,
      password_hash: await hashPassword(PASSWORD, 2 ** 14),
      status: 'Active',
      user_type: 'Sub-Admin',
    });
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
    await page.getByRole('button', { name: t.confirm }).click();
    const list = page.getByRole('list', { name: t.codes_title });
    await list.waitFor();
    const codes = await list.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await screenshot(page, `two-factor-codes-${lang}`);
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
