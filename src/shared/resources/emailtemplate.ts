// Email templates (spec §2 "/emailtemplate"): the mails the product sends, edited, never added nor
// deleted; the slug that finds a template stays as it is.
import { byNewest } from './named';
import { PAGE_RECORD_FIELDS, pageSlug, pageStatus, pageTitle } from './richPages';
import { declareResource } from './types';

export const emailtemplate = declareResource({
  name: 'emailtemplate',
  label: 'resources.emailtemplate.name',
  rule: 'EmailTemplate-list',
  permission: { label: 'app.permissions.EmailTemplate-list', order: 90 },
  menu: { id: 'email_templates', path: '/emailtemplate', icon: 'email', order: 90 },
  storage: { table: 'email_templates', migrations: 'hand-written' },
  audited: true,
  api: { list: '/email-template', update: '/email-template', pageBase: 0, defaultOrder: byNewest, json: true },
  fields: {
    id: PAGE_RECORD_FIELDS.id,
    title: pageTitle('templateTitleRequired'),
    slug: pageSlug(false),
    created_at: PAGE_RECORD_FIELDS.created_at,
    description: { type: 'richText', form: true, searchable: true, hint: 'app.email_template.placeholders' },
    status: pageStatus(false),
  },
  screens: { wide: true, mailPreview: true, texts: { edit: 'app.email_template.edit', updated: 'messages.emailTemplateUpdated' } },
});
