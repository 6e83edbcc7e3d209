// Saved views (issue 35): a list's state kept under a name on the server, as both sides read it. The state
// is what react-admin's list holds: its filter values (any filter, the search `q` included, kept as they
// are), its sort, its page size, and the columns the table hides when the list lets staff choose them.
import { z } from 'zod';
import { PAGE_SIZES } from './contract';
import { RESOURCES } from './resources/index';
import { noControlCharacters } from './validation/common';
import { v } from './validation/messages';

/** The lists a view may be saved for: every resource's list. */
export const VIEW_RESOURCES = RESOURCES.map((r) => r.name) as [string, ...string[]];
export const VIEW_NAME_MAX = 60;
/** The state's JSON text at most: far more than any list's filters, sort and columns take. */
export const VIEW_STATE_MAX = 4000;

const key = z.string().min(1).max(64);
export const viewStateSchema = z
  .object({
    filter: z.record(key, z.unknown()),
    sort: z.object({ field: key, order: z.enum(['ASC', 'DESC']) }),
    perPage: z.literal(PAGE_SIZES),
    /** the table's hidden columns (react-admin's column chooser), when the list has one; else null */
    columns: z.array(key).max(100).nullable(),
  })
  .refine((state) => JSON.stringify(state).length <= VIEW_STATE_MAX, { message: v('viewStateTooLarge') });
export type ViewState = z.infer<typeof viewStateSchema>;

const viewName = noControlCharacters(z.string().trim().min(1, v('viewNameRequired')).max(VIEW_NAME_MAX, v('viewNameTooLong')));

export const viewCreateSchema = z.object({
  resource: z.enum(VIEW_RESOURCES),
  name: viewName,
  state: viewStateSchema,
  /** listed to all staff who may open the list (Admins only) */
  shared: z.boolean().optional(),
});
/** A rename, a share or unshare, or the current state saved over the view's. */
export const viewUpdateSchema = z.object({ name: viewName.optional(), state: viewStateSchema.optional(), shared: z.boolean().optional() });
export const viewListQuery = z.object({ resource: z.enum(VIEW_RESOURCES) });

/** A view as the API answers it. */
export interface SavedView {
  id: number;
  resource: string;
  name: string;
  state: ViewState;
  shared: boolean;
  /** the caller's own view */
  mine: boolean;
  /** the caller may rename, delete or (an Admin) share it */
  editable: boolean;
  owner_name: string | null;
  updated_at: string;
}
