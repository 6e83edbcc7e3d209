// An email template's preview and test mail (issue 32 m27). Both render the text staff are editing (not yet
// saved) exactly as a real mail is rendered (mail/templates.ts renderMail), filled with sample values for the
// signed-in staff member (samples.ts). The test mail goes to that person's own address, through the mailer
// every mail takes (outbox files or SMTP), is written to the audit trail and counted there: a few a minute.
import { englishMessage, englishText, v } from '@shared/validation/messages';
import type { AppContext } from '@server/context';
import { badRequest, HttpError, notFound, unauthorized } from '@server/http/errors';
import { sanitizeRichText } from '@server/http/sanitize';
import { renderMail, type TemplateText, templateProblem } from '@server/mail/templates';
import { recentActions } from '../audit/queries';
import { findUserById } from '../auth/service';
import { audit } from '../audit/trail';
import { sampleValues } from './samples';

export const TEST_SEND_ACTION = 'emailtemplate.test_send';
/** Test mails a person may send a minute: enough to check a template, too few to flood a mailbox. */
export const TEST_MAILS_PER_MINUTE = 3;
const WINDOW_SECONDS = 60;

/**
 * What makes a template's HTML unfit to be saved, previewed or sent as a test: the markup as written
 * (what the sanitiser would drop is refused too) and as it will be stored.
 */
export const draftProblem = (description: string, ownOrigin: string | undefined) =>
  templateProblem(description, ownOrigin) ?? templateProblem(sanitizeRichText(description), ownOrigin);

/**
 * The mail template `id` would send `callerId` with the text `draft`, filled with sample values: its
 * subject, HTML and recipient (the caller). 404 without such a template, 400 for a text a save refuses.
 */
export async function draftMail(ctx: AppContext, id: number, callerId: number, draft: TemplateText) {
  const template = await ctx.db.selectFrom('email_templates').select(['id', 'title', 'slug']).where('id', '=', id).executeTakeFirst();
  if (!template) throw notFound();
  const problem = draftProblem(draft.description, ctx.config.publicUrl);
  if (problem) throw badRequest(v(problem), { description: englishText(v(problem)) });
  const person = await findUserById(ctx.db, callerId);
  if (!person) throw unauthorized();
  const values = sampleValues(template.slug, person, ctx.config);
  return { template, to: person.email, ...renderMail(draft, values, ctx.config.publicUrl) };
}

/**
 * Sends the caller the draft's mail as a test, whatever the template's status (a test of a mail turned off
 * is still a test), and records it. Past TEST_MAILS_PER_MINUTE in a minute: 429 with Retry-After; a mail
 * server that does not take it: 503.
 * Answers the address it went to.
 */
export async function sendTestMail(ctx: AppContext, id: number, callerId: number, draft: TemplateText): Promise<string> {
  const since = new Date(Date.now() - WINDOW_SECONDS * 1000).toISOString();
  const recent = await recentActions(ctx.db, callerId, TEST_SEND_ACTION, since);
  if (recent.count >= TEST_MAILS_PER_MINUTE) {
    const oldest = recent.oldest ? Date.parse(recent.oldest) : Date.now();
    const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_SECONDS * 1000 - Date.now()) / 1000));
    throw new HttpError(429, englishMessage('testMailsTooMany'), { retryAfter }, { 'retry-after': String(retryAfter) });
  }
  const mail = await draftMail(ctx, id, callerId, draft);
  try {
    await ctx.mailer.send({ to: mail.to, subject: mail.subject, html: mail.html });
  } catch (err) {
    // the SMTP server refused or could not be reached: said so, not a 500 (and nothing recorded)
    ctx.mailer.log?.warn({ slug: mail.template.slug, reason: (err as Error).message }, 'test mail not sent');
    throw new HttpError(503, englishMessage('testMailFailed'));
  }
  await audit(ctx, callerId, TEST_SEND_ACTION, 'emailtemplate', id, { slug: mail.template.slug, title: mail.subject, sent_to: mail.to });
  return mail.to;
}
