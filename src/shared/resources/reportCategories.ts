// Report categories (spec §2 "/reportCategories"): the reasons a user picks when reporting; one is added
// at a time.
import { byNewest, namedCalls, namedFields, namedTexts } from './named';
import { declareResource } from './types';

export const reportCategories = declareResource({
  name: 'reportCategories',
  label: 'resources.reportCategories.name',
  rule: 'Report-list',
  menu: { id: 'report_categories', path: '/reportCategories', icon: 'list', order: 10, group: 'report' },
  storage: { table: 'report_categories', migrations: 'hand-written', counted: true },
  audited: 'reportCategory',
  api: namedCalls('/reportCategory', byNewest, { typeUser: 'admin' }),
  fields: namedFields({ requiredName: 'reportCategoryNameRequired', requiredInRow: 'reportCategoryNameRequired', requiredStatus: 'statusSelect' }),
  screens: { addRows: 'one', texts: namedTexts('report_category', 'reportCategory') },
});
