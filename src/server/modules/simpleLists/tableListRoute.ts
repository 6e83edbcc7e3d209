// GET list of one table's rows with the list query of DESIGN.md §3 (0-based pages, search box,
// whitelisted sort): the list route of every catalogue screen.
import type { FastifyInstance } from 'fastify';
import { type ZodType, z } from 'zod';
import type { ListOrder } from '@shared/contract';
import type { ResourceName } from '@shared/access';
import type { AppContext } from '../../context';
import { listQuerySchema, parseListQuery } from '../../http/list';
import { callerOf } from '../../auth/guard';
import { listAnswer } from '../../http/answers';
import { CATALOGUE_PICKER_FIELDS, cataloguePickerRow, pickerSortable, readsAsPicker, refusePickerExport } from '../../http/picker';
import { answerList } from '../../http/reply';
import { type ListedTable, listTableRowsQuery } from './tableListQuery';

export function tableListRoute(
  app: FastifyInstance,
  ctx: AppContext,
  opts: {
    path: string;
    table: ListedTable;
    tags: string[];
    /** who may read it: the list's own resource first, then the forms that read it as a picker (http/picker.ts) */
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
  const [own, ...pickers] = opts.resources;
  const row = pickers.length ? z.union([opts.row, cataloguePickerRow]) : opts.row;
  app.get(
    opts.path,
    { schema: { tags: opts.tags, querystring, response: { 200: listAnswer(row) } }, onRequest: ctx.guard(opts.resources), config: { answerCache: true } },
    async (request, reply) => {
      const picker = pickers.length > 0 && readsAsPicker(callerOf(request), own);
      const req = parseListQuery(request.query as z.infer<typeof querystring>, {
        sortable: picker ? pickerSortable(opts.sortable) : opts.sortable,
        defaultOrder: opts.defaultOrder,
        pageBase: 0,
      });
      if (picker) refusePickerExport(req);
      return answerList(reply, await listTableRowsQuery(ctx, opts.table, picker ? CATALOGUE_PICKER_FIELDS : opts.columns, req, picker));
    },
  );
}
