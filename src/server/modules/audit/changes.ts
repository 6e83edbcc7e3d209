// The changed fields of an audit entry, in one form: `audit()` stores a { before, after } detail as the
// fields that changed, and an entry written before that (or with another kind of detail) is read into the
// same form as well as it can be. Secrets never leave: a password, hash or token reads '(changed)'.
import { type AuditChange, type AuditValue, isSecretField, MAX_VALUE_LENGTH, REDACTED } from '@shared/audit';

export { MAX_VALUE_LENGTH };

type Detail = Record<string, unknown>;
const isObject = (value: unknown): value is Detail => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as an entry shows it: text, a number, a yes/no or nothing; a list joined, an object as JSON, clipped. */
export function shownValue(value: unknown): AuditValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value : Array.isArray(value) && value.every((v) => !isObject(v)) ? value.join(', ') : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
}

/** A change as it may be shown: a secret's values replaced by '(changed)', or dropped when it was not set. */
function safe(change: AuditChange): AuditChange | null {
  if (!isSecretField(change.field)) return change;
  // `password: false` says no password was set: nothing changed
  const set = (v: AuditValue) => v !== null && v !== false && v !== '';
  return set(change.after) || set(change.before) ? { field: change.field, before: null, after: REDACTED } : null;
}

const comparable = (value: unknown) =>
  JSON.stringify(Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...value].sort() : (value ?? null));

/**
 * The fields `after` sets to another value than `before` had. Only `after`'s fields count: `before` may be
 * the whole row where `after` is what the form sent. The row's own clock (updated_at) is no change.
 */
export function changedFields(before: Detail, after: Detail): AuditChange[] {
  return Object.keys(after)
    .filter((field) => !OWN_FIELDS.has(field) && after[field] !== undefined && comparable(before[field]) !== comparable(after[field]))
    .map((field) => safe({ field, before: shownValue(before[field]), after: shownValue(after[field]) }))
    .filter((c): c is AuditChange => c !== null);
}

/** The record's own keys and clock, which its entry shows already. */
const OWN_FIELDS = new Set(['id', 'created_at', 'updated_at']);

/** Each field of a record as set (`as: 'after'`, a new record) or as it was (`as: 'before'`, a deleted one). */
function fieldsOf(record: Detail, as: 'before' | 'after'): AuditChange[] {
  return Object.entries(record)
    .filter(([field, value]) => !OWN_FIELDS.has(field) && value !== undefined)
    .map(([field, value]) => safe({ field, before: as === 'before' ? shownValue(value) : null, after: as === 'after' ? shownValue(value) : null }))
    .filter((c): c is AuditChange => c !== null);
}

/**
 * What `audit()` stores for a detail: a { before, after } pair of records as its changed fields
 * (`changes`, beside the detail's other keys); any other detail as it is, its secrets redacted.
 */
export function recordedDetail(detail: unknown): unknown {
  if (!isObject(detail)) return detail;
  const { before, after, ...rest } = detail;
  if (isObject(before) && isObject(after)) return { ...rest, changes: changedFields(before, after) };
  return Object.fromEntries(Object.entries(detail).map(([key, value]) => [key, isSecretField(key) && value ? REDACTED : value]));
}

/**
 * The changed fields of a stored detail (JSON text), whatever its age: the recorded `changes`; a
 * { before, after } pair of records diffed; a status moved from one value to another (moderation); a new
 * record's fields (`created`, `after`) or a deleted one's (`before`); else each key with its value.
 */
export function changesOf(stored: string | null): AuditChange[] {
  if (!stored) return [];
  let detail: unknown;
  try {
    detail = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!isObject(detail)) return detail === null ? [] : [{ field: 'detail', before: null, after: shownValue(detail) }];
  const { before, after, created, changes, ...rest } = detail;
  if (Array.isArray(changes)) {
    const recorded = changes
      .filter((c): c is Detail => isObject(c) && typeof c.field === 'string')
      .map((c) => safe({ field: c.field as string, before: shownValue(c.before), after: shownValue(c.after) }))
      .filter((c): c is AuditChange => c !== null);
    return [...recorded, ...fieldsOf(rest, 'after')];
  }
  if (isObject(before) && isObject(after)) return changedFields(before, after);
  if ('before' in detail && 'after' in detail && !isObject(before) && !isObject(after)) {
    return [{ field: 'status', before: shownValue(before), after: shownValue(after) }, ...fieldsOf(rest, 'after')];
  }
  if (isObject(created)) return [...fieldsOf(created, 'after'), ...fieldsOf(rest, 'after')];
  if (isObject(after)) return [...fieldsOf(after, 'after'), ...fieldsOf(rest, 'after')];
  if (isObject(before)) return [...fieldsOf(before, 'before'), ...fieldsOf(rest, 'after')];
  return fieldsOf(detail, 'after');
}
