// GET /api/user/user-statistics: the dashboard's counts (spec §3 "Dashboard statistics").
import type { FastifyInstance } from 'fastify';
import { USER_STATUSES, type UserStatus } from '../../../shared/access';
import type { DashboardStatistics } from '../../../shared/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);

  app.get(
    '/api/user/user-statistics',
    { schema: { tags: ['dashboard'] }, onRequest: ctx.guard('dashboard') },
    async (_req, reply) => {
      const byStatus = await db
        .selectFrom('users')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_type', '=', 'User')
        .groupBy('status')
        .execute();
      const statusCount = new Map(byStatus.map((r) => [r.status, Number(r.n)]));
      const posts = (type: string) =>
        db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('type', '=', type)
          .where('deleted_at', 'is', null);
      const stats: DashboardStatistics = {
        user: [...statusCount.values()].reduce((a, b) => a + b, 0),
        userByStatus: USER_STATUSES.filter((s) => s !== 'Request Pending').map((status: UserStatus) => ({
          status,
          count: statusCount.get(status) ?? 0,
        })),
        spot: await count(db.selectFrom('spots').select((eb) => eb.fn.countAll<number>().as('n'))),
        post: await count(posts('post')),
        itinerary: await count(posts('itinerary')),
        categoriescount: await count(db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n'))),
        tag: await count(db.selectFrom('tags').select((eb) => eb.fn.countAll<number>().as('n'))),
        report: await count(db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n'))),
      };
      return ok(reply, stats);
    },
  );
}
