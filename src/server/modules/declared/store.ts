// The records of a plain resource (a declaration with `storage`), in the table its fields describe. The
// table is made, and changed with its fields, by generated migrations (plan.ts, db/declaredSteps.ts,
// scripts/declared-migrations.ts), whose column types and index names come from here. A list's search
// looks into `search_text`, the folded text of the searchable fields written with each record. A table
// of the spec's hand-written migrations (`storage.migrations`: categories, tags, …) is served the same way,
// its list searched through its trigram index and its unique key its name_key (nameKey).
/* eslint-disable @typescript-eslint/no-explicit-any -- the table is known from the declaration, not from the schema's types */
import { recordChanged, stampAfter } from '@server/db/versions';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { SEARCH_TEXT } from '@server/db/declaredSteps';
import { foldText, nameKey, slugify } from '@shared/text';
import { englishMessage } from '@shared/validation/messages';
import { type DeclaredField, searchedFields, typedFields, uniqueField } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/index';
import { isUniqueViolation, now } from '@server/db/index';
import { escapeLike } from '@server/db/search';
import { conflict } from '@server/http/errors';
import { sanitizeRichText } from '@server/http/sanitize';
import { isoDay, isoMoment, yesNo } from '@shared/resources/values';
import { answeredRow, referencedResource, refuseDangling, refuseReferenced } from './values';

/** Field types kept in an integer column: a number, a reference's id and a yes/no as 0/1 (on both databases). */
const INTEGER_TYPES: ReadonlySet<string> = new Set(['number', 'reference', 'boolean']);

/**
 * The column type of a field: an integer for the types above, else text (a day as 'YYYY-MM-DD' and a
 * moment as ISO-8601 in UTC, which sort in time order as text; an image's /uploads/ path).
 */
export const columnType = (field: DeclaredField) => (INTEGER_TYPES.has(field.type) ? 'integer' : 'text');
/** The fields kept as columns (the id is the table's key). */
export const storedFields = (resource: ResourceDeclaration) => typedFields(resource).filter((f) => f.type !== 'id');

/** The column that keeps a `unique` field's folded value (case and accents aside), under a unique index. */
export const keyColumn = (column: string) => `${column}_key`;
export const uniqueIndex = (table: string, column: string) => `${table}_${keyColumn(column)}`;
/** A sort's index: each sort walks an index of its column with the id as tie-breaker (db/list.ts). */
export const sortIndex = (table: string, column: string) => `${table}_${column}_sort`;

/** Is the table made by the hand-written migrations (searched through its index, keyed by nameKey)? */
export const handWritten = (resource: ResourceDeclaration) => resource.storage?.migrations === 'hand-written';
/** The folded value a `unique` field's key column holds: case aside on the hand-written tables, accents too elsewhere. */
export const keyOf = (resource: ResourceDeclaration) => (handWritten(resource) ? nameKey : foldText);

/** Rows that point at a record and go (or are cleared) with it, in the delete's transaction. */
export type Beforehand = (trx: Kysely<any>, id: number) => Promise<void>;

export function tableOf(resource: ResourceDeclaration): string {
  if (!resource.storage) throw new Error(`${resource.name} declares no storage`);
  return resource.storage.table;
}

/** The condition "the record holds `term`" (a substring of a searchable field, folded as the stored text). */
export const holdsTerm = (term: string) => sql<boolean>`${sql.ref(SEARCH_TEXT)} LIKE ${`%${escapeLike(foldText(term))}%`} ESCAPE '\\'`;

/**
 * The form's values as they are stored, keeping the declaration's promises: rich text through the same
 * allow-list as the content pages (nothing stored can run in a staff browser), a yes/no as 1/0, a day and
 * a moment in their ISO form. (A blank slug is made by the store, which knows the slugs taken: withSlug.)
 */
