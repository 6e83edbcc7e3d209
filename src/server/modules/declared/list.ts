// The list call of every declared resource (DESIGN.md §3: pages, the search box, a whitelisted sort, a
// CSV export), behind its rule and its readers' (the post form's pickers read the categories): a reader
// without the list's own rule reads it as a picker (http/picker.ts), its id, name and status, searched
// and sorted by name, never exported.
import type { FastifyInstance } from 'fastify';
import { type ZodType, z } from 'zod';
import type { ResourceName } from '@shared/access';
import { listFilters, type ResourceDeclaration, sortNames } from '@shared/resources/index';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { readList } from '@server/db/list';
import { listAnswer } from '@server/http/answers';
import { listQuerySchema, parseListQuery } from '@server/http/list';
import { filterQueryShape, readFilters } from '@server/http/listFilters';
import { CATALOGUE_PICKER_FIELDS, cataloguePickerRow, pickerSortable, readsAsPicker, refusePickerExport } from '@server/http/picker';
import { answerList } from '@server/http/reply';
import { filteredRows } from './filters';
import { listSearch } from './listSearch';
import type { declaredStore } from './store';


/** Each sortable field and the column that sorts it (its own, or its `sortColumn`). */
export const sortColumnsOf = (resource: ResourceDeclaration): Record<string, string> =>
  Object.fromEntries(sortNames(resource).map((name) => [name, resource.fields[name].sortColumn ?? name]));

export function declaredList(
  app: FastifyInstance,
  ctx: AppContext,
  resource: ResourceDeclaration,
  opts: { store: ReturnType<typeof declaredStore>; record: ZodType; tags: string[] },
) {
  const { store, tags } = opts;
  const { api } = resource;
  const own = { name: resource.name, rule: resource.rule };
  const readers = (resource.readers ?? []) as ResourceName[];
  const row = readers.length ? z.union([opts.record, cataloguePickerRow]) : opts.record;
  const sortable = sortColumnsOf(resource);
  const search = listSearch(ctx, resource);
  // typeUser: sent by the spec's clients ('admin'), nothing to filter there; the filters its fields give it
  const filters = listFilters(resource);
  const querystring = listQuerySchema.extend({ typeUser: z.string().optional(), ...filterQueryShape(filters) });
  app.get(
    `/api${api.list}`,
    { schema: { tags, querystring, response: { 200: listAnswer(row) } }, onRequest: ctx.guard([own, ...readers]), config: { answerCache: true } },
    async (request, reply) => {
      const picker = readers.length > 0 && readsAsPicker(callerOf(request), resource.name as ResourceName);
      const q = request.query as z.infer<typeof querystring>;
      const req = parseListQuery(q, {
        sortable: picker ? pickerSortable(sortable) : sortable,
        defaultOrder: api.defaultOrder,
        pageBase: api.pageBase,
      });
      if (picker) refusePickerExport(req);
      // a picker's row: the id, the name and the status, of those the record has
      const columns = picker ? CATALOGUE_PICKER_FIELDS.filter((c) => store.columns.includes(c)) : store.columns;
      // a picker reads the whole list, unfiltered
      const values = picker ? {} : readFilters(q, filters);
      // the list's statements are kept under its name (db/list.ts), a picker's apart
      return answerList(
        reply,
        await readList(filteredRows(store.listed(), filters, values), (qb) => qb.select([...columns]), req, 'id', {
          db: ctx.db,
          filtered: Object.keys(values).length > 0,
          name: `${search.name}${picker ? ' picker' : ''}`,
          total: search.total,
          search: (indexed) => search.holds(req.filter, indexed, picker),
        }),
        store.answered,
      );
    },
  );
}
