// Outgoing mail. SMTP_URL unset: each message is written as an .eml file in DATA_DIR/outbox
// (open it in any mail client); set: sent through that SMTP server. Both go through nodemailer.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '@server/db/schema';
import { htmlToText, renderMail } from './templates';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** the product's own origin (config.publicUrl): the only place a rendered template's images may come from */
  readonly ownOrigin?: string;
  /** where sendTemplate reports the mails it does not send */
  readonly log?: { warn(obj: object, msg: string): void };
}

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  ownOrigin?: string;
  log?: Mailer['log'];
  /** told of each message once it was handed over (outbox file or SMTP server), or failed to be */
  onSend?: (outcome: 'sent' | 'failed') => void;
}

const FROM = 'Travel Back-office <no-reply@backoffice.local>';

export function createMailer(opts: MailerOptions): Mailer {
  const mailer = createTransportMailer(opts);
  const { onSend } = opts;
  if (!onSend) return mailer;
  return {
    ...mailer,
    async send(m) {
      try {
        await mailer.send(m);
      } catch (err) {
        onSend('failed');
        throw err;
      }
      onSend('sent');
    },
  };
}

function createTransportMailer(opts: MailerOptions): Mailer {
  const { ownOrigin, log } = opts;
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      ownOrigin,
      log,
      async send(m) {
        await transport.sendMail({ from: FROM, ...m, text: m.text ?? htmlToText(m.html) });
      },
    };
  }
  // streamTransport builds the real RFC 822 message without sending it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // two mails to one person in the same millisecond must not share a file name (the second would replace
  // the first): a per-process sequence follows the time, and a file is never overwritten
  let sequence = 0;
  return {
    ownOrigin,
    log,
    async send(m) {
      const info = await transport.sendMail({ from: FROM, ...m, text: m.text ?? htmlToText(m.html) });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, '_');
      const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence++ % 1e6).padStart(6, '0')}`;
      const file = path.join(opts.outboxDir, `${stamp}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer, { flag: 'wx' });
    },
  };
}

/**
 * Renders the stored template `slug` with `values` and sends it; answers whether it was sent. A template
 * that is not Active is not sent (staff turned that mail off): logged at warn level, false. Throws when
 * the template is missing. The body keeps placeholders only where the template rule allows them and
 * images only from the mailer's own origin (templates.ts renderTemplateHtml).
 */
export async function sendTemplate(
  db: Kysely<Database>,
  mailer: Mailer,
  slug: string,
  to: string,
  values: Record<string, string>,
): Promise<boolean> {
  const tpl = await db
    .selectFrom('email_templates')
    .select(['title', 'description', 'status'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!tpl) throw new Error(`Email template "${slug}" is missing`);
  if (tpl.status !== 'Active') {
    const message = `Email template "${slug}" is ${tpl.status || 'not Active'}: mail not sent`;
    if (mailer.log) mailer.log.warn({ slug, status: tpl.status }, message);
    else console.warn(message);
    return false;
  }
  await mailer.send({ to, ...renderMail(tpl, values, mailer.ownOrigin) });
  return true;
}
