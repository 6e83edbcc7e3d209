// Report Comment (spec §2 "/reportedComments"): reported comments.
import { REPORT_FIELDS, REPORT_FILTERS, reportCalls } from './reportParts';
import { declareResource } from './types';

export const reportedComments = declareResource({
  name: 'reportedComments',
  label: 'resources.reportedComments.name',
  rule: 'Report-list',
  menu: { id: 'report_comment', path: '/reportedComments', icon: 'comment', order: 30, group: 'report' },
  search: { table: 'reports' },
  api: reportCalls('comment'),
  fields: REPORT_FIELDS,
  filters: REPORT_FILTERS,
});
