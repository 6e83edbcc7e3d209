// Email templates (spec §7): listed and edited, never deleted — the mails the product sends are found
// by slug (forgot-password, …), so an update keeps the slug. A template whose placeholders or images
// could send a mail's secrets elsewhere is refused (shared/emailTemplateRules, mail/templates.ts).
import type { FastifyInstance } from 'fastify';
import { emailtemplate } from '@shared/resources/index';
import type { AppContext } from '../../context';
import { templateProblem } from '../../mail/templates';
import { richPageRoutes } from '../simpleLists/richPageRoutes';

export const emailTemplateRoutes = (app: FastifyInstance, ctx: AppContext) =>
  richPageRoutes(app, ctx, {
    declaration: emailtemplate,
    table: 'email_templates',
    tag: 'email templates',
    messages: { added: 'emailTemplateAdded', updated: 'emailTemplateUpdated' },
    // what was sent (markup the sanitiser drops is refused too) and what would be stored
    check: ({ description, stored }) =>
      templateProblem(description, ctx.config.publicUrl) ?? templateProblem(stored, ctx.config.publicUrl),
  });
