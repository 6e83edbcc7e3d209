// A desk decision on a case (issue 34), on a ladder: dismiss (no violation), warn the author (a mail),
// hide the content (the spec's hide), suspend the author for some days (Inactive until then, sessions
// ended at once; suspensions.ts restores them), ban the author (Inactive). Exactly one decision per
// case: the case leaves 'open' in a conditional UPDATE, so of two moderators (on any replica) one
// moves it and the other is told who decided what. The effect, the reports' outcome and the audit
// entries (the case's and its target's) commit together; the mail goes after the commit.
import type { Selectable } from 'kysely';
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import type { ModerationCasesTable } from '@server/db/schema';
import { badRequest, conflict, forbidden, notFound } from '@server/http/errors';
import { englishMessage } from '@shared/validation/messages';
import { isModerationTarget } from '@shared/access';
import { atomically, writeAudit } from '../audit/trail';
import { applyCommentStatus, applyPostStatus, applyUserStatus, type TargetChange } from '../reports/service';
import { newAppealLink } from './appealLinks';
import { type Decision, moveCase, outcomeOf, refreshAfterDecision, resolveCaseReports } from './caseWrites';
import { assertMayAct, CASE_NOT_FOUND, freeFor } from './claims';
import { contentIn, momentIn, type Recipient, sendDeskMail } from './mails';

export type CaseRecord = Selectable<ModerationCasesTable>;

export interface DecisionInput {
  action: Decision;
  reason: string;
  message?: string | null;
  days?: number;
  /** the case's version the moderator saw */
  version: number;
}

/** The case's target as its trail and its mails name it, and the person behind it (the author, or the user). */
export interface CaseTarget {
  entity: string;
  authorId: number | null;
  author: (Recipient & { id: number; user_type: string }) | null;
}

export async function findCaseRecord(ctx: AppContext, caseId: number): Promise<CaseRecord> {
  const c = await ctx.db.selectFrom('moderation_cases').selectAll().where('id', '=', caseId).executeTakeFirst();
  if (!c) throw notFound(CASE_NOT_FOUND);
  return c;
}

export async function targetOf(ctx: AppContext, c: CaseRecord): Promise<CaseTarget> {
  let entity = c.kind;
  let authorId: number | null = c.author_id;
  if (c.kind === 'post') {
    const post = await ctx.db.selectFrom('posts').select(['type', 'user_id']).where('id', '=', c.target_id).executeTakeFirst();
    entity = post?.type ?? 'post';
    authorId = post?.user_id ?? authorId;
  } else if (c.kind === 'comment') {
    authorId = (await ctx.db.selectFrom('comments').select('user_id').where('id', '=', c.target_id).executeTakeFirst())?.user_id ?? authorId;
  } else authorId = c.target_id;
  const author =
    authorId === null
      ? undefined
      : await ctx.db.selectFrom('users').select(['id', 'name', 'email', 'user_type', 'preferences']).where('id', '=', authorId).executeTakeFirst();
  return { entity, authorId, author: author ?? null };
}

/** The 409 of a decision that came second: who decided, and what. */
async function alreadyDecided(ctx: AppContext, c: CaseRecord) {
  const by = c.decided_by === null ? undefined : await ctx.db.selectFrom('users').select(['id', 'name']).where('id', '=', c.decided_by).executeTakeFirst();
  const name = by?.name ?? (c.decided_by === null ? 'a report button' : `User #${c.decided_by}`);
  const decision = {
    action: c.decision,
    reason: c.decision_reason,
    message: c.decision_message,
    suspend_days: c.suspend_days,
    suspended_until: c.suspended_until,
    by: c.decided_by === null ? null : { id: c.decided_by, name: by?.name ?? null },
    at: c.decided_at,
  };
  return conflict(englishMessage('caseAlreadyDecided', { name, action: c.decision ?? '' }), { decision });
}

/** Refuses what the decision cannot be for this case before anything is written. */
function checkDecision(c: CaseRecord, target: CaseTarget, input: DecisionInput) {
  if (input.action === 'suspend' && input.days === undefined) throw badRequest(englishMessage('suspendDaysRequired'), { days: englishMessage('suspendDaysRequired') });
  if (input.action !== 'suspend' && input.days !== undefined) throw badRequest(englishMessage('daysOnlyForSuspend'), { days: englishMessage('daysOnlyForSuspend') });
  if (input.action === 'hide' && c.kind === 'user') throw badRequest(englishMessage('hideNeedsContent'), { action: englishMessage('hideNeedsContent') });
  if (input.action === 'dismiss' || input.action === 'hide') return;
  // warn, suspend and ban act on a person: a product user, never a staff account (as the spec's buttons)
  if (!target.author) throw notFound(englishMessage('caseAuthorGone'));
  if (!isModerationTarget(target.author)) throw forbidden(englishMessage('staffNotModerated'));
}

