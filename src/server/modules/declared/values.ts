// The values of a declared resource's yes/no, reference and image fields between the API and the table:
// a yes/no is kept as 0/1 (an integer column on both databases, so one sort and one index serve SQLite
// and PostgreSQL alike) and answered as true/false; a reference must name a record that exists and an
// image a file the upload call stored, else the save is a 400 naming the field (and a record still
// referenced is not deleted: a 409); a picture no record shows
// any more is removed from the store.
/* eslint-disable @typescript-eslint/no-explicit-any -- the tables are known from the declarations, not from the schema's types */
import type { Kysely } from 'kysely';
import { englishMessage } from '@shared/validation/messages';
import type { DeclaredField } from '@shared/resources/fields';
import { typedFields } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/index';
import { badRequest, conflict } from '@server/http/errors';
import { afterCommit } from '@server/db/ambient';
import { isUploadOfKind } from '@server/uploads/names';
import type { ImageStorage } from '@server/uploads/storage';

/** The upload folder of the declared resources' images (uploads/names.ts). */
export const DECLARED_IMAGES = 'declared';

const ofType = (resource: ResourceDeclaration, type: DeclaredField['type']) => typedFields(resource).filter((f) => f.type === type);

/** A row as the API answers it: its yes/no columns (0/1) as true/false, null kept. */
export function answeredRow(resource: ResourceDeclaration): <R extends Record<string, unknown> | undefined>(row: R) => R {
  const names = ofType(resource, 'boolean').map((f) => f.name);
  return (row) => {
    if (!row || !names.length) return row;
    const shown: Record<string, unknown> = { ...row };
    for (const name of names) if (typeof shown[name] === 'number') shown[name] = shown[name] !== 0;
    return shown as typeof row;
  };
}

/** The declared resource a reference field names: one with storage among `registry` (a start-up error otherwise). */
export function referencedResource(field: DeclaredField, registry: readonly ResourceDeclaration[]): ResourceDeclaration & { storage: { table: string } } {
  const target = registry.find((r) => r.name === field.reference);
  if (!target?.storage) throw new Error(`the reference field ${field.name} names "${field.reference}", which is no declared resource with storage`);
  return target as ResourceDeclaration & { storage: { table: string } };
}

/** Refuses (400, the field named) a reference to no record and an image that is no upload of the declared resources. */
export async function refuseDangling(db: Kysely<any>, resource: ResourceDeclaration, registry: readonly ResourceDeclaration[], values: Record<string, unknown>) {
  const refuse = (field: DeclaredField, message: string) => badRequest(message, { [field.name]: message });
  for (const field of ofType(resource, 'image')) {
    const url = values[field.name];
    if (typeof url === 'string' && !isUploadOfKind(url, 'declared')) throw refuse(field, englishMessage('imageNotStored', { field: field.name }));
  }
  for (const field of ofType(resource, 'reference')) {
    const id = values[field.name];
    if (typeof id !== 'number') continue;
    const target = referencedResource(field, registry);
    const found = await db.selectFrom(target.storage.table).select('id').where('id', '=', id).executeTakeFirst();
    if (!found) throw refuse(field, englishMessage('referenceMissing', { field: field.name, resource: target.name, id }));
  }
}

/** The reference fields of `registry` that name `resource`, each with its own resource. */
export const referencesTo = (resource: ResourceDeclaration, registry: readonly ResourceDeclaration[]) =>
  registry.flatMap((other) => (other.storage ? ofType(other, 'reference').filter((f) => f.reference === resource.name).map((field) => ({ other, field })) : []));

/** Refuses (409) to delete a record that a reference field of a declared resource still names (no dangling references). */
export async function refuseReferenced(db: Kysely<any>, resource: ResourceDeclaration, registry: readonly ResourceDeclaration[], id: number) {
  for (const { other, field } of referencesTo(resource, registry)) {
    const found = await db.selectFrom(other.storage!.table).select('id').where(field.name, '=', id).limit(1).executeTakeFirst();
    if (found) throw conflict(englishMessage('recordReferenced', { resource: other.name, field: field.name }));
  }
}

/**
 * Removes, once the change under way has committed, the pictures `before` showed that `after` (the record
 * as saved; none when deleted) no longer does, each unless a record of a declared resource still shows it.
 */
export async function dropUnshownImages(
  ctx: { db: Kysely<any>; storage: ImageStorage },
  registry: readonly ResourceDeclaration[],
  resource: ResourceDeclaration,
  before: Record<string, unknown>,
  after?: Record<string, unknown>,
) {
  const dropped = ofType(resource, 'image').map((f) => before[f.name]).filter((url): url is string => typeof url === 'string' && url !== '' && !Object.values(after ?? {}).includes(url));
  for (const url of new Set(dropped)) {
    await afterCommit(async () => {
      for (const other of registry.filter((r) => r.storage)) {
        const columns = ofType(other, 'image').map((f) => f.name);
        if (!columns.length) continue;
        const shown = await ctx.db.selectFrom(other.storage!.table).select('id').where((eb) => eb.or(columns.map((c) => eb(c, '=', url)))).limit(1).executeTakeFirst();
        if (shown) return;
      }
      await ctx.storage.remove(url);
    });
  }
}