export function storedValues(resource: ResourceDeclaration, values: Record<string, unknown>): Record<string, unknown> {
  const stored = { ...values };
  for (const field of typedFields(resource)) {
    const value = stored[field.name];
    if (field.type === 'richText' && typeof value === 'string') stored[field.name] = sanitizeRichText(value);
    if (field.type === 'boolean' && value !== undefined && value !== null) stored[field.name] = yesNo(value) ? 1 : 0;
    if (field.type === 'date' && typeof value === 'string') stored[field.name] = isoDay(value) ?? value;
    if (field.type === 'dateTime' && typeof value === 'string') stored[field.name] = isoMoment(value) ?? value;
  }
  return stored;
}

/**
 * The values with a slug left blank ('' sent, or none on a new record) made from the record's title, its
 * first text field (the resource's name for a title without letters): the first of root, root-2, root-3…
 * that no other record holds. The unique index still decides between two saves at the same moment.
 */
async function withSlug(q: Kysely<any>, resource: ResourceDeclaration, values: Record<string, unknown>, record?: { id: number; row: Record<string, unknown> }) {
  const fields = typedFields(resource);
  const slug = fields.find((f) => f.type === 'slug');
  const sent = slug && values[slug.name];
  if (!slug || !(sent === '' || (!record && sent === undefined))) return values;
  const title = fields.find((f) => f.type === 'text');
  const titled = title ? (values[title.name] ?? record?.row[title.name]) : undefined;
  const root = slugify(String(titled ?? '')) || resource.name;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? root : `${root}-${n}`;
    let taken = q.selectFrom(tableOf(resource)).select('id').where(slug.name, '=', candidate);
    if (record) taken = taken.where('id', '<>', record.id);
    if (!(await taken.executeTakeFirst())) return { ...values, [slug.name]: candidate };
  }
}

/** What a write stores beside the form's values: the search text, a unique field's key, the time of the change. */
export function written(resource: ResourceDeclaration, values: Record<string, unknown>, stamp: string) {
  const unique = uniqueField(resource);
  const key = unique && typeof values[unique.name] === 'string' ? { [keyColumn(unique.name)]: keyOf(resource)(values[unique.name] as string) } : {};
  // a hand-written table's search index is kept by its triggers (db/search.ts)
  if (handWritten(resource)) return { ...key, updated_at: stamp };
  const searched = searchedFields(resource).map((f) => values[f.name] ?? '');
  return { [SEARCH_TEXT]: foldText(searched.join(' ')), ...key, updated_at: stamp };
}

/** The refusal of taken values: a 409 naming them (the form's `duplicates` text), they beside it. */
export type TakenRefusal = (names: string[]) => Error;
const takenRefusal: TakenRefusal = (names) => conflict(englishMessage('recordDuplicates', { names: names.join(', ') }), { duplicates: names });

/** A write refused by the unique index: `refuse` names the taken value. */
async function refusingTaken<T>(resource: ResourceDeclaration, values: Record<string, unknown>, refuse: TakenRefusal, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const unique = uniqueField(resource);
    if (!unique || !isUniqueViolation(e)) throw e;
    throw refuse([String(values[unique.name] ?? '')]);
  }
}

/**
 * The records of `resource`. `registry`: the declared resources its reference fields may name (checked
 * here, at start-up); `refuseTaken`: the refusal of a unique field's taken value (the resource's own text).
 */
