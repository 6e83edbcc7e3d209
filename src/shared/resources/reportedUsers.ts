// Report User (spec §2 "/reportedUsers", also /report-user): reported users.
import { REPORT_FIELDS, REPORT_FILTERS, reportCalls } from './reportParts';
import { declareResource } from './types';

export const reportedUsers = declareResource({
  name: 'reportedUsers',
  label: 'resources.reportedUsers.name',
  rule: 'staff',
  menu: { id: 'report_user', path: '/reportedUsers', icon: 'person', order: 40, group: 'report', dataAccess: 'reports' },
  search: { table: 'reports' },
  api: reportCalls('user'),
  fields: REPORT_FIELDS,
  filters: REPORT_FILTERS,
});
