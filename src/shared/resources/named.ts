// What categories, tags and report categories share: a name and a status (spec §7).
import type { ApiCalls, ResourceDeclaration } from './types';

export const NAMED_FIELDS = {
  id: { sortable: true },
  name: { sortable: true, searchable: true },
  status: { sortable: true, searchable: true },
  created_at: { sortable: true },
} as const satisfies ResourceDeclaration['fields'];

/** The calls of a named list under `base`: list, create, update, delete, JSON bodies. */
export const namedCalls = (base: string, defaultOrder: ApiCalls['defaultOrder'], query?: ApiCalls['query']) =>
  ({
    list: base,
    create: `${base}/create`,
    update: `${base}/update`,
    remove: `${base}/delete/:id`,
    pageBase: 0,
    defaultOrder,
    ...(query ? { query } : {}),
    json: true,
  }) as const satisfies ApiCalls;

export const byName = { direction: 'ASC', name: 'name', type: 'default' } as const;
export const byNewest = { direction: 'DESC', name: 'id', type: 'default' } as const;
