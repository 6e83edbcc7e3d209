// The rows of categories, tags and report categories: a name (unique whatever its case, through
// name_key) and a status.
import { updateChecked } from '../../db/versions';
import type { Kysely } from 'kysely';
import { nameKey } from '@shared/text';
import { now } from '../../db/index';
import type { Database } from '../../db/schema';

export type NamedTable = 'categories' | 'tags' | 'report_categories';
/** What the screens show of a row. */
export const NAMED_COLUMNS = ['id', 'name', 'status', 'created_at', 'updated_at'] as const;
export type NamedRow = { id: number; name: string; status: string; created_at: string; updated_at: string };

/**
 * Adds the rows (names as stored) in one transaction, in their order. The unique name_key decides, so
 * two staff adding the same name at once cannot both win: a name already there is a duplicate.
 */
export async function insertNamedRows(db: Kysely<Database>, table: NamedTable, rows: { name: string; status: string }[]) {
  const stamp = now();
  const created: NamedRow[] = [];
  const duplicates: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (const { name, status } of rows) {
      const inserted = await trx
        .insertInto(table)
        .values({ name, name_key: nameKey(name), status, created_at: stamp, updated_at: stamp })
        .onConflict((oc) => oc.column('name_key').doNothing())
        .returning([...NAMED_COLUMNS])
        .executeTakeFirst();
      if (inserted) created.push(inserted);
      else duplicates.push(name);
    }
  });
  return { created, duplicates };
}

/** One row, or undefined. */
export async function findNamedRow(db: Kysely<Database>, table: NamedTable, id: number) {
  return db.selectFrom(table).select([...NAMED_COLUMNS]).where('id', '=', id).executeTakeFirst();
}

/** Is the name (whatever its case) another row's than `exceptId`? */
export async function namedNameTaken(db: Kysely<Database>, table: NamedTable, name: string, exceptId: number) {
  return !!(await db.selectFrom(table).select('id').where('name_key', '=', nameKey(name)).where('id', '<>', exceptId).executeTakeFirst());
}

/**
 * Renames a row and sets its status, only while it still has the form's `expected` version when one is
 * given (db/versions.ts); answers the row's new version. A unique violation when another row took the
 * name meanwhile.
 */
export async function updateNamedRow(db: Kysely<Database>, table: NamedTable, id: number, values: { name: string; status: string }, expected?: string) {
  return updateChecked(db, table, id, { name: values.name, name_key: nameKey(values.name), status: values.status }, expected);
}

/** Deletes a row, with `beforehand` (the rows that point at it) in the same transaction. */
export async function deleteNamedRow(db: Kysely<Database>, table: NamedTable, id: number, beforehand?: (trx: Kysely<Database>, id: number) => Promise<void>) {
  await db.transaction().execute(async (trx) => {
    await beforehand?.(trx, id);
    await trx.deleteFrom(table).where('id', '=', id).execute();
  });
}
