// What the three report lists share (report.ts, reportedComments.ts, reportedUsers.ts): one call, told
// apart by type, and the same columns. Their calls need Report-list, which the `reports` rule guards
// (index.ts); Report Post and Report User show in the menu to any staff member (spec §6).
import { CREATED_FILTER, statusFilter } from './filters';
import { byNewest } from './named';
import type { ApiCalls, ResourceDeclaration } from './types';

export const REPORT_FIELDS = {
  id: { sortable: true },
  created_at: { sortable: true },
  type: { sortable: true, searchable: true },
  reason: { sortable: true, searchable: true },
  // the report's own state (Pending / Resolved), which the lists filter by, and the search finds by name
  state: { sortable: true, searchable: ['status'] },
  // the target's status, copied onto the report (db/reportTargetStatus.ts)
  status: { sortable: true, searchable: ['user_status_by_admin'] },
  // the names and texts a report points at, copied onto it (db/reportCopies.ts): the post's text is searched too
  reported_by: { sortable: true, searchable: ['reporter_name'] },
  created_by: { sortable: true, searchable: ['target_name'] },
  post_title: { sortable: true, searchable: ['post_title', 'post_text'] },
  comment: { sortable: true, searchable: ['comment_text'] },
  // the report category it was filed under (its name, copied): searched, not a column of its own
  category: { searchable: ['category_name'] },
} as const satisfies ResourceDeclaration['fields'];

export const reportCalls = (type: 'post' | 'comment' | 'user') =>
  ({ list: '/user/reports', one: '/user/reports-detail/:id', pageBase: 0, defaultOrder: byNewest, query: { type } }) as const satisfies ApiCalls;

/** The report lists' filters: the report's own state (as the lists' state input sets it), its reason (report category), its date. */
export const REPORT_FILTERS = [
  statusFilter(['Pending', 'Resolved'], 'state', 'app.report.states'),
  { name: 'reason', kind: 'reference', label: 'app.filters.reason', reference: 'reportCategories' },
  CREATED_FILTER,
] as const satisfies ResourceDeclaration['filters'];
