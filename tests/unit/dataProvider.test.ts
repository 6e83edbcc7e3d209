import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider, ENDPOINTS, listQuery } from '@admin/providers/dataProvider';

const parse = (q: string) => Object.fromEntries(new URLSearchParams(q.slice(1)));

describe('dataProvider list queries', () => {
  it('sends the user list one-based with its user_type and the default order', () => {
    const q = parse(listQuery(ENDPOINTS.user, { pagination: { page: 1, perPage: 10 }, filter: {} }));
    expect(q).toEqual({
      user_type: 'User',
      page: '1',
      limit: '10',
      order: '{"direction":"DESC","name":"id","type":"default"}',
    });
  });

  it('sends sub-admin and category pages zero-based; categories default to name ascending', () => {
    expect(parse(listQuery(ENDPOINTS.subadmin, { pagination: { page: 3, perPage: 20 } })).page).toBe('2');
    const q = parse(listQuery(ENDPOINTS.category, { pagination: { page: 1, perPage: 50 }, filter: { q: 'Beach' } }));
    expect(q).toMatchObject({ page: '0', limit: '50', filter: 'Beach' });
    expect(JSON.parse(q.order)).toEqual({ direction: 'ASC', name: 'name', type: 'default' });
  });

  it('maps a sorted column to the order JSON', () => {
    const q = parse(
      listQuery(ENDPOINTS.user, { pagination: { page: 2, perPage: 10 }, sort: { field: 'created_at', order: 'ASC' } }),
    );
    expect(JSON.parse(q.order)).toEqual({ direction: 'ASC', name: 'created_at', type: 'default' });
    expect(q.page).toBe('2');
  });

  it("sends a list's own filters as query parameters, only those it declares and only when set", () => {
    const filter = { q: 'update', actor: 7, entity: 'category', from: '2025-05-01', to: '', nothing: 'x' };
    const q = parse(listQuery(ENDPOINTS.audit, { pagination: { page: 1, perPage: 10 }, filter }));
    expect(q).toEqual({ page: '0', limit: '10', filter: 'update', actor: '7', entity: 'category', from: '2025-05-01', order: '{"direction":"DESC","name":"created_at","type":"default"}' });
    // a list without filters sends none of them
    expect(parse(listQuery(ENDPOINTS.category, { pagination: { page: 1, perPage: 10 }, filter }))).not.toHaveProperty('actor');
  });
});

describe('dataProvider calls for several records', () => {
  const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  const answer = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ status: 200, message: 'Done', data }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  const sent = () => fetchMock.mock.calls.map(([url, init]) => ({ method: init?.method ?? 'GET', path: String(url).replace(/\?.*/, ''), query: Object.fromEntries(new URL(String(url), 'http://x').searchParams), body: init?.body }));
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads many records with one list call per hundred ids, not one call each', async () => {
    fetchMock.mockImplementation((url) => {
      const ids = new URL(String(url), 'http://x').searchParams.get('ids')!.split(',').map(Number);
      return answer({ data: ids.map((id) => ({ id })), meta: { total: ids.length, page: 0, limit: ids.length } });
    });
    const ids = Array.from({ length: 150 }, (_, i) => i + 1);
    const { data } = await dataProvider.getMany('category', { ids });
    expect(data.map((r) => r.id)).toEqual(ids);
    expect(sent().map((c) => [c.path, c.query.ids.split(',').length, c.query.limit])).toEqual([
      ['/api/category', 100, '100'],
      ['/api/category', 50, '50'],
    ]);
    // the users keep their fixed query (a sub-admin's id never comes back from the user list)
    fetchMock.mockClear();
    await dataProvider.getMany('user', { ids: [4] });
    expect(sent()[0].query).toMatchObject({ user_type: 'User', ids: '4' });
  });

  it("reads a record's references through the list's reference filter, paged and sorted", async () => {
    fetchMock.mockImplementation(() => answer({ data: [{ id: 9 }], meta: { total: 11, page: 1, limit: 10 } }));
    const res = await dataProvider.getManyReference('post', { target: 'user_id', id: 7, pagination: { page: 2, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(res).toMatchObject({ data: [{ id: 9 }], total: 11 });
    expect(sent()[0]).toMatchObject({ path: '/api/post', query: { type: 'post', reference: 'user_id', reference_id: '7', page: '1', limit: '10' } });
  });

  it("sets several users' status and deletes several users with one bulk call, answering the ids done", async () => {
    fetchMock.mockImplementation(() => answer({ succeedUserIds: [1], failedUserIds: [2] }));
    expect((await dataProvider.updateMany('user', { ids: [1, 2], data: { status: 'Inactive' } })).data).toEqual([1]);
    expect((await dataProvider.deleteMany('user', { ids: [1, 2] })).data).toEqual([1]);
    expect(sent().map((c) => [c.method, c.path, JSON.parse(String(c.body))])).toEqual([
      ['POST', '/api/user/bulk-action', { user_ids: [1, 2], action: 'inactive' }],
      ['POST', '/api/user/bulk-action', { user_ids: [1, 2], action: 'delete' }],
    ]);
  });

  it('updates and deletes several records of a resource without a bulk call one by one', async () => {
    fetchMock.mockImplementation(() => answer(null));
    expect((await dataProvider.updateMany('tag', { ids: [3, 4], data: { status: 'Inactive' } })).data).toEqual([3, 4]);
    expect((await dataProvider.deleteMany('tag', { ids: [3, 4] })).data).toEqual([3, 4]);
    expect(sent().map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/tag/update', 'POST /api/tag/update', 'DELETE /api/tag/delete/3', 'DELETE /api/tag/delete/4']);
  });
});
