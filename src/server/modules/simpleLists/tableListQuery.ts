// Read model of the catalogue screens' lists: one table's rows, searched, sorted and paged.
import type { AppContext } from '../../context';
import { COUNTED_CATALOGUES, countOf } from '../../db/counts';
import { type SearchableTable, searchCondition, substringCondition } from '../../db/search';
import { type ListRequest, readList } from '../../db/list';

export type ListedTable = SearchableTable & ('categories' | 'tags' | 'report_categories' | 'email_templates' | 'content_pages');

/**
 * A page (or, exported, all) of `table`'s rows with the given columns (the list's statements are kept
 * under the table's name). As a form's picker reads it (`picker`, a named table), searched by name only.
 */
export async function listTableRowsQuery(ctx: AppContext, table: ListedTable, columns: readonly string[], req: ListRequest<string>, picker = false) {
  const base = ctx.db.selectFrom(table);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns checked by the callers' table types
  return readList(base, (qb) => qb.select(columns as any), req, 'id', {
    db: ctx.db,
    name: picker ? `${table} picker` : table,
    // the catalogues' totals are maintained (db/counts.ts); the few templates and pages are counted
    total: isCounted(table) ? () => countOf(ctx.db, table) : undefined,
    search: (indexed) =>
      picker ? substringCondition(ctx.dialect, table, table, req.filter, ['name'], indexed) : searchCondition(ctx.dialect, table, table, req.filter, indexed),
  });
}

const isCounted = (table: ListedTable): table is (typeof COUNTED_CATALOGUES)[number] => (COUNTED_CATALOGUES as readonly string[]).includes(table);
