// GET /api/user/user-statistics: the dashboard's counts (spec §3 "Dashboard statistics").
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@server/context';
import { ok } from '@server/http/reply';
import { statisticsAnswer } from './answers';
import { dashboardStatistics } from './service';

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/user/user-statistics',
    { schema: { tags: ['dashboard'], response: { 200: statisticsAnswer } }, onRequest: ctx.guard('dashboard'), config: { answerCache: true } },
    async (_req, reply) => ok(reply, await dashboardStatistics(ctx.db)),
  );
}
