// Report categories (spec §2 "/reportCategories"): the reasons a user picks when reporting.
import { byNewest, NAMED_FIELDS, namedCalls } from './named';
import { declareResource } from './types';

export const reportCategories = declareResource({
  name: 'reportCategories',
  label: 'resources.reportCategories.name',
  rule: 'Report-list',
  menu: { id: 'report_categories', path: '/reportCategories', icon: 'list', order: 10, group: 'report' },
  api: namedCalls('/reportCategory', byNewest, { typeUser: 'admin' }),
  fields: NAMED_FIELDS,
});
