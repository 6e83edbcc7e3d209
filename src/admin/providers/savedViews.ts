// The saved views' calls (server: modules/views). A view is a list's state kept on the server under a name.
import type { SavedView, ViewState } from '@shared/savedViews';
import { apiFetch } from './httpClient';

const json = (method: string, value: unknown) => ({ method, body: JSON.stringify(value), headers: new Headers({ 'Content-Type': 'application/json' }) });

export const savedViewCalls = {
  list: async (resource: string, signal?: AbortSignal) =>
    (await apiFetch<{ data: SavedView[] }>(`/views?resource=${encodeURIComponent(resource)}`, { signal })).data.data,
  one: async (id: string, signal?: AbortSignal) => (await apiFetch<{ data: SavedView }>(`/views/${encodeURIComponent(id)}`, { signal })).data.data,
  create: async (view: { resource: string; name: string; state: ViewState; shared: boolean }) => (await apiFetch<{ data: SavedView }>('/views', json('POST', view))).data.data,
  update: async (id: number, changes: { name?: string; shared?: boolean; state?: ViewState }) =>
    (await apiFetch<{ data: SavedView }>(`/views/${id}`, json('POST', changes))).data.data,
  remove: async (id: number) => {
    await apiFetch(`/views/${id}`, { method: 'DELETE' });
  },
};
