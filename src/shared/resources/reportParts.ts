// What the three report lists share (report.ts, reportedComments.ts, reportedUsers.ts): one call, told
// apart by type, and the same columns. Their calls need Report-list, which the `reports` rule guards
// (index.ts); Report Post and Report User show in the menu to any staff member (spec §6).
import { byNewest } from './named';
import type { ApiCalls, ResourceDeclaration } from './types';

export const REPORT_FIELDS = {
  id: { sortable: true },
  created_at: { sortable: true },
  type: { sortable: true, searchable: true },
  reason: { sortable: true, searchable: true },
  status: { sortable: true, searchable: true },
  // the report's own state (Pending / Resolved), which the lists filter by
  state: { sortable: true },
  reported_by: { sortable: true, searchable: true },
  created_by: { sortable: true, searchable: true },
  post_title: { sortable: true, searchable: true },
  comment: { sortable: true, searchable: true },
} as const satisfies ResourceDeclaration['fields'];

export const reportCalls = (type: 'post' | 'comment' | 'user') =>
  ({ list: '/user/reports', one: '/user/reports-detail/:id', pageBase: 0, defaultOrder: byNewest, query: { type }, filters: ['state'] }) as const satisfies ApiCalls;
