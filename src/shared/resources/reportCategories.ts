// Report categories (spec §2 "/reportCategories"): the reasons a user picks when reporting; one is added
// at a time. Each has a weight in the moderation desk's priority.
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
  fields: {
    ...namedFields({ requiredName: 'reportCategoryNameRequired', requiredInRow: 'reportCategoryNameRequired', requiredStatus: 'statusSelect' }),
    // how much a report under it weighs in a moderation case's priority (issue 34; column of migration 034)
    weight: { type: 'number', initial: 1, list: true, form: true, show: true, hint: 'app.moderation.weight_hint' },
  },
  // a CSV file's rows matched to report categories by name (issue 35)
  import: { match: 'name', numbers: ['weight'] },
  screens: { addRows: 'one', texts: namedTexts('report_category', 'reportCategory') },
});
