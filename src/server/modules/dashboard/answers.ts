// What the dashboard's statistics call answers (spec §3 "Dashboard statistics"), for the OpenAPI
// document; the admin reads it as src/shared/contract.ts's DashboardStatistics, checked below.
import { z } from 'zod';
import { USER_STATUSES } from '@shared/access';
import { REPORT_TYPES } from '../reports/answers';
import type { DashboardStatistics } from '@shared/contract';
import { type Alike, answerOf, type Same, whole } from '@server/http/answers';

export const statistics = z.object({
  user: whole.meta({ description: 'users (not staff), whatever their status' }),
  userByStatus: z
    .array(z.object({ status: z.enum(USER_STATUSES), count: whole }))
    .meta({ description: 'users by status: Pending, Active and Inactive' }),
  spot: whole,
  post: whole.meta({ description: 'live posts' }),
  itinerary: whole.meta({ description: 'live itineraries' }),
  categoriescount: whole,
  tag: whole,
  report: whole.meta({ description: 'reports of posts, comments and users' }),
  reportPending: whole.meta({ description: 'the reports still to handle (Pending), of every type' }),
  reportPendingByType: z
    .array(z.object({ type: z.enum(REPORT_TYPES), count: whole }))
    .meta({ description: 'the Pending reports per type: post, comment and user' }),
  moderationOpen: whole.meta({ description: "the moderation desk's open cases" }),
  moderationOldestOpenAt: z.string().nullable().meta({ description: "the oldest open case's first report" }),
  moderationMedianDecisionSeconds: z.number().nullable().meta({ description: 'median seconds from first report to decision of the cases decided in the last 7 days' }),
});

export const statisticsAnswer = answerOf(statistics);

// the admin's type and this schema describe the same answer (a type error when they drift apart)
export type StatisticsAlike = Alike<Same<DashboardStatistics, z.infer<typeof statistics>>>;
