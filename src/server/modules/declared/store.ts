// The records of a plain resource (a declaration with `storage`), in the table its fields describe. The
// table is made at start-up from the declaration and gains a column for each field declared since, so a
// new plain resource needs no migration of its own. A list's search looks into `search_text`, the folded
// text of the searchable fields written with each record.
/* eslint-disable @typescript-eslint/no-explicit-any -- the table is known from the declaration, not from the schema's types */
import { recordChanged, stampAfter } from '../../db/versions';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { foldText } from '@shared/text';
import { type DeclaredField, searchedFields, typedFields } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/index';
import { type DialectName, now } from '../../db/index';
import { escapeLike } from '../../db/search';

/** The record's folded search text (the same fold the other lists' search indexes use). */
const SEARCH_TEXT = 'search_text';

const columnType = (field: DeclaredField) => (field.type === 'number' ? 'integer' : 'text');
/** The fields kept as columns (the id is the table's key). */
const storedFields = (resource: ResourceDeclaration) => typedFields(resource).filter((f) => f.type !== 'id');

export function tableOf(resource: ResourceDeclaration): string {
  if (!resource.storage) throw new Error(`${resource.name} declares no storage`);
  return resource.storage.table;
}

/** Makes the resource's table, or adds the columns of fields declared since; then its sort and search indexes. */
export async function ensureTable(db: Kysely<any>, dialect: DialectName, resource: ResourceDeclaration) {
  const table = tableOf(resource);
  const fields = storedFields(resource);
  const existing = (await db.introspection.getTables()).find((t) => t.name === table);
  if (!existing) {
    let create = db.schema
      .createTable(table)
      .ifNotExists()
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
    for (const f of fields) create = create.addColumn(f.name, columnType(f));
    await create.addColumn(SEARCH_TEXT, 'text', (c) => c.notNull().defaultTo('')).execute();
  } else {
    const have = new Set(existing.columns.map((c) => c.name));
    for (const f of fields) if (!have.has(f.name)) await db.schema.alterTable(table).addColumn(f.name, columnType(f)).execute();
    if (!have.has(SEARCH_TEXT)) await db.schema.alterTable(table).addColumn(SEARCH_TEXT, 'text', (c) => c.notNull().defaultTo('')).execute();
  }
  // each sort walks an index of its column with the id as tie-breaker (http/list.ts)
  for (const f of fields.filter((field) => field.sortable)) {
    await db.schema.createIndex(`${table}_${f.name}_sort`).ifNotExists().on(table).columns([f.name, 'id']).execute();
  }
  if (dialect === 'postgres') {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${table}_search`)} ON ${sql.table(table)} USING gin (${sql.ref(SEARCH_TEXT)} gin_trgm_ops)`.execute(db);
  }
}

/** The condition "the record holds `term`" (a substring of a searchable field, folded as the stored text). */
export const holdsTerm = (term: string) => sql<boolean>`${sql.ref(SEARCH_TEXT)} LIKE ${`%${escapeLike(foldText(term))}%`} ESCAPE '\\'`;

/** What a write stores beside the form's values: the search text of the record and the time of the change. */
function written(resource: ResourceDeclaration, values: Record<string, unknown>, stamp: string) {
  const searched = searchedFields(resource).map((f) => values[f.name] ?? '');
  return { [SEARCH_TEXT]: foldText(searched.join(' ')), updated_at: stamp };
}

export function declaredStore(db: Kysely<any>, resource: ResourceDeclaration) {
  const table = tableOf(resource);
  // a record as the answers show it: the typed fields, no search text
  const columns = typedFields(resource).map((f) => f.name);
  const rowOf = (q: Kysely<any>, id: number) => q.selectFrom(table).select(columns).where('id', '=', id).executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
  const one = (id: number) => rowOf(db, id);
  return {
    table,
    /** the list's rows before its search, order and page (http/list.ts runListQuery) */
    listed: () => db.selectFrom(table),
    select: (qb: SelectQueryBuilder<any, any, object>) => qb.select(columns),
    one,
    async insert(values: Record<string, unknown>) {
      const stamp = now();
      return (await db
        .insertInto(table)
        .values({ ...values, ...written(resource, values, stamp), created_at: stamp })
        .returning(columns)
        .executeTakeFirstOrThrow()) as Record<string, unknown>;
    },
    /**
     * The record as it was and as it is now, or undefined when there is no such record. With `expected`
     * (the version its form was opened on) only a record that still has it is written (db/versions.ts).
     */
    async update(id: number, values: Record<string, unknown>, expected?: string) {
      return db.transaction().execute(async (trx) => {
        const before = await rowOf(trx, id);
        if (!before) return undefined;
        // the search text is made of the record as it ends up, the fields the form left out included
        const merged = { ...before, ...values };
        let update = trx
          .updateTable(table)
          .set({ ...values, ...written(resource, merged, stampAfter(expected)) })
          .where('id', '=', id);
        if (expected !== undefined) update = update.where('updated_at', '=', expected);
        const after = (await update.returning(columns).executeTakeFirst()) as Record<string, unknown> | undefined;
        if (!after) throw recordChanged();
        return { before, after };
      });
    },
    /** The record deleted, or undefined when there was none. */
    async remove(id: number) {
      return db.transaction().execute(async (trx) => {
        const before = await rowOf(trx, id);
        if (before) await trx.deleteFrom(table).where('id', '=', id).execute();
        return before;
      });
    },
  };
}
