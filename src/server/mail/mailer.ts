// Outgoing mail. SMTP_URL unset: each message is written as an .eml file in DATA_DIR/outbox
// (open it in any mail client); set: sent through that SMTP server. Both go through nodemailer.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema';
import { htmlToText, renderTemplate } from './templates';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = 'Travel Back-office <no-reply@backoffice.local>';

export function createMailer(opts: { smtpUrl?: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: FROM, ...m, text: m.text ?? htmlToText(m.html) });
      },
    };
  }
  // streamTransport builds the real RFC 822 message without sending it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: FROM, ...m, text: m.text ?? htmlToText(m.html) });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
    },
  };
}

/** Renders the stored template `slug` with `values` and sends it. Throws when the template is missing. */
export async function sendTemplate(
  db: Kysely<Database>,
  mailer: Mailer,
  slug: string,
  to: string,
  values: Record<string, string>,
): Promise<void> {
  const tpl = await db
    .selectFrom('email_templates')
    .select(['title', 'description'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!tpl) throw new Error(`Email template "${slug}" is missing`);
  const html = renderTemplate(tpl.description, values);
  await mailer.send({ to, subject: renderTemplate(tpl.title, values), html });
}
