// The Trash's calls (issue 35, Admins): the deleted posts or itineraries as a react-admin list (the
// dataProvider's `trash` resource, filtered by `type`), their restore, and the Undo of one's own delete.
import type { GetListParams, GetListResult, GetOneParams, GetOneResult, RaRecord } from 'react-admin';
import type { ListPayload } from '@shared/contract';
import type { Caller } from './moderation';
import { type EndpointRow, listQuery } from './listQuery';

export type TrashType = 'post' | 'itinerary';

/** A deleted post or itinerary as the Trash lists it. */
export interface TrashedPost extends RaRecord {
  id: number;
  type: TrashType;
  title: string;
  description: string | null;
  user_id: number;
  user: string | null;
  created_at: string;
  deleted_at: string;
  deleted_by: string | null;
}

/** Newest deleted first; `type` chooses posts or itineraries. */
export const TRASH_LIST: EndpointRow = {
  list: '/trash',
  pageBase: 0,
  defaultOrder: { direction: 'DESC', name: 'deleted_at', type: 'default' },
  filters: ['type'],
};

const jsonBody = (value: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(value), headers: { 'Content-Type': 'application/json' } });

export function trashCalls(call: Caller) {
  const getList = async (params: Partial<GetListParams>): Promise<GetListResult<TrashedPost>> => {
    const { data } = await call<ListPayload<TrashedPost>>(`${TRASH_LIST.list}${listQuery(TRASH_LIST, params)}`, { signal: params.signal });
    return { data: data.data, total: data.meta.total };
  };
  return {
    getList,
    /** a row of the Trash (react-admin reads one after a selection), looked up among its type's rows by id */
    async getOne(params: GetOneParams): Promise<GetOneResult<TrashedPost>> {
      for (const type of ['post', 'itinerary'] as const) {
        const { data } = await call<ListPayload<TrashedPost>>(`${TRASH_LIST.list}?type=${type}&ids=${encodeURIComponent(String(params.id))}`, { signal: params.signal });
        if (data.data[0]) return { data: data.data[0] };
      }
      throw new Error('Not found');
    },
    /** puts these back where they were (all or none): the server's message */
    restore: async (ids: readonly RaRecord['id'][]) => (await call(`${TRASH_LIST.list}/restore`, jsonBody({ ids: ids.map(Number) }))).message,
    /** the toast's Undo of the caller's own delete, just made */
    undoDelete: async (id: RaRecord['id']) => (await call(`/post/undoDelete/${encodeURIComponent(String(id))}`, jsonBody({}))).message,
  };
}
