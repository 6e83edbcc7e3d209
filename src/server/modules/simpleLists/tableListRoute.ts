// GET list of one table's rows with the list query of DESIGN.md §3 (0-based pages, search box,
// whitelisted sort): the list route of every catalogue screen.
import type { FastifyInstance } from 'fastify';
import { type ZodType, z } from 'zod';
import type { ListOrder } from '@shared/contract';
import type { ResourceName } from '@shared/access';
import type { AppContext } from '../../context';
import { type SearchableTable, searchCondition } from '../../db/search';
import { listQuerySchema, parseListQuery, runListQuery } from '../../http/list';
import { listAnswer } from '../../http/answers';
import { list } from '../../http/reply';

export function tableListRoute(
  app: FastifyInstance,
  ctx: AppContext,
  opts: {
    path: string;
    table: SearchableTable & ('categories' | 'tags' | 'report_categories' | 'email_templates' | 'content_pages');
    tags: string[];
    /** who may read it */
    resources: ResourceName[];
    columns: readonly string[];
    /** what one row of the answer holds (the OpenAPI document) */
    row: ZodType;
    sortable: Record<string, string>;
    defaultOrder: ListOrder;
  },
) {
  // typeUser: sent by the spec's clients ('admin'), nothing to filter here
  const querystring = listQuerySchema.extend({ typeUser: z.string().optional() });
  app.get(
    opts.path,
    { schema: { tags: opts.tags, querystring, response: { 200: listAnswer(opts.row) } }, onRequest: ctx.guard(opts.resources), config: { answerCache: true } },
    async (request, reply) => {
      const req = parseListQuery(request.query as z.infer<typeof querystring>, {
        sortable: opts.sortable,
        defaultOrder: opts.defaultOrder,
        pageBase: 0,
      });
      const base = ctx.db.selectFrom(opts.table);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns checked by the callers' table types
      const { rows, meta } = await runListQuery(base, (qb) => qb.select(opts.columns as any), req, 'id', {
        db: ctx.db,
        name: opts.table,
        search: (indexed) => searchCondition(ctx.dialect, opts.table, opts.table, req.filter, indexed),
      });
      return list(reply, rows, meta);
    },
  );
}
