// How a declared list searches and counts: a generated table looks into its `search_text` (store.ts); a
// table of the hand-written migrations through its trigram index (db/search.ts) and, when its rows are
// counted as they change (`storage.counted`), reads its total from the counts (db/counts.ts). A picker
// searches the name alone.
import { sql } from 'kysely';
import type { ResourceDeclaration } from '@shared/resources/index';
import type { AppContext } from '@server/context';
import { countOf } from '@server/db/counts';
import { escapeLike, SEARCH_FOLD, type SearchableTable, searchCondition, searchedTableOf, substringCondition } from '@server/db/search';
import { handWritten, holdsTerm, tableOf } from './store';

export function listSearch(ctx: AppContext, resource: ResourceDeclaration) {
  const table = tableOf(resource);
  if (!handWritten(resource)) {
    return {
      name: `declared ${table}`,
      total: undefined,
      holds: (term: string, _indexed: boolean, picker: boolean) =>
        picker ? sql<boolean>`${sql.raw(SEARCH_FOLD)}(${sql.ref('name')}) LIKE ${sql.raw(SEARCH_FOLD)}(${`%${escapeLike(term.trim())}%`}) ESCAPE '\\'` : holdsTerm(term),
    };
  }
  // the table's own index (db/search.ts SEARCH_COLUMNS, made from the searchable fields)
  const indexed = searchedTableOf(resource) as SearchableTable;
  return {
    name: table,
    total: resource.storage?.counted ? () => countOf(ctx.db, table) : undefined,
    holds: (term: string, useIndex: boolean, picker: boolean) =>
      picker ? substringCondition(ctx.dialect, indexed, table, term, ['name'], useIndex) : searchCondition(ctx.dialect, indexed, table, term, useIndex),
  };
}
