// A list's saved views as the sidebar reads them, and their changes: each change reads the list again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SavedView } from '@shared/savedViews';
import { savedViewCalls } from '../../providers/savedViews';

export const viewsQueryKey = (resource: string) => ['savedViews', resource];

export function useSavedViews(resource: string) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: viewsQueryKey(resource), queryFn: ({ signal }) => savedViewCalls.list(resource, signal) });
  /** Reads the views again after a change (or a refusal: someone else may have changed them). */
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: viewsQueryKey(resource) }), [queryClient, resource]);
  /** Shows the list without a view until its delete is done or undone. */
  const hide = useCallback(
    (id: number, hidden: boolean, view?: SavedView) =>
      queryClient.setQueryData<SavedView[]>(viewsQueryKey(resource), (views = []) =>
        hidden ? views.filter((v) => v.id !== id) : view && !views.some((v) => v.id === id) ? [...views, view].sort((a, b) => a.name.localeCompare(b.name)) : views,
      ),
    [queryClient, resource],
  );
  return { views: query.data ?? [], loading: query.isPending, failed: query.isError, reload, hide };
}
