// Email templates (spec §7): listed and edited, never deleted — the mails the product sends are found
// by slug (forgot-password, …), so an update keeps the slug. Their list and save are the declared
// engine's (modules/declared/), with what only the server knows: a template whose placeholders or images
// could send a mail's secrets elsewhere is refused (shared/emailTemplateRules, mail/templates.ts).
// Beside the spec (issue 32 m27): a preview of the text being edited, and a test mail of it to oneself.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emailtemplate } from '@shared/resources/index';
import { recordSchema } from '@shared/resources/fields';
import { englishMessage } from '@shared/validation/messages';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { answerOf, refusalBecause, refusals } from '@server/http/answers';
import { ok } from '@server/http/reply';
import { idParams } from '@server/http/zod';
import type { DeclaredServerPart } from '../declared/serverPart';
import { draftMail, draftProblem, sendTestMail } from './service';

/** The template's text as the edit form holds it (the form's own rules: lengths, no control characters). */
const draftSchema = recordSchema(emailtemplate).pick({ title: true, description: true });
type Draft = { title: string; description: string };

const previewAnswer = answerOf(z.object({ subject: z.string(), html: z.string(), to: z.string() }));
const testAnswer = answerOf(z.object({ to: z.string() }));

export const emailTemplateServerPart: DeclaredServerPart = {
  tag: 'email templates',
  messages: { added: 'emailTemplateAdded' },
  check: (ctx, sent) => {
    const problem = draftProblem(String(sent.description ?? ''), ctx.config.publicUrl);
    return problem ? { field: 'description', problem } : null;
  },
};

/** The preview and the test mail of a template being edited. */
export async function emailTemplateRoutes(app: FastifyInstance, ctx: AppContext) {
  const tags = ['email templates'];
  const guard = ctx.guard(emailtemplate.name as 'emailtemplate');
  const read = (request: { params: unknown; body: unknown }) => ({ id: (request.params as z.infer<typeof idParams>).id, draft: request.body as Draft });

  app.post(
    '/api/email-template/:id/preview',
    { schema: { tags, params: idParams, body: draftSchema, response: { 200: previewAnswer, ...refusals(404) } }, onRequest: guard },
    async (request, reply) => {
      const { id, draft } = read(request);
      const { subject, html, to } = await draftMail(ctx, id, callerOf(request).userId, draft);
      return ok(reply, { subject, html, to });
    },
  );

  app.post(
    '/api/email-template/:id/test',
    { schema: { tags, params: idParams, body: draftSchema, response: { 200: testAnswer, ...refusals(404, 429), 503: refusalBecause('The mail server (SMTP_URL) did not take the mail: try again later') } }, onRequest: guard },
    async (request, reply) => {
      const { id, draft } = read(request);
      const to = await sendTestMail(ctx, id, callerOf(request).userId, draft);
      return ok(reply, { to }, englishMessage('testMailSent', { email: to }));
    },
  );
}
