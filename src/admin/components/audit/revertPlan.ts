// "Restore these values" (issue 35): which of a History entry's changed fields can come back through the
// record's normal save, and which cannot (named, left out): a secret (a password reads '(changed)'), a
// value the trail clipped, a field the record no longer has as a plain value (a list of linked records
// kept by name, a deleted reference), and the trail's own notes (what an entry reverts, an Undo).
import { type AuditChange, type AuditValue, MAX_VALUE_LENGTH, REDACTED } from '@shared/audit';

/**
 * The fields a resource's save takes back, where its form is not the record itself: a post's form names
 * its stops and links by id, an account's save would also re-send its permissions and picture.
 */
const SAVED_FIELDS: Record<string, readonly string[]> = {
  post: ['title', 'description'],
  itinerary: ['title', 'description'],
  user: ['name', 'status'],
  subadmin: ['name', 'status'],
  spot: ['name', 'status'],
};

/** What a save of these resources sends besides the values: the fields of the record its form sends. */
export const SENT_WITH: Record<string, readonly string[]> = {
  user: ['name', 'status'],
  subadmin: ['name', 'status'],
  spot: ['name', 'status', 'latitude', 'longitude', 'address', 'city', 'state', 'country', 'post_code'],
};
/** Entries' notes, not fields of the record. */
const NOTES = new Set(['revert_of', 'undo']);

export interface RevertPlan {
  /** each field that comes back: its value now and the entry's value before */
  restored: { field: string; now: unknown; value: AuditValue }[];
  /** the changed fields that cannot come back */
  leftOut: string[];
}

const plain = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const clipped = (value: AuditValue) => typeof value === 'string' && value.length > MAX_VALUE_LENGTH && value.endsWith('…');

/** The entry's values as they were before it, set against the record as it is now. */
export function revertPlan(resource: string, changes: readonly AuditChange[], record: Record<string, unknown>): RevertPlan {
  const saved = SAVED_FIELDS[resource];
  const plan: RevertPlan = { restored: [], leftOut: [] };
  for (const change of changes) {
    if (NOTES.has(change.field)) continue;
    const { field, before } = change;
    const restorable =
      before !== REDACTED && !clipped(before) && Object.hasOwn(record, field) && plain(record[field]) && (saved ? saved.includes(field) : true);
    if (!restorable) plan.leftOut.push(field);
    // a value already back needs no save
    else if (String(record[field] ?? '') !== String(before ?? '')) plan.restored.push({ field, now: record[field], value: before });
  }
  return plan;
}

/** Whether an entry changed fields of its record that were set before (an edit, or an earlier revert). */
export const isRevertible = (action: string, changes: readonly AuditChange[]) =>
  (action === 'update' || action === 'revert') && changes.some((c) => !NOTES.has(c.field) && c.before !== null);
