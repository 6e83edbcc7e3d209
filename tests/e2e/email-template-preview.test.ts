// An email template's preview and test mail to oneself (issue 32 m27): the text being edited, before it is
// saved, shown as its recipient reads it (sample values for the signed-in person, the markup in a sandboxed
// frame) and sent to the person's own address. In English at 1280x800, and in Arabic on a phone, where the
// dialog reads right to left and takes the whole screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { ADMIN, latestMail, screenshot, searchedPath, signIn, useBrowserSuite } from '../support/e2e';

const suite = useBrowserSuite();
/** Signs in as the Admin (English, 1280x800) and opens the edit dialog of the forgot-password template. */
async function editResetTemplate(page: Page) {
  const { server } = suite;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(`${server.baseUrl}${searchedPath('/emailtemplate', 'forgot-password')}`);
  const row = page.getByRole('row').filter({ hasText: 'Reset your password' });
  await row.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: en.app.email_template.edit });
  await edit.locator('.ProseMirror').waitFor();
  return edit;
}

describe('email template preview and test mail (m27)', () => {
  it('previews the unsaved text as the mail reads, with my own name and a sample link, and sends it to me', async () => {
    const { page, server } = suite;
    const adminName = (await server.ctx.db.selectFrom('users').select('name').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).name;
    const edit = await editResetTemplate(page);
    // a text the form refuses is marked on its field, as a save attempt would, and not previewed
    await edit.getByLabel('Title').fill('');
    await edit.getByRole('button', { name: 'Preview', exact: true }).click();
    await edit.getByText('Please enter a Title').waitFor();
    expect(await page.getByRole('dialog', { name: 'Email preview' }).count()).toBe(0);
    await edit.getByLabel('Title').fill('Password help for {{name}}');
    await edit.locator('.ProseMirror').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Ignore {{unknown_placeholder}} and <script>alert(1)</script>');

    await edit.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('dialog', { name: 'Email preview' });
    await preview.waitFor();
    await screenshot(page, 'email-template-preview-en');
    const shown = (await preview.innerText()).replace(/[\u2066-\u2069]/g, '');
    expect(shown).toContain(`To: ${ADMIN.email}`);
    expect(shown).toContain(`Subject: Password help for ${adminName}`);
    expect(shown).toContain('Filled in with sample values');
    // the body, in a frame that runs no script
    const frame = preview.locator('iframe');
    expect(await frame.getAttribute('title')).toBe('The email as its recipient reads it');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const body = page.frameLocator('iframe[title="The email as its recipient reads it"]').locator('body');
    const text = await body.innerText();
    expect(text).toContain(`Hello ${adminName},`);
    expect(text).toContain('expires in 1 hour');
    // the unknown placeholder renders as nothing, as in the real mail; typed markup is text
    expect(text).toContain('Ignore and <script>alert(1)</script>');
    expect(text).not.toContain('{{');
    expect(await body.getByRole('link', { name: 'Reset my password' }).getAttribute('href')).toBe(
      `${server.baseUrl}/reset-password/sample-link-not-a-real-token`,
    );

    await preview.getByRole('button', { name: 'Send a test to me' }).click();
    await page.getByText(`Sent to ${ADMIN.email}`).waitFor();
    const mail = (latestMail(server.dataDir) ?? '').replace(/=\r?\n/g, '');
    expect(mail).toMatch(new RegExp(`^To: ${ADMIN.email}$`, 'm'));
    expect(mail).toContain(`Subject: Password help for ${adminName}`);

    // closing the preview goes back to the edit dialog, the text still unsaved there
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });
    expect(await edit.getByLabel('Title').inputValue()).toBe('Password help for {{name}}');
    const saved = await server.ctx.db.selectFrom('email_templates').select('title').where('slug', '=', 'forgot-password').executeTakeFirstOrThrow();
    expect(saved.title).toBe('Reset your password');
  });

  it('reads right to left in Arabic on a phone, full screen with a close button in its header; the mail keeps its own direction', async () => {
    const { browser, server } = suite;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15000);
      await signIn(page, server.baseUrl, ADMIN.email, ADMIN.password);
      await page.waitForURL('**/dashboard');
      await page.evaluate(() => localStorage.setItem('RaStorebackoffice.locale', JSON.stringify('ar')));
      await page.goto(`${server.baseUrl}${searchedPath('/emailtemplate', 'forgot-password')}`);
      await page.waitForFunction(() => document.documentElement.lang === 'ar');
      // a tap on the card opens its edit form
      await page.locator('main tbody tr').filter({ hasText: 'Reset your password' }).getByText('Reset your password').tap();
      await page.getByRole('dialog', { name: ar.app.email_template.edit }).locator('.ProseMirror').waitFor();
      await page.getByRole('button', { name: ar.app.email_template.preview, exact: true }).tap();
      const preview = page.getByRole('dialog', { name: ar.app.email_template.preview_title });
      await preview.waitFor();
      await screenshot(page, 'email-template-preview-ar-phone');

      expect(await preview.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
      expect(await preview.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
      const shown = (await preview.innerText()).replace(/[\u2066-\u2069]/g, '');
      expect(shown).toContain(`${ar.app.email_template.to}: ${ADMIN.email}`);
      expect(shown).toContain(`${ar.app.email_template.subject}: Reset your password`);
      expect(shown).toContain(ar.app.email_template.samples);
      // the subject (Latin text) and the mail in its frame keep their own direction
      expect(await preview.getByText('Reset your password').getAttribute('dir')).toBe('auto');
      const body = page.frameLocator(`iframe[title="${ar.app.email_template.body}"]`).locator('body');
      expect(await body.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      expect(await body.innerText()).toContain('Reset my password');
      // the title at the right, the close button of the header at the left, both visible touch targets
      const closes = preview.getByRole('button', { name: ar.ra.action.close, exact: true });
      const close = (await closes.first().boundingBox())!;
      const title = (await preview.getByText(ar.app.email_template.preview_title).boundingBox())!;
      expect(close.y).toBeLessThan(80);
      expect(close.x).toBeLessThan(title.x);
      expect(close.width).toBeGreaterThanOrEqual(44);
      expect((await preview.getByRole('button', { name: ar.app.email_template.send_test }).boundingBox())!.y + 1).toBeLessThan(844);
      await closes.first().tap();
      await preview.waitFor({ state: 'detached' });
      await page.getByRole('dialog', { name: ar.app.email_template.edit }).waitFor();
    } finally {
      await context.close();
    }
  });
});
