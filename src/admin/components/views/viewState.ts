// A list's state as a saved view holds it, read from and applied to react-admin's list (useListContext):
// any filter value as it is (the search `q`, a declared filter, a date range object…), the sort, the page
// size, and the table's hidden columns when the list has a column chooser (react-admin's DataTable keeps
// them in its store under `<resource>.datatable`).
import { useCallback } from 'react';
import { useListContext, useStore } from 'react-admin';
import { PAGE_SIZES } from '@shared/contract';
import type { ViewState } from '@shared/savedViews';

/** The same JSON whatever the order of an object's keys. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined && v !== '')
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** Whether the list shows what the view holds (its columns only when it holds them). */
export function sameState(list: ViewState, view: ViewState): boolean {
  const shown = (s: ViewState, columns: boolean) => JSON.stringify(canonical({ filter: s.filter, sort: s.sort, perPage: s.perPage, columns: columns ? s.columns : null }));
  return shown(list, view.columns !== null) === shown(view, view.columns !== null);
}

/** The list's current state, and a function that brings a view's state to the list. */
export function useListState(): { state: ViewState; apply: (state: ViewState) => void; resource: string } {
  const { resource, filterValues, sort, perPage, setFilters, setSort, setPerPage } = useListContext();
  const [hiddenColumns, setHiddenColumns] = useStore<string[] | undefined>(`${resource}.datatable`);
  const state: ViewState = {
    filter: canonical(filterValues ?? {}) as Record<string, unknown>,
    sort: { field: sort.field, order: sort.order === 'ASC' ? 'ASC' : 'DESC' },
    perPage: ((PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : PAGE_SIZES[0]) as ViewState['perPage'],
    columns: hiddenColumns ?? null,
  };
  const apply = useCallback(
    (view: ViewState) => {
      // react-admin gathers these into one change of the list's URL; every filter of the view is shown
      setFilters(view.filter, Object.fromEntries(Object.keys(view.filter).map((k) => [k, true])), false);
      setSort(view.sort);
      setPerPage(view.perPage);
      if (view.columns !== null) setHiddenColumns(view.columns);
    },
    [setFilters, setSort, setPerPage, setHiddenColumns],
  );
  return { state, apply, resource };
}
