// Reading the picker lists a form needs (DESIGN.md §5): the post and itinerary forms pick a user,
// categories and tags, so whoever may use the form may read those lists. Not the lists themselves: a
// caller without the list's own permission (a Post-list-only Sub-Admin reading the users) gets what a
// picker shows, the id and the name, searched and sorted by name only (a search of the emails would spell
// them out letter by letter), and no export.
import { z } from 'zod';
import { canAccess, type Principal, type ResourceName } from '@shared/access';
import { whole } from './answers';
import { forbidden } from './errors';
import type { ListRequest } from '@server/db/list';

/** The columns a picker row holds (react-admin's AutocompleteInput shows a record by its name). */
export const PICKER_FIELDS = ['id', 'name'] as const;

/**
 * A catalogue's picker row (categories, tags) also holds its status: a form offers Active ones only
 * (issue 32 m16), and whether a category is in use is no secret of the Categories list.
 */
export const CATALOGUE_PICKER_FIELDS = [...PICKER_FIELDS, 'status'] as const;

/** A list's row as a picker reads it, for the OpenAPI document. */
export const pickerRow = z
  .object({ id: whole, name: z.string() })
  .meta({ description: "a form's picker row: what a caller without the list's own permission reads (its id and name)" });

/** A catalogue's row as a picker reads it, for the OpenAPI document. */
export const cataloguePickerRow = pickerRow
  .extend({ status: z.string() })
  .meta({ description: "a form's picker row of a catalogue: its id, name and status (a form offers Active ones only)" });

/** The sort names a picker may ask for, each the list's own column. */
export const pickerSortable = (sortable: Record<string, string>): Record<string, string> => ({ id: sortable.id, name: sortable.name });

export const PICKER_EXPORT_REFUSED = "This list is read here only to pick from it in a form: exporting it needs the list's own permission.";

/** True when `caller` reads `resource`'s list only as a form's picker (it lacks the list's permission). */
export const readsAsPicker = (caller: Principal, resource: ResourceName): boolean => !canAccess(caller, resource);

/** A picker read never exports: a 403 in the envelope before anything is read. */
export function refusePickerExport(req: ListRequest<string>): void {
  if (req.format === 'csv') throw forbidden(PICKER_EXPORT_REFUSED);
}