/** What a decision does to its target, undone by `undoEffect`. */
async function applyEffect(ctx: AppContext, c: CaseRecord, target: CaseTarget, action: Decision, suspendedUntil: string | null): Promise<TargetChange | null> {
  switch (action) {
    case 'hide':
      return c.kind === 'post' ? applyPostStatus(ctx, c.target_id, 'Inactive') : applyCommentStatus(ctx, c.target_id, 'Inactive');
    case 'suspend':
    case 'ban':
      return applyUserStatus(ctx, target.authorId!, 'Inactive', suspendedUntil);
    default:
      return null;
  }
}

/** A reversed appeal: the hidden content shown again, the suspended or banned author Active again. */
export async function undoEffect(ctx: AppContext, c: CaseRecord, target: CaseTarget): Promise<TargetChange | null> {
  switch (c.decision) {
    case 'hide':
      return c.kind === 'post' ? applyPostStatus(ctx, c.target_id, 'Active') : applyCommentStatus(ctx, c.target_id, 'Active');
    case 'suspend':
    case 'ban':
      return target.author ? applyUserStatus(ctx, target.author.id, 'Active') : null;
    default:
      return null;
  }
}

/**
 * The records whose History shows a decision on the case: its target, and the author too when the
 * decision acted on them (warned, suspended, banned) for their content.
 */
export const onTarget = (c: CaseRecord, target: CaseTarget, action: string | null): [string, number][] => {
  const onAuthor = c.kind !== 'user' && target.authorId !== null && (action === 'warn' || action === 'suspend' || action === 'ban');
  return [[target.entity, c.target_id], ...(onAuthor ? [['user', target.authorId!] as [string, number]] : [])];
};

/**
 * Decides case `caseId` as `actorId`; answers the mail to send once the change has committed (null:
 * nothing to tell, a dismissal). 404 no case; 409 decided already (by whom, what), held by someone
 * else, or changed since the moderator saw it; 400/403 a decision that does not fit the case.
 */
export async function decideCase(ctx: AppContext, actorId: number, caseId: number, input: DecisionInput): Promise<(() => Promise<unknown>) | null> {
  const decided = await atomically(ctx, async () => {
    const c = await findCaseRecord(ctx, caseId);
    if (c.status !== 'open') throw await alreadyDecided(ctx, c);
    await assertMayAct(ctx, caseId, actorId);
    const target = await targetOf(ctx, c);
    checkDecision(c, target, input);
    const at = now();
    const suspendedUntil = input.action === 'suspend' ? new Date(Date.parse(at) + input.days! * 86_400_000).toISOString() : null;
    const link = input.action === 'dismiss' ? null : newAppealLink(ctx, new Date(at));
    const after = {
      status: 'decided',
      decision: input.action,
      decision_reason: input.reason,
      decision_message: input.message || null,
      suspend_days: input.days ?? null,
      suspended_until: suspendedUntil,
    };
    const moved = await moveCase(
      ctx,
      caseId,
      'open',
      { ...after, decided_by: actorId, decided_at: at, appeal_token_hash: link?.hash ?? null, appeal_until: link?.until ?? null },
      { version: input.version, free: freeFor(ctx, actorId) },
    );
    if (!moved) {
      const again = await findCaseRecord(ctx, caseId);
      if (again.status !== 'open') throw await alreadyDecided(ctx, again);
      await assertMayAct(ctx, caseId, actorId);
      throw conflict(englishMessage('recordChanged'));
    }
    const change = await applyEffect(ctx, c, target, input.action, suspendedUntil);
    await resolveCaseReports(ctx, caseId, outcomeOf(input.action), at);
    const effect = change ? { before: { status: change.before }, after: { status: 'Inactive' } } : {};
    await writeAudit(ctx, [
      { actorId, action: 'moderation_decide', entity: 'moderation_case', entityId: caseId, detail: { before: { status: 'open' }, after } },
      ...onTarget(c, target, input.action).map(([entity, entityId]) => ({
        actorId,
        action: 'moderation_decide',
        entity,
        entityId,
        detail: { caseId, decision: input.action, reason: input.reason, ...effect },
      })),
    ]);
    await refreshAfterDecision(ctx, caseId);
    return { c, target, link, suspendedUntil };
  });
  const { c, target, link, suspendedUntil } = decided;
  if (!link || !target.author) return null;
  const author = target.author;
  return () =>
    sendDeskMail(ctx, `moderation-${input.action}`, author, (lang) => ({
      content: contentIn({ entity: target.entity, title: c.target_title, text: c.target_text }, lang),
      reason: input.reason,
      message: input.message ?? '',
      days: String(input.days ?? ''),
      until: suspendedUntil ? momentIn(suspendedUntil, lang) : '',
      link: link.url,
      appeal_until: momentIn(link.until, lang),
    }));
}
