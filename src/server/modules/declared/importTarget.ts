// The CSV import of a plain resource (issue 35, modules/import/): a row is its create form (recordSchema,
// the dialog's rules and messages), stored as a save stores it (the module's `stored`, storedValues), and
// matched by its unique field's key, as the list's duplicates are.
/* eslint-disable @typescript-eslint/no-explicit-any -- the table is known from the declaration, not from the schema's types */
import type { Kysely } from 'kysely';
import { formFields, recordSchema, uniqueField } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/index';
import { auditEntityOf } from '@shared/audit';
import { now } from '@server/db/index';
import type { ImportTarget, MatchedRecord } from '../import/target';
import { type DeclaredServerPart, storedByPart } from './serverPart';
import { keyColumn, keyOf, storedValues, tableOf, written } from './store';
import { answeredRow } from './values';

export function declaredImportTarget(db: Kysely<any>, resource: ResourceDeclaration, part: DeclaredServerPart = {}): ImportTarget {
  const table = tableOf(resource);
  const unique = uniqueField(resource);
  if (!unique || resource.import?.match !== unique.name) throw new Error(`${resource.name}: an import matches by the unique field`);
  const key = keyColumn(unique.name);
  const folded = keyOf(resource);
  const answered = answeredRow(resource);
  const fields = formFields(resource).map((f) => f.name);
  const columns = ['id', ...fields, 'created_at', 'updated_at'];
  return {
    resource,
    entity: auditEntityOf(resource.name),
    // a file row is a row of the add dialog (its blank-row messages)
    schema: recordSchema(resource, true).transform((values) => storedValues(resource, storedByPart(part, values))),
    updatable: fields,
    keyOf: (values) => folded(String(values[unique.name])),
    async matched(keys) {
      const rows = await db.selectFrom(table).select([...columns, key]).where(key, 'in', [...keys]).execute();
      return new Map(rows.map((row): [string, MatchedRecord] => [String(row[key]), { id: Number(row.id), row: answered(row)! }]));
    },
    async create(rows) {
      const stamp = now();
      const inserted = await db
        .insertInto(table)
        .values(rows.map((values) => ({ ...values, ...written(resource, values, stamp), created_at: stamp })))
        .returning(columns)
        .execute();
      return inserted.map((row) => answered(row)!);
    },
    async update(id, changes, before) {
      await db.updateTable(table).set({ ...changes, ...written(resource, { ...before, ...changes }, now()) }).where('id', '=', id).execute();
    },
  };
}
