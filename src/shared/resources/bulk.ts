// Bulk edit (issue 35): what a list may change over ticked rows or everything that matches its search and
// filters. A declaration says it (`bulk`); a plain resource (`storage`) gets its choice and yes/no form fields
// and delete (when it has a delete call) for free. The server refuses any other field (a 400 naming it), the
// admin's bulk dialog offers these.
import type { BulkDeclaration, BulkFieldDeclaration, ResourceDeclaration } from './types';

/** The most rows one may tick and send by id; beyond, the selection is the list's query ("all N matching"). */
export const MAX_BULK_IDS = 1_000;

/** How long after a bulk change finishes its Undo is offered (the server refuses it later). */
export const BULK_UNDO_MS = 10_000;

/** A bulk change: a field set to a value, a record added to or removed from links, or a delete. */
export type BulkChange = { field: string; value: string | boolean } | { field: string; add: number } | { field: string; remove: number } | { delete: true };

/** The choice and yes/no fields of a plain resource's forms. */
function derivedBulk(resource: ResourceDeclaration): BulkDeclaration {
  const label = (name: string) => `resources.${resource.name}.fields.${name}`;
  const fields = Object.entries(resource.fields).flatMap(([name, f]): BulkFieldDeclaration[] => {
    if (!f.form || f.input === false) return [];
    if (f.type === 'choice' && f.choices) return [name === 'status' ? statusBulk(f.choices) : { name, kind: 'choice', label: label(name), choices: f.choices }];
    if (f.type === 'boolean') return [{ name, kind: 'yesNo', label: label(name) }];
    return [];
  });
  return { fields, delete: !!resource.api.remove };
}

/** A status set in bulk to one of `choices` (labels `app.status.<value>`). */
export const statusBulk = (choices: readonly string[]) =>
  ({ name: 'status', kind: 'choice', label: 'app.filters.status', choices, labels: 'app.status' }) as const satisfies BulkFieldDeclaration;

/** What a resource's list may change in bulk (none: undefined). */
export function bulkOf(resource: ResourceDeclaration): BulkDeclaration | undefined {
  const bulk = resource.bulk ?? (resource.storage ? derivedBulk(resource) : undefined);
  return bulk && (bulk.fields.length || bulk.delete) ? bulk : undefined;
}
