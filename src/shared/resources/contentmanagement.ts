// Content pages (spec §2 "/contentmanagement"): the product's static pages; Admins only. One call saves
// a new page (no id) or an existing one.
import { byNewest } from './named';
import { PAGE_RECORD_FIELDS, pageSlug, pageStatus, pageTitle } from './richPages';
import { declareResource } from './types';

export const contentmanagement = declareResource({
  name: 'contentmanagement',
  label: 'resources.contentmanagement.name',
  rule: 'admin',
  menu: { id: 'content_management', path: '/contentmanagement', icon: 'article', order: 100 },
  storage: { table: 'content_pages', migrations: 'hand-written' },
  audited: true,
  api: { list: '/page', create: '/page', update: '/page', remove: '/page/delete/:id', pageBase: 0, defaultOrder: byNewest, json: true },
  fields: {
    id: PAGE_RECORD_FIELDS.id,
    title: pageTitle('pageTitleRequired'),
    slug: pageSlug(true),
    created_at: PAGE_RECORD_FIELDS.created_at,
    status: pageStatus(true),
    description: { type: 'richText', required: true, form: true, messages: { required: 'pageDescriptionRequired' } },
  },
  screens: {
    wide: true,
    texts: { add: 'app.content.add', edit: 'app.content.edit', added: 'messages.pageAdded', updated: 'messages.pageUpdated', deleted: 'messages.pageDeleted', deleteConfirm: 'app.confirm.delete_content' },
  },
});
