// The single dataProvider: one table maps each resource to its spec §7 calls, page base, default
// order and extra query. Later resources add rows here, not new providers.
import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import type { DashboardStatistics, ListOrder, ListPayload } from '../../shared/contract';
import { ensureFreshToken } from './authProvider';
import { apiFetch, toQuery } from './httpClient';

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
  /** react-admin sort field -> server sort name, where they differ */
  sortNames?: Record<string, string>;
}

const byIdDesc: ListOrder = { direction: 'DESC', name: 'id', type: 'default' };
const byNameAsc: ListOrder = { direction: 'ASC', name: 'name', type: 'default' };

export const ENDPOINTS: Record<string, EndpointRow> = {
  user: {
    list: '/user',
    one: (id) => `/user/login/${id}`,
    pageBase: 1,
    defaultOrder: byIdDesc,
    query: { user_type: 'User' },
  },
  subadmin: {
    list: '/user',
    one: (id) => `/user/login/${id}`,
    pageBase: 0,
    defaultOrder: byIdDesc,
    query: { user_type: 'Sub-Admin' },
  },
  category: { list: '/category', pageBase: 0, defaultOrder: byNameAsc },
};

function endpoint(resource: string): EndpointRow {
  const row = ENDPOINTS[resource];
  if (!row) throw new Error(`No endpoint for resource "${resource}"`);
  return row;
}

/** Query of a list call: page (in the server's base), limit, filter, order JSON, fixed parameters. */
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
  return toQuery({
    ...row.query,
    page: page - 1 + row.pageBase,
    limit: perPage,
    filter: filter || undefined,
    order: JSON.stringify(order),
  });
}

const notYet = (what: string) => () => Promise.reject(new Error(`${what} is not available for this resource yet`));

export interface BackOfficeDataProvider extends DataProvider {
  getStatistics(): Promise<DashboardStatistics>;
}

export const dataProvider: BackOfficeDataProvider = {
  async getList(resource, params) {
    await ensureFreshToken();
    const row = endpoint(resource);
    const { data } = await apiFetch<ListPayload<RaRecord>>(`${row.list}${listQuery(row, params)}`, {
      signal: params.signal,
    });
    return { data: data.data as never[], total: data.meta.total };
  },
  async getOne(resource, params) {
    await ensureFreshToken();
    const row = endpoint(resource);
    if (!row.one) throw new Error(`No detail endpoint for "${resource}"`);
    const { data } = await apiFetch<{ data: RaRecord }>(row.one(params.id), { signal: params.signal });
    return { data: data.data } as never;
  },
  async getMany(resource, params) {
    const rows = await Promise.all(params.ids.map((id) => dataProvider.getOne(resource, { id })));
    return { data: rows.map((r) => r.data) };
  },
  getManyReference: notYet('getManyReference'),
  create: notYet('create'),
  update: notYet('update'),
  updateMany: notYet('updateMany'),
  delete: notYet('delete'),
  deleteMany: notYet('deleteMany'),
  async getStatistics() {
    await ensureFreshToken();
    const { data } = await apiFetch<DashboardStatistics>('/user/user-statistics');
    return data;
  },
};
