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

/** Hides (Inactive) or restores (Active) a reported post. */
export async function setPostStatus(ctx: AppContext, actorId: number, postId: number, wanted: TargetStatus, reportId?: number): Promise<Outcome> {
  // the change, the reports that follow it and its entry in the trail commit together
  return ctx.db.transaction().execute(async () => {
    const post = await ctx.db.selectFrom('posts').select(['id', 'type', 'deleted_at']).where('id', '=', postId).executeTakeFirst();
    if (!post) throw notFound();
    const before = statusOfDeleted(post.deleted_at);
    if (before !== wanted) {
      await ctx.db
        .updateTable('posts')
        .set({ deleted_at: wanted === 'Inactive' ? now() : null, updated_at: now() })
        .where('id', '=', postId)
        .execute();
      // an itinerary is audited as one (its history and its page are the itinerary's)
      await audit(ctx, actorId, 'moderate', post.type, postId, { reportId, before, after: wanted });
    }
    await markReports(ctx, 'post_id', postId, 'post', wanted);
    return { status: wanted, changed: before !== wanted };
  });
}

/** Hides (Inactive) or restores (Active) a reported comment. */
export async function setCommentStatus(ctx: AppContext, actorId: number, commentId: number, wanted: TargetStatus, reportId?: number): Promise<Outcome> {
  // the change, the reports that follow it and its entry in the trail commit together
  return ctx.db.transaction().execute(async () => {
    const comment = await ctx.db.selectFrom('comments').select(['id', 'deleted_at']).where('id', '=', commentId).executeTakeFirst();
    if (!comment) throw notFound();
    const before = statusOfDeleted(comment.deleted_at);
    if (before !== wanted) {
      await ctx.db.updateTable('comments').set({ deleted_at: wanted === 'Inactive' ? now() : null }).where('id', '=', commentId).execute();
      await audit(ctx, actorId, 'moderate', 'comment', commentId, { reportId, before, after: wanted });
    }
    await markReports(ctx, 'comment_id', commentId, 'comment', wanted);
    return { status: wanted, changed: before !== wanted };
  });
}

/** Sets a reported user Active or Inactive; an Inactive user's sessions end. */
export async function setUserStatus(ctx: AppContext, actorId: number, userId: number, wanted: TargetStatus, reportId?: number): Promise<Outcome> {
  // the change, the reports that follow it and its entry in the trail commit together
  return ctx.db.transaction().execute(async () => {
    const user = await ctx.db.selectFrom('users').select(['id', 'status', 'user_type']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound();
    if (!isModerationTarget(user)) throw forbidden(englishMessage('staffNotModerated'));
    const changed = user.status !== wanted;
    if (changed) {
      await ctx.db.updateTable('users').set({ status: wanted, updated_at: now() }).where('id', '=', userId).execute();
      if (wanted === 'Inactive') await ctx.tokens.endSessions(userId);
      await audit(ctx, actorId, 'moderate', 'user', userId, { reportId, before: user.status, after: wanted });
    }
    await markReports(ctx, 'other_user_id', userId, 'user', wanted);
    return { status: wanted, changed };
  });
}
