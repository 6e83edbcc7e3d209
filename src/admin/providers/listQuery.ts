// A list call's query as the house's lists are asked (DESIGN.md §3): page in the server's base, limit,
// `filter` (the search), `order` JSON, fixed parameters and the list's own filters. The dataProvider's
// rows and the moderation desk's list share it.
import type { GetListParams, RaRecord } from 'react-admin';
import type { ListOrder } from '@shared/contract';
import { foldText } from '@shared/text';
import { toQuery } from './httpClient';

export interface EndpointRow {
  /** GET path of the list */
  list: string;
  /** path of one item, given its id */
  one?: (id: RaRecord['id']) => string;
  /** first page number the server expects (spec §9) */
  pageBase: 0 | 1;
  defaultOrder: ListOrder;
  /** fixed query parameters (user_type, typeUser, type…) */
  query?: Record<string, string>;
  /** the list's filters beside its search, sent as query parameters of the same names */
  filters?: readonly string[];
  /** react-admin sort field -> server sort name, where they differ */
  sortNames?: Record<string, string>;
  /** POST path that creates (the body is sent as multipart form data) */
  create?: string;
  /** POST path that updates, the id in the body (multipart form data) */
  update?: string;
  /** DELETE path of one item */
  remove?: (id: RaRecord['id']) => string;
  /** fields always sent on create (user_type…) */
  createFields?: Record<string, string>;
  /** POST path that sets { id, sequence } */
  sequence?: string;
  /** POST path of the bulk actions { user_ids, action } (active, inactive, delete) */
  bulk?: string;
  /** create / update bodies are JSON (lists, rich text) rather than multipart form data */
  json?: boolean;
}

/** Query of a list call: page (in the server's base), limit, filter, order JSON, fixed parameters. */
/**
 * `meta.searchLabels`: the values whose label on screen holds the search text, as the query parameter it
 * names (the audit log's actions: its search finds "Deleted" as shown, where the server knows only `delete`).
 */
function labelledSearch(meta: { searchLabels?: SearchLabels } | undefined, search: string | undefined): Record<string, string> {
  if (!search || !meta?.searchLabels) return {};
  const { param, labels } = meta.searchLabels;
  const folded = foldText(search.trim());
  const values = Object.entries(labels)
    .filter(([, label]) => foldText(label).includes(folded))
    .map(([value]) => value);
  return values.length ? { [param]: values.join(',') } : {};
}

/** A list's values by their label on screen, for a search that finds what it shows (labelledSearch). */
export interface SearchLabels {
  param: string;
  labels: Record<string, string>;
}

export function listQuery(row: EndpointRow, params: Partial<GetListParams>): string {
  const { page = 1, perPage = 10 } = params.pagination ?? {};
  const sort = params.sort;
  const order: ListOrder =
    sort?.field && sort.field !== 'id'
      ? {
          direction: sort.order === 'DESC' ? 'DESC' : 'ASC',
          name: row.sortNames?.[sort.field] ?? sort.field,
          type: 'default',
        }
      : sort?.field === 'id'
        ? { direction: sort.order === 'ASC' ? 'ASC' : 'DESC', name: 'id', type: 'default' }
        : row.defaultOrder;
  const filter = typeof params.filter?.q === 'string' ? params.filter.q : undefined;
  // the list's own filters, each set one as it is (react-admin drops emptied ones)
  const filters = Object.fromEntries((row.filters ?? []).map((name) => [name, params.filter?.[name] === '' ? undefined : params.filter?.[name]]));
  return toQuery({
    ...row.query,
    ...filters,
    ...labelledSearch(params.meta, filter),
    page: page - 1 + row.pageBase,
    limit: perPage,
    filter: filter || undefined,
    order: JSON.stringify(order),
  });
}

