// An edit that changes nothing writes nothing: no new version (a colleague who opened the same version
// still saves) and no empty "Updated" entry in the record's History. Every edit route saves through
// saveEdit and writes its entry with auditEdit; the entry is where the changed fields are found
// (changes.ts), so when it would name none the whole save is rolled back and the route answers the
// record as it was. Written then rolled back, rather than compared first, so that one rule covers the
// edits whose effect is only known once written (a post's categories, tags and spot rows).
import { sameRecordKinds } from '@shared/audit';
import { englishMessage } from '@shared/validation/messages';
import type { AppContext } from '@server/context';
import { badRequest } from '@server/http/errors';
import { requestOrigin } from '@server/http/requestContext';
import { changedFields } from './changes';
import { atomically, audit } from './trail';

/** Thrown by auditEdit to roll back an edit that changed nothing. */
class NothingChanged extends Error {}

/** An edit's fields as they were (the whole record will do) and as the form sent them. */
export interface Edit {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Writes the 'update' entry of an edit inside saveEdit, or rolls the edit back when no field changed. */
export async function auditEdit(ctx: AppContext, actorId: number | null, entity: string, entityId: number, edit: Edit): Promise<void> {
  if (!changedFields(edit.before, edit.after).length) throw new NothingChanged();
  const revertOf = await revertedEntry(ctx, entity, entityId);
  if (revertOf === undefined) await audit(ctx, actorId, 'update', entity, entityId, edit);
  else await audit(ctx, actorId, 'revert', entity, entityId, { ...edit, revert_of: revertOf });
}

/**
 * The History entry a save restores the values of (the `X-Revert-Of` header of "Restore these values",
 * issue 35): the save itself is the record's normal one, its entry says which entry it reverts. An entry
 * of another record is a 400 (the save is rolled back).
 */
async function revertedEntry(ctx: AppContext, entity: string, entityId: number): Promise<number | undefined> {
  const named = requestOrigin()?.revertOf;
  if (named === undefined) return undefined;
  const refused = () => badRequest(englishMessage('revertNotOfRecord'));
  if (!/^\d{1,15}$/.test(named)) throw refused();
  const entry = await ctx.db.selectFrom('audit_log').select(['entity', 'entity_id']).where('id', '=', Number(named)).executeTakeFirst();
  if (!entry || !sameRecordKinds(entity).includes(entry.entity) || entry.entity_id !== String(entityId)) throw refused();
  return Number(named);
}

/**
 * Runs an edit's `save` and its entry (auditEdit) in one transaction, answering what `save` answers; an
 * edit that changed nothing is rolled back and answered `unchanged()` (the record as it was).
 */
export async function saveEdit<T>(ctx: AppContext, save: () => Promise<T>, unchanged: () => T | Promise<T>): Promise<T> {
  try {
    return await atomically(ctx, save);
  } catch (err) {
    if (err instanceof NothingChanged) return unchanged();
    throw err;
  }
}
