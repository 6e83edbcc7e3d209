// Read model of the catalogue screens' lists: one table's rows, searched, sorted and paged.
import type { AppContext } from '../../context';
import { type SearchableTable, searchCondition } from '../../db/search';
import { type ListRequest, readList } from '../../http/list';

export type ListedTable = SearchableTable & ('categories' | 'tags' | 'report_categories' | 'email_templates' | 'content_pages');

/** A page (or, exported, all) of `table`'s rows with the given columns (the list's statements are kept under the table's name). */
export async function listTableRowsQuery(ctx: AppContext, table: ListedTable, columns: readonly string[], req: ListRequest<string>) {
  const base = ctx.db.selectFrom(table);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns checked by the callers' table types
  return readList(base, (qb) => qb.select(columns as any), req, 'id', {
    db: ctx.db,
    name: table,
    search: (indexed) => searchCondition(ctx.dialect, table, table, req.filter, indexed),
  });
}
