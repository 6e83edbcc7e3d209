// Report Post (spec §2 "/report"): reported posts and itineraries.
import { REPORT_FIELDS, REPORT_FILTERS, reportCalls } from './reportParts';
import { declareResource } from './types';

export const report = declareResource({
  name: 'report',
  label: 'resources.report.name',
  rule: 'staff',
  menu: { id: 'report_post', path: '/report', icon: 'photo', order: 20, group: 'report', dataAccess: 'reports' },
  search: { table: 'reports' },
  api: reportCalls('post'),
  fields: REPORT_FIELDS,
  filters: REPORT_FILTERS,
  dashboardCard: { statistic: 'reportPending', title: 'app.dashboard.reports', icon: 'Report', color: '#e53935', order: 70, access: 'reports' },
});
