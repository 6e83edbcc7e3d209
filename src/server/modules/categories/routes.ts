// Categories (spec §7 "Categories"). The list is here; create, update and delete follow in the
// categories issue.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { searchCondition } from '../../db/search';
import { listQuerySchema, parseListQuery, runListQuery } from '../../http/list';
import { list } from '../../http/reply';

const SORTABLE = { id: 'id', name: 'name', status: 'status', created_at: 'created_at' } as const;

export async function categoryRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/category',
    { schema: { tags: ['categories'], querystring: listQuerySchema }, preHandler: ctx.guard('category') },
    async (request, reply) => {
      const req = parseListQuery(request.query as z.infer<typeof listQuerySchema>, {
        sortable: SORTABLE,
        defaultOrder: { direction: 'ASC', name: 'name', type: 'default' },
        pageBase: 0,
      });
      let base = ctx.db.selectFrom('categories');
      if (req.filter) base = base.where(searchCondition(ctx.dialect, 'categories', 'categories', req.filter));
      const { rows, meta } = await runListQuery(base, (qb) => qb.select(['id', 'name', 'status', 'created_at']), req, 'id');
    return list(reply, rows, meta);
    },
  );
}
