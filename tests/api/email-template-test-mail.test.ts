// An email template's preview and test mail to oneself (issue 32 m27). Staff saved a template with a
// placeholder its mail does not fill in and only saw it when the mail went out. Now the text being edited
// is rendered as the mail would be (the one renderer of the real mails), filled with sample values for the
// signed-in person, and can be sent to that person's own address only: audited, a few a minute.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '@server/mail/mailer';
import { TEMPLATE_PLACEHOLDERS } from '@shared/emailTemplateRules';
import { errorMessages, validationMessages } from '@shared/validation/messages';
import { ADMIN, bearer, createUser, dialects, htmlPart, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
const SAMPLE_LINK = 'http://admin.test/reset-password/sample-link-not-a-real-token';

describe.each(dialects)('email template preview and test mail on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let adminName: string;
  const ids: Record<string, number> = {};

  const outbox = () => path.join(t.dataDir, 'outbox');
  const mailFiles = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort() : []);
  const call = (op: 'preview' | 'test', token: string, payload: unknown, id = ids['forgot-password']) =>
    t.app.inject({ method: 'POST', url: `/api/email-template/${id}/${op}`, headers: bearer(token), payload: payload as object });
  const testEntries = (actorId: number) =>
    t.ctx.db.selectFrom('audit_log').select(['entity', 'entity_id', 'detail']).where('action', '=', 'emailtemplate.test_send').where('actor_id', '=', actorId).execute();
  const stored = (id: number) => t.ctx.db.selectFrom('email_templates').select(['title', 'description']).where('id', '=', id).executeTakeFirstOrThrow();
  /** A Sub-Admin with these permissions, signed in: their id, name, email and token. */
  async function subAdmin(email: string, permissions: string[]) {
    const id = await createUser(t, { email, password: PASSWORD, user_type: 'Sub-Admin', name: `Editor ${email.split('@')[0]}`, permissions });
    return { id, email, token: (await loginAs(t, email, PASSWORD)).token };
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    for (const row of await t.ctx.db.selectFrom('email_templates').select(['id', 'slug']).execute()) ids[row.slug] = row.id;
    adminName = (await t.ctx.db.selectFrom('users').select('name').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).name;
  });
  afterAll(async () => t.close());

  it('previews the unsaved text as the mail renders it: sample values, no token made, markup made safe, nothing sent or saved', async () => {
    const before = await stored(ids['forgot-password']!);
    const tokens = async () => Number((await t.ctx.db.selectFrom('password_reset_tokens').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const tokensBefore = await tokens();
    const res = await call('preview', admin, {
      title: 'Help for {{name}}',
      description:
        '<p>Hello {{name}} ({{email}}), <a href="{{link}}">reset</a> within {{expires_in}}.{{unknown_placeholder}}</p>' +
        '<script>alert(1)</script><p><img src="/uploads/logo.png" onerror="alert(2)"></p>',
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.subject).toBe(`Help for ${adminName}`);
    expect(data.to).toBe(ADMIN.email);
    expect(data.html).toBe(
      `<p>Hello ${adminName} (${ADMIN.email}), <a href="${SAMPLE_LINK}">reset</a> within 1 hour.</p>` +
        '<p><img src="http://admin.test/uploads/logo.png" /></p>',
    );
    expect(await tokens()).toBe(tokensBefore);
    expect(await stored(ids['forgot-password']!)).toEqual(before);
    expect(mailFiles()).toEqual([]);
  });

  it('has a sample for every placeholder each mail fills in', async () => {
    for (const [slug, names] of Object.entries(TEMPLATE_PLACEHOLDERS)) {
      const description = names.map((n) => `<p>${n}: {{${n}}}</p>`).join('');
      const res = await call('preview', admin, { title: slug, description }, ids[slug]);
      expect(res.statusCode, slug).toBe(200);
      for (const n of names) expect(res.json().data.html, `${slug} {{${n}}}`).toMatch(new RegExp(`<p>${n}: [^<]+</p>`));
    }
    // the invitation's password is a sample, its link the sign-in page
    const invitation = await call('preview', admin, { title: 'x', description: '<p>{{password}} {{link}}</p>' }, ids['subadmin-invitation']);
    expect(invitation.json().data.html).toBe('<p>Sample-Passw0rd http://admin.test/login</p>');
  });

  it('sends the test to the caller only, through the outbox, with the rendered subject and body, and records it', async () => {
    const editor = await subAdmin('editor@example.com', ['EmailTemplate-list']);
    const before = mailFiles();
    const res = await call('test', editor.token, { title: 'Test for {{name}}', description: '<p>Reset at {{link}} now</p>', to: 'someone@elsewhere.test', email: 'x@elsewhere.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: `Sent to ${editor.email}`, data: { to: editor.email } });
    const added = mailFiles().filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    const raw = fs.readFileSync(path.join(outbox(), added[0]!), 'utf8');
    expect(raw).toMatch(/^To: editor@example\.com$/m);
    expect(raw).not.toContain('elsewhere');
    expect(raw).toMatch(/^Subject: Test for Editor editor$/m);
    expect(htmlPart(raw)).toBe(`<p>Reset at ${SAMPLE_LINK} now</p>`);
    // the saved template is not changed by a test
    expect((await stored(ids['forgot-password']!)).title).toBe('Reset your password');
    const entries = await testEntries(editor.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'emailtemplate', entity_id: String(ids['forgot-password']) });
    expect(JSON.parse(entries[0]!.detail!)).toEqual({ slug: 'forgot-password', title: 'Test for Editor editor', sent_to: editor.email });
  });

  it('sends a few test mails a minute per person, then refuses with a 429 that says so', async () => {
    const busy = await subAdmin('busy@example.com', ['EmailTemplate-list']);
    const draft = { title: 'Again', description: '<p>Hello {{name}}</p>' };
    for (let i = 0; i < 3; i++) expect((await call('test', busy.token, draft)).statusCode).toBe(200);
    const before = mailFiles().length;
    const res = await call('test', busy.token, draft);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 429, message: errorMessages.testMailsTooMany });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(mailFiles()).toHaveLength(before);
    expect(await testEntries(busy.id)).toHaveLength(3);
    // another person is not held up by it
    expect((await call('test', admin, draft)).statusCode).toBe(200);
  });

  it('says so when the mail server does not take the test mail, and records nothing', async () => {
    const quiet = await subAdmin('quiet@example.com', ['EmailTemplate-list']);
    const outboxMailer = t.ctx.mailer;
    // a real SMTP transport to a port nothing listens on
    t.ctx.mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', outboxDir: outbox(), ownOrigin: t.config.publicUrl });
    try {
      const res = await call('test', quiet.token, { title: 'Hi', description: '<p>Hi</p>' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 503, message: errorMessages.testMailFailed });
    } finally {
      t.ctx.mailer = outboxMailer;
    }
    expect(await testEntries(quiet.id)).toHaveLength(0);
  });

  it('refuses a Sub-Admin without the email templates permission, an unknown template, a bad or huge body, a text a save refuses', async () => {
    const other = await subAdmin('other@example.com', ['Categories-list']);
    const draft = { title: 'Hi', description: '<p>Hi</p>' };
    const before = mailFiles().length;
    for (const op of ['preview', 'test'] as const) {
      const refused = await call(op, other.token, draft);
      expect(refused.statusCode, op).toBe(403);
      expect(refused.json().status).toBe(403);

      const missing = await call(op, admin, draft, 999999);
      expect(missing.statusCode, op).toBe(404);
      expect(missing.json()).toMatchObject({ status: 404, message: 'Not found' });

      for (const bad of [{ description: '<p>Hi</p>' }, { title: 'Hi', description: 42 }, { title: '', description: '<p>x</p>' }, [1, 2]]) {
        const res = await call(op, admin, bad);
        expect(res.statusCode, `${op} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.json().status).toBe(400);
      }

      const long = await call(op, admin, { title: 'Hi', description: `<p>${'x'.repeat(100_001)}</p>` });
      expect(long.statusCode, op).toBe(400);
      expect(long.json().message).toBe(validationMessages.textTooLong);
      const huge = await call(op, admin, { title: 'Hi', description: 'x'.repeat(3 * 1024 * 1024) });
      expect(huge.statusCode, op).toBe(413);
      expect(huge.json().status).toBe(413);

      const unsafe = await call(op, admin, { title: 'Hi', description: '<p><img src="https://elsewhere/?{{link}}"></p>' });
      expect(unsafe.statusCode, op).toBe(400);
      expect(unsafe.json().message).toBe(validationMessages.templatePlaceholderPlace);
    }
    expect(mailFiles()).toHaveLength(before);
    expect(await testEntries(other.id)).toHaveLength(0);
  });
});
