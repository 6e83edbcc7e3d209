// An in-memory dataProvider for component tests: the list's search (filter.q, any searchable field,
// case-insensitive), sort and pages, one record, create, update and delete, and a log of the calls.
import type { DataProvider, RaRecord } from 'react-admin';

export function fakeDataProvider(records: Record<string, RaRecord[]>, searchable: Record<string, string[]> = {}) {
  const calls: { method: string; resource: string; params: unknown }[] = [];
  let nextId = 1000;
  const rows = (resource: string) => (records[resource] ??= []);
  const log = (method: string, resource: string, params: unknown) => calls.push({ method, resource, params });
  const provider: DataProvider = {
    async getList(resource, params) {
      log('getList', resource, params);
      const q = String(params.filter?.q ?? '').toLocaleLowerCase('en');
      const fields = searchable[resource] ?? [];
      let found = rows(resource).filter((r) => !q || fields.some((f) => String(r[f] ?? '').toLocaleLowerCase('en').includes(q)));
      const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
      found = [...found].sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0) * (order === 'DESC' ? -1 : 1));
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
      return { data: found.slice((page - 1) * perPage, page * perPage) as never[], total: found.length };
    },
    async getOne(resource, params) {
      log('getOne', resource, params);
      const row = rows(resource).find((r) => String(r.id) === String(params.id));
      if (!row) throw Object.assign(new Error('Not found'), { status: 404 });
      return { data: row as never };
    },
    async getMany(resource, params) {
      log('getMany', resource, params);
      return { data: rows(resource).filter((r) => params.ids.map(String).includes(String(r.id))) as never[] };
    },
    async getManyReference(resource, params) {
      log('getManyReference', resource, params);
      const found = rows(resource).filter((r) => r[params.target] === params.id);
      return { data: found as never[], total: found.length };
    },
    async create(resource, params) {
      log('create', resource, params);
      const row = { ...params.data, id: nextId++, created_at: new Date().toISOString() };
      rows(resource).push(row);
      return { data: row as never };
    },
    async update(resource, params) {
      log('update', resource, params);
      const list = rows(resource);
      const i = list.findIndex((r) => String(r.id) === String(params.id));
      list[i] = { ...list[i], ...params.data, id: list[i].id };
      return { data: list[i] as never };
    },
    async updateMany(resource, params) {
      log('updateMany', resource, params);
      return { data: params.ids };
    },
    async delete(resource, params) {
      log('delete', resource, params);
      const list = rows(resource);
      const i = list.findIndex((r) => String(r.id) === String(params.id));
      const [row] = list.splice(i, 1);
      return { data: row as never };
    },
    async deleteMany(resource, params) {
      log('deleteMany', resource, params);
      records[resource] = rows(resource).filter((r) => !params.ids.map(String).includes(String(r.id)));
      return { data: params.ids };
    },
  };
  return { provider, calls, records };
}
