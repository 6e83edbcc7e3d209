// Moderation with real effects: a reported post or comment is hidden (deleted_at) or restored, a
// reported product user set Inactive or Active (staff accounts never). Each function sets the status it
// is given, so a replayed call changes nothing; every change is written to the audit log.
import type { Kysely } from 'kysely';
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import type { Database } from '@server/db/schema';
import { isModerationTarget } from '@shared/access';
import { englishMessage } from '@shared/validation/messages';
import { forbidden, notFound } from '@server/http/errors';
import { audit } from '../audit/trail';
import { type CaseKind, closeOpenCase } from '../moderation/caseWrites';

export const TARGET_STATUSES = ['Active', 'Inactive'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

export interface Outcome {
  /** the target's status after the call */
  status: TargetStatus;
  /** false when it already had the wanted status (a replay) */
  changed: boolean;
}

export const opposite = (status: TargetStatus): TargetStatus => (status === 'Active' ? 'Inactive' : 'Active');

/** A report's type and the target it points at, or undefined. */
export async function findReportById(db: Kysely<Database>, id: number) {
  return db.selectFrom('reports').select(['id', 'type', 'post_id', 'comment_id', 'other_user_id']).where('id', '=', id).executeTakeFirst();
}

/** A report of type user on the given user, or undefined when nobody reported it. */
export async function findUserReport(db: Kysely<Database>, userId: number) {
  return db.selectFrom('reports').select('id').where('type', '=', 'user').where('other_user_id', '=', userId).executeTakeFirst();
}

/** A post's moderation status now (404 when there is no such post). */
export async function postStatus(ctx: AppContext, postId: number): Promise<TargetStatus> {
  const post = await ctx.db.selectFrom('posts').select('deleted_at').where('id', '=', postId).executeTakeFirst();
  if (!post) throw notFound();
  return statusOfDeleted(post.deleted_at);
}

/** A post's or comment's status: hidden ones (deleted_at) are Inactive. */
export const statusOfDeleted = (deletedAt: string | null): TargetStatus => (deletedAt ? 'Inactive' : 'Active');

/** Keeps the reports' userStatusByAdmin in step with their target. */
async function markReports(ctx: AppContext, column: 'post_id' | 'comment_id' | 'other_user_id', id: number, type: string, status: TargetStatus) {
  await ctx.db
    .updateTable('reports')
    .set({ user_status_by_admin: status, status: 'Resolved', updated_at: now() })
    .where(column, '=', id)
    .where('type', '=', type)
    .execute();
}

/** What a status change did to its target: the kind of record it is audited as, and its status before. */
export interface TargetChange {
  entity: string;
  before: TargetStatus;
  changed: boolean;
}

/**
 * Hides (Inactive) or restores (Active) a post, nothing more: its reports and its audit entry are the
 * caller's (a spec button's or a desk decision's, modules/moderation/).
 */
export async function applyPostStatus(ctx: AppContext, postId: number, wanted: TargetStatus): Promise<TargetChange> {
  const post = await ctx.db.selectFrom('posts').select(['id', 'type', 'deleted_at']).where('id', '=', postId).executeTakeFirst();
  if (!post) throw notFound();
  const before = statusOfDeleted(post.deleted_at);
  if (before !== wanted) {
    await ctx.db
      .updateTable('posts')
      // made Active, a deleted post is out of the Trash as well (migration 040)
      .set(wanted === 'Inactive' ? { deleted_at: now(), updated_at: now() } : { deleted_at: null, trashed_at: null, trashed_by: null, updated_at: now() })
      .where('id', '=', postId)
      .execute();
  }
  // an itinerary is audited as one (its history and its page are the itinerary's)
  return { entity: post.type, before, changed: before !== wanted };
}

/** Hides (Inactive) or restores (Active) a comment, nothing more (applyPostStatus). */
export async function applyCommentStatus(ctx: AppContext, commentId: number, wanted: TargetStatus): Promise<TargetChange> {
  const comment = await ctx.db.selectFrom('comments').select(['id', 'deleted_at']).where('id', '=', commentId).executeTakeFirst();
  if (!comment) throw notFound();
  const before = statusOfDeleted(comment.deleted_at);
  if (before !== wanted) await ctx.db.updateTable('comments').set({ deleted_at: wanted === 'Inactive' ? now() : null }).where('id', '=', commentId).execute();
  return { entity: 'comment', before, changed: before !== wanted };
}

/**
 * Sets a product user Active or Inactive (staff accounts never), nothing more (applyPostStatus): an
 * Inactive user's sessions end. `suspendedUntil`: Inactive until then (the suspension sweep restores
 * them); a change of status otherwise ends any suspension, so a ban is not lifted by the sweep.
 */
export async function applyUserStatus(ctx: AppContext, userId: number, wanted: TargetStatus, suspendedUntil: string | null = null): Promise<TargetChange> {
  const user = await ctx.db.selectFrom('users').select(['id', 'status', 'user_type']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound();
  if (!isModerationTarget(user)) throw forbidden(englishMessage('staffNotModerated'));
  const before = user.status as TargetStatus;
  if (before !== wanted || suspendedUntil) {
    await ctx.db.updateTable('users').set({ status: wanted, suspended_until: suspendedUntil, updated_at: now() }).where('id', '=', userId).execute();
    if (wanted === 'Inactive') await ctx.tokens.endSessions(userId);
  }
  return { entity: 'user', before, changed: before !== wanted };
}

/**
 * A spec button's change (spec §4): the target's status, its entry in the trail, its reports following
 * it, and its open desk case closed as decided, in one transaction.
 */
async function specButton(
  ctx: AppContext,
  actorId: number,
  target: { kind: CaseKind; id: number; column: 'post_id' | 'comment_id' | 'other_user_id' },
  wanted: TargetStatus,
  reportId: number | undefined,
  apply: () => Promise<TargetChange>,
): Promise<Outcome> {
  return ctx.db.transaction().execute(async () => {
    const change = await apply();
    if (change.changed) await audit(ctx, actorId, 'moderate', change.entity, target.id, { reportId, before: change.before, after: wanted });
    await markReports(ctx, target.column, target.id, target.kind, wanted);
    await closeOpenCase(ctx, actorId, target.kind, target.id, wanted);
    return { status: wanted, changed: change.changed };
  });
}

/** Hides (Inactive) or restores (Active) a reported post. */
export const setPostStatus = (ctx: AppContext, actorId: number, postId: number, wanted: TargetStatus, reportId?: number): Promise<Outcome> =>
  specButton(ctx, actorId, { kind: 'post', id: postId, column: 'post_id' }, wanted, reportId, () => applyPostStatus(ctx, postId, wanted));

/** Hides (Inactive) or restores (Active) a reported comment. */
export const setCommentStatus = (ctx: AppContext, actorId: number, commentId: number, wanted: TargetStatus, reportId?: number): Promise<Outcome> =>
  specButton(ctx, actorId, { kind: 'comment', id: commentId, column: 'comment_id' }, wanted, reportId, () => applyCommentStatus(ctx, commentId, wanted));

/** Sets a reported user Active or Inactive; an Inactive user's sessions end. */
export const setUserStatus = (ctx: AppContext, actorId: number, userId: number, wanted: TargetStatus, reportId?: number): Promise<Outcome> =>
  specButton(ctx, actorId, { kind: 'user', id: userId, column: 'other_user_id' }, wanted, reportId, () => applyUserStatus(ctx, userId, wanted));
