// The dashboard's counts (spec §3 "Dashboard statistics").
import type { Kysely } from 'kysely';
import { USER_STATUSES, type UserStatus } from '@shared/access';
import type { DashboardStatistics } from '@shared/contract';
import { allCounts } from '@server/db/counts';
import type { Database } from '@server/db/schema';
import { REPORT_TYPES } from '../reports/answers';
import { caseFigures } from '../moderation/service';

export async function dashboardStatistics(db: Kysely<Database>): Promise<DashboardStatistics> {
  // every total is maintained by triggers (db/counts.ts): one read of a few rows
  const counts = await allCounts(db);
  const cases = await caseFigures(db);
  const sum = (prefix: string) => [...counts].reduce((total, [name, n]) => (name.startsWith(prefix) ? total + n : total), 0);
  return {
    user: sum('users:User:'),
    userByStatus: USER_STATUSES.filter((s) => s !== 'Request Pending').map((status: UserStatus) => ({
      status,
      count: counts.get(`users:User:${status}`) ?? 0,
    })),
    spot: counts.get('spots') ?? 0,
    post: counts.get('posts:post') ?? 0,
    itinerary: counts.get('posts:itinerary') ?? 0,
    categoriescount: counts.get('categories') ?? 0,
    tag: counts.get('tags') ?? 0,
    report: sum('reports:'),
    reportPending: REPORT_TYPES.reduce((total, type) => total + (counts.get(`reports:${type}:Pending`) ?? 0), 0),
    reportPendingByType: REPORT_TYPES.map((type) => ({ type, count: counts.get(`reports:${type}:Pending`) ?? 0 })),
    moderationOpen: cases.open,
    moderationOldestOpenAt: cases.oldestOpenAt,
    moderationMedianDecisionSeconds: cases.medianDecisionSeconds7d,
  };
}
