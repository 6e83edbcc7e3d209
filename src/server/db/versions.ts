// No lost updates: an edit form sends back the `updated_at` of the record it was opened on, and its save
// changes the row only while the row still has it. The check is in the UPDATE's WHERE clause, so two
// saves racing on two servers cannot both pass; the one that finds the row changed is a 409 with the
// catalogue's 'recordChanged' text, and nothing of it is written.
import type { Kysely, Transaction, UpdateObject } from 'kysely';
import { RecordChanged, RecordGone } from './errors';
import type { Database } from './schema';
import { now } from './index';

/** The tables whose edit forms are checked: each has `id` and `updated_at`. */
export type VersionedTable = 'users' | 'posts' | 'spots' | 'categories' | 'tags' | 'report_categories' | 'email_templates' | 'content_pages';

/**
 * The stamp a checked save writes: now, or just after the stamp it replaces when the clock says
 * otherwise (two saves within a millisecond, a server whose clock is behind). Never equal to the one it
 * replaces, so a form opened on the old one can never match again.
 */
export function stampAfter(previous: string | undefined): string {
  const stamp = now();
  if (previous === undefined || stamp > previous) return stamp;
  return new Date(Date.parse(previous) + 1).toISOString();
}

export const recordChanged = () => new RecordChanged();

/**
 * Writes `values` to one row, with a new `updated_at`, and answers that stamp. With `expected` (the form's
 * version) only a row that still has it is written: otherwise RecordChanged (a 409), or RecordGone (a 404)
 * when the row is gone.
 * Inside a transaction, the throw rolls back whatever the save wrote before.
 */
export async function updateChecked<T extends VersionedTable>(
  db: Kysely<Database> | Transaction<Database>,
  table: T,
  id: number,
  values: UpdateObject<Database, T>,
  expected: string | undefined,
): Promise<string> {
  const stamp = stampAfter(expected);
  // (Kysely cannot tie a generic table's columns to its where-clause types: checked by VersionedTable)
  type Row = { id: number; updated_at: string };
  const versioned = db as unknown as Kysely<Record<'row', Row>>;
  const named = table as unknown as 'row';
  let update = versioned.updateTable(named).set({ ...(values as object), updated_at: stamp }).where('id', '=', id);
  if (expected !== undefined) update = update.where('updated_at', '=', expected);
  const res = await update.executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) return stamp;
  const exists = await versioned.selectFrom(named).select('id').where('id', '=', id).executeTakeFirst();
  throw exists ? recordChanged() : new RecordGone();
}
