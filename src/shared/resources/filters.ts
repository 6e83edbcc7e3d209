// The filters of a list (issue 35): what a declaration's `filters` entry says, or, for a plain resource
// (`storage`), what its fields give it for free: a choice field (status) by its values, a yes/no field by
// yes or no, a reference field by the record it names, and the creation date by a range. Each filter is
// one query parameter of the list call (a date range three: `created`, `created_from`, `created_to`),
// which the admin's sidebar sets (src/admin/components/lists/ListSidebar.tsx), the data provider passes
// (`filterParams`) and the server checks and applies.
import type { ListFilterDeclaration, ResourceDeclaration } from './types';

/** The relative ranges of a `created` filter; a chosen range is `created_from` / `created_to` (days, UTC, inclusive). */
export const CREATED_RANGES = ['today', '7d', '30d'] as const;
export type CreatedRange = (typeof CREATED_RANGES)[number];

/** A yes/no filter's values. */
export const YES_NO = ['yes', 'no'] as const;

/** The creation date range every list has. */
export const CREATED_FILTER = { name: 'created', kind: 'created', label: 'app.filters.created' } as const satisfies ListFilterDeclaration;

/** A status filter over the given values (labels `app.status.<value>`). */
export const statusFilter = (choices: readonly string[], name = 'status', labels = 'app.status') =>
  ({ name, kind: 'choice', label: 'app.filters.status', choices, labels }) as const satisfies ListFilterDeclaration;

/** A filter by the country of the records (or of their places). */
export const COUNTRY_FILTER = { name: 'country', kind: 'country', label: 'app.filters.country' } as const satisfies ListFilterDeclaration;

/** The filters a plain resource's fields give it: its choice, yes/no and reference fields, then its creation date. */
function derivedFilters(resource: ResourceDeclaration): ListFilterDeclaration[] {
  const label = (name: string) => `resources.${resource.name}.fields.${name}`;
  const fromFields = Object.entries(resource.fields).flatMap(([name, f]): ListFilterDeclaration[] => {
    if (f.filter === false) return [];
    if (f.type === 'choice' && f.choices) return [name === 'status' ? statusFilter(f.choices) : { name, kind: 'choice', label: label(name), choices: f.choices }];
    if (f.type === 'boolean') return [{ name, kind: 'yesNo', label: label(name) }];
    if (f.type === 'reference' && f.reference) return [{ name, kind: 'reference', label: label(name), reference: f.reference }];
    return [];
  });
  const created = resource.fields.created_at;
  return created && created.filter !== false ? [...fromFields, CREATED_FILTER] : fromFields;
}

/** A list's filters: as declared (`filters`), else what a plain resource's fields give; none for the others. */
export const listFilters = (resource: ResourceDeclaration): readonly ListFilterDeclaration[] =>
  resource.filters ?? (resource.storage ? derivedFilters(resource) : []);

/** The query parameters of one filter. */
export const paramsOf = (filter: ListFilterDeclaration): string[] =>
  filter.kind === 'created' ? [filter.name, `${filter.name}_from`, `${filter.name}_to`] : [filter.name];

/**
 * Every query parameter a list's filters travel as: the declared filters' and the list's own (`api.filters`,
 * the audit log's), each once.
 */
export const filterParams = (resource: ResourceDeclaration): string[] => [...new Set([...(resource.api.filters ?? []), ...listFilters(resource).flatMap(paramsOf)])];