export function declaredStore(
  db: Kysely<any>,
  resource: ResourceDeclaration,
  { registry = [resource], refuseTaken = takenRefusal }: { registry?: readonly ResourceDeclaration[]; refuseTaken?: TakenRefusal } = {},
) {
  const table = tableOf(resource);
  for (const field of typedFields(resource).filter((f) => f.type === 'reference')) referencedResource(field, registry);
  // yes/no columns (0/1) answered as true/false
  const answered = answeredRow(resource);
  // a record as the answers show it: the typed fields and its version, no search text
  const columns = [...new Set([...typedFields(resource).map((f) => f.name), 'updated_at'])];
  const rowOf = async (q: Kysely<any>, id: number) => answered((await q.selectFrom(table).select(columns).where('id', '=', id).executeTakeFirst()) as Record<string, unknown> | undefined);
  const one = (id: number) => rowOf(db, id);
  return {
    table,
    columns,
    /** a listed row as the API answers it (answerList's shape) */
    answered,
    /** the list's rows before its search, order and page (db/list.ts runListQuery) */
    listed: () => db.selectFrom(table),
    select: (qb: SelectQueryBuilder<any, any, object>) => qb.select(columns),
    one,
    /** Does a record (other than `exceptId`) hold `value` in `column`? */
    async holding(column: string, value: unknown, exceptId?: number) {
      let q = db.selectFrom(table).select('id').where(column, '=', value);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return !!(await q.executeTakeFirst());
    },
    async insert(form: Record<string, unknown>) {
      const stamp = now();
      const values = await withSlug(db, resource, storedValues(resource, form));
      await refuseDangling(db, resource, registry, values);
      return refusingTaken(resource, values, refuseTaken, async () =>
        (await db
          .insertInto(table)
          .values({ ...values, ...written(resource, values, stamp), created_at: stamp })
          .returning(columns)
          .executeTakeFirstOrThrow()
          .then(answered)) as Record<string, unknown>,
      );
    },
    /**
     * The record as it was and as it is now, or undefined when there is no such record. With `expected`
     * (the version its form was opened on) only a record that still has it is written (db/versions.ts).
     */
    async update(id: number, form: Record<string, unknown>, expected?: string) {
      const sent = storedValues(resource, form);
      await refuseDangling(db, resource, registry, sent);
      return refusingTaken(resource, sent, refuseTaken, () => db.transaction().execute(async (trx) => {
        const before = await rowOf(trx, id);
        if (!before) return undefined;
        const values = await withSlug(trx, resource, sent, { id, row: before });
        // the search text is made of the record as it ends up, the fields the form left out included
        const merged = { ...before, ...values };
        let update = trx
          .updateTable(table)
          .set({ ...values, ...written(resource, merged, stampAfter(expected)) })
          .where('id', '=', id);
        if (expected !== undefined) update = update.where('updated_at', '=', expected);
        const after = answered((await update.returning(columns).executeTakeFirst()) as Record<string, unknown> | undefined);
        if (!after) throw recordChanged();
        return { before, after };
      }));
    },
    /**
     * Adds the rows in one transaction, in their order, each with its own stamp's values. The unique key
     * decides, so two staff adding one value at once cannot both win: a row whose value is taken is
     * answered among the `duplicates` (the unique field's values), not added.
     */
    async insertRows(forms: Record<string, unknown>[]) {
      const stamp = now();
      const unique = uniqueField(resource);
      const created: Record<string, unknown>[] = [];
      const duplicates: string[] = [];
      await db.transaction().execute(async (trx) => {
        for (const form of forms) {
          const values = await withSlug(trx, resource, storedValues(resource, form));
          await refuseDangling(trx, resource, registry, values);
          let insert = trx.insertInto(table).values({ ...values, ...written(resource, values, stamp), created_at: stamp });
          if (unique) insert = insert.onConflict((oc) => oc.column(keyColumn(unique.name)).doNothing());
          const row = answered((await insert.returning(columns).executeTakeFirst()) as Record<string, unknown> | undefined);
          if (row) created.push(row);
          else duplicates.push(String(values[unique!.name]));
        }
      });
      return { created, duplicates };
    },
    /**
     * The record deleted (with what goes with it, `beforehand`), or undefined when there was none; a record
     * another one references is a 409.
     */
    async remove(id: number, beforehand?: Beforehand) {
      return db.transaction().execute(async (trx) => {
        const before = await rowOf(trx, id);
        if (!before) return undefined;
        await refuseReferenced(trx, resource, registry, id);
        await beforehand?.(trx, id);
        await trx.deleteFrom(table).where('id', '=', id).execute();
        return before;
      });
    },
  };
}
