// GET /api/user/user-statistics: the dashboard's counts (spec §3 "Dashboard statistics").
import type { FastifyInstance } from 'fastify';
import { USER_STATUSES, type UserStatus } from '@shared/access';
import type { DashboardStatistics } from '@shared/contract';
import type { AppContext } from '../../context';
import { allCounts } from '../../db/counts';
import { ok } from '../../http/reply';
import { statisticsAnswer } from './answers';

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);

  app.get(
    '/api/user/user-statistics',
    { schema: { tags: ['dashboard'], response: { 200: statisticsAnswer } }, onRequest: ctx.guard('dashboard'), config: { answerCache: true } },
    async (_req, reply) => {
      // the big totals are maintained by triggers (db/counts.ts): one read of a few rows
      const counts = await allCounts(db);
      const sum = (prefix: string) => [...counts].reduce((total, [name, n]) => (name.startsWith(prefix) ? total + n : total), 0);
      const small = (table: 'categories' | 'tags') => count(db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')));
      const stats: DashboardStatistics = {
        user: sum('users:User:'),
        userByStatus: USER_STATUSES.filter((s) => s !== 'Request Pending').map((status: UserStatus) => ({
          status,
          count: counts.get(`users:User:${status}`) ?? 0,
        })),
        spot: counts.get('spots') ?? 0,
        post: counts.get('posts:post') ?? 0,
        itinerary: counts.get('posts:itinerary') ?? 0,
        categoriescount: await small('categories'),
        tag: await small('tags'),
        report: sum('reports:'),
      };
      return ok(reply, stats);
    },
  );
}
