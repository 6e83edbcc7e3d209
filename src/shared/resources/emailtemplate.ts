// Email templates (spec §2 "/emailtemplate"): the mails the product sends, edited, never added.
import { byNewest } from './named';
import { PAGE_FIELDS } from './richPages';
import { declareResource } from './types';

export const emailtemplate = declareResource({
  name: 'emailtemplate',
  label: 'resources.emailtemplate.name',
  rule: 'EmailTemplate-list',
  menu: { id: 'email_templates', path: '/emailtemplate', icon: 'email', order: 90 },
  api: { list: '/email-template', update: '/email-template', pageBase: 0, defaultOrder: byNewest, json: true },
  fields: { ...PAGE_FIELDS, description: { searchable: true } },
});
