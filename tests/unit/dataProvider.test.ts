import { describe, expect, it } from 'vitest';
import { ENDPOINTS, listQuery } from '../../src/admin/providers/dataProvider';

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
});
