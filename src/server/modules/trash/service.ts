// Restoring deleted posts and itineraries (issue 35): from the Trash (Admins), or the Undo of one's own
// delete just made. A restore is a conditional UPDATE of a post still in the Trash, so two restores at
// once cannot both pass; a post hidden by moderation before it was deleted comes back hidden.
import { sql } from 'kysely';
import { englishMessage } from '@shared/validation/messages';
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import { conflict, notFound } from '@server/http/errors';
import { audit } from '../audit/trail';

/** How long after a delete its author may still undo it from the toast; later an Admin restores it from the Trash. */
export const UNDO_WINDOW_MS = 2 * 60 * 1000;

interface RestoreOptions {
  /** the Undo of the caller's own delete, within UNDO_WINDOW_MS */
  undo?: boolean;
}

/**
 * Takes one post out of the Trash and writes its 'restore' entry (call inside `atomically`): a 404 when it
 * is gone (its author's account was deleted, and its posts with it), a 409 when it is not in the Trash
 * (restored already) or, for an Undo, when the delete was another person's or is past the Undo's time.
 */
export async function restorePost(ctx: AppContext, actorId: number, id: number, { undo = false }: RestoreOptions = {}): Promise<{ type: string; title: string }> {
  let update = ctx.db
    .updateTable('posts')
    .set({
      // deleted_at still equal to the delete's own time: it was live before (else hidden, and stays so)
      deleted_at: sql`CASE WHEN deleted_at = trashed_at THEN NULL ELSE deleted_at END`,
      trashed_at: null,
      trashed_by: null,
      updated_at: now(),
    })
    .where('id', '=', id)
    .where('trashed_at', 'is not', null);
  if (undo) update = update.where('trashed_by', '=', actorId).where('trashed_at', '>=', new Date(Date.now() - UNDO_WINDOW_MS).toISOString());
  const done = await update.returning(['type', 'title']).executeTakeFirst();
  if (!done) {
    const post = await ctx.db.selectFrom('posts').select(['title', 'trashed_at']).where('id', '=', id).executeTakeFirst();
    if (!post) throw notFound(englishMessage('trashPostGone', { id }));
    throw conflict(englishMessage(post.trashed_at ? 'undoTooLate' : 'notInTrash', { title: post.title }));
  }
  await audit(ctx, actorId, 'restore', done.type, id, { title: done.title, ...(undo ? { undo: true } : {}) });
  return done;
}
