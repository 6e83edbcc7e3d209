// The parts every plain resource (one served from its declaration alone, `storage`) starts from: the
// record's own fields, a status, and the calls the declared-resource server answers.
import type { ApiCalls } from './types';

/** The statuses of the catalogue screens and the plain resources (no zod here: the start-up shell reads the registry). */
export const ACTIVE_STATUSES = ['Active', 'Inactive'] as const;

/** The fields the server keeps for every record: its id and when it was made and last changed. */
export const RECORD_FIELDS = {
  id: { type: 'id', sortable: true },
  created_at: { type: 'timestamp', sortable: true, list: true, show: true },
  updated_at: { type: 'timestamp', sortable: true, show: true },
} as const;

/** An Active / Inactive status, Active at first, listed, sortable and chosen in the form. */
export const STATUS_FIELD = {
  type: 'choice',
  choices: ACTIVE_STATUSES,
  initial: 'Active',
  required: true,
  list: true,
  form: true,
  show: true,
  sortable: true,
} as const;

/**
 * The calls of a plain resource under `base`: the list (0-based pages), one record, create, update (the
 * id in the body) and delete, JSON bodies.
 */
export const plainCalls = (base: string, defaultOrder: ApiCalls['defaultOrder']) =>
  ({
    list: base,
    one: `${base}/:id`,
    create: `${base}/create`,
    update: `${base}/update`,
    remove: `${base}/delete/:id`,
    pageBase: 0,
    defaultOrder,
    json: true,
  }) as const satisfies ApiCalls;
