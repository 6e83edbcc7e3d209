// Links to a list with a filter set (react-admin reads `filter` from the URL), for the dashboard's and the
// quick panel's counts: each opens the list whose total it shows. Kept free of heavy imports (the
// dashboard loads first).
import type { DashboardStatistics } from '@shared/contract';

/** A list's path with its filter, as react-admin's List reads it from the URL. */
export const filteredList = (path: string, filter: Record<string, string>) => `${path}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

/** The list of each type of report, and its resource (for its name). */
export const REPORT_LISTS = {
  post: { path: '/report', resource: 'report' },
  comment: { path: '/reportedComments', resource: 'reportedComments' },
  user: { path: '/reportedUsers', resource: 'reportedUsers' },
} as const satisfies Record<DashboardStatistics['reportPendingByType'][number]['type'], { path: string; resource: string }>;

/** The reports of a type still to handle: its list filtered to Pending. */
export const pendingReportsPath = (type: keyof typeof REPORT_LISTS) => filteredList(REPORT_LISTS[type].path, { state: 'Pending' });
