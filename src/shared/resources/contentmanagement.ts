// Content pages (spec §2 "/contentmanagement"): the product's static pages; Admins only.
import { byNewest } from './named';
import { PAGE_FIELDS } from './richPages';
import { declareResource } from './types';

export const contentmanagement = declareResource({
  name: 'contentmanagement',
  label: 'resources.contentmanagement.name',
  rule: 'admin',
  menu: { id: 'content_management', path: '/contentmanagement', icon: 'article', order: 100 },
  api: { list: '/page', create: '/page', update: '/page', remove: '/page/delete/:id', pageBase: 0, defaultOrder: byNewest, json: true },
  fields: PAGE_FIELDS,
});
