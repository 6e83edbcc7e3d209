// Appeals (issue 34): the person a decision was about writes one appeal through the mailed link
// (appealPage.ts), and a moderator other than the one who decided upholds or reverses it. A reversal
// undoes what was done (the content shown again, the account Active again) and turns the case's reports
// to dismissed; either way the person is mailed the outcome. Each step moves the case in a conditional
// UPDATE (an appeal leaves 'decided' once; its outcome leaves 'appealed' once), with its audit entries.
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import { conflict, forbidden } from '@server/http/errors';
import { englishMessage } from '@shared/validation/messages';
import { atomically, audit, writeAudit } from '../audit/trail';
import { hashAppealToken } from './appealLinks';
import { moveCase, refreshAfterDecision } from './caseWrites';
import { assertMayAct, freeFor } from './claims';
import { type CaseRecord, findCaseRecord, onTarget, targetOf, undoEffect } from './decisions';
import { contentIn, languageOf, type Language, sendDeskMail } from './mails';

/** The longest appeal kept. */
export const APPEAL_MAX = 2000;
export const APPEAL_OUTCOMES = ['upheld', 'reversed'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** What an appeal link opens: its case, ready for an appeal, or why not. */
export type AppealLink =
  | { state: 'open'; c: CaseRecord; entity: string; lang: Language; authorId: number | null }
  | { state: 'unknown' | 'used' | 'expired'; lang?: Language };

export async function appealLink(ctx: AppContext, token: string): Promise<AppealLink> {
  const c = await ctx.db.selectFrom('moderation_cases').selectAll().where('appeal_token_hash', '=', hashAppealToken(token)).executeTakeFirst();
  if (!c) return { state: 'unknown' };
  const target = await targetOf(ctx, c);
  const lang = languageOf(target.author?.preferences ?? null);
  if (c.status !== 'decided' || c.appeal_text !== null) return { state: 'used', lang };
  if (!c.appeal_until || c.appeal_until <= now()) return { state: 'expired', lang };
  return { state: 'open', c, entity: target.entity, lang, authorId: target.authorId };
}

/**
 * Files the appeal `text` (already checked: 1..APPEAL_MAX characters) through `token`; answers the
 * link's state as it was (only 'open' filed it: the link works once).
 */
export async function fileAppeal(ctx: AppContext, token: string, text: string): Promise<AppealLink['state']> {
  return atomically(ctx, async () => {
    const link = await appealLink(ctx, token);
    if (link.state !== 'open') return link.state;
    const at = now();
    if (!(await moveCase(ctx, link.c.id, 'decided', { status: 'appealed', appeal_text: text, appealed_at: at }))) return 'used';
    // the person appealing is the actor (their name kept on the entry, as for any actor)
    await audit(ctx, link.authorId, 'moderation_appeal', 'moderation_case', link.c.id, { before: { status: 'decided' }, after: { status: 'appealed' } });
    return 'open';
  });
}

/** The 409 of an appeal outcome that came second. */
async function appealDecidedAlready(ctx: AppContext, c: CaseRecord) {
  const by = c.appeal_decided_by === null ? undefined : await ctx.db.selectFrom('users').select('name').where('id', '=', c.appeal_decided_by).executeTakeFirst();
  return conflict(englishMessage('appealAlreadyDecided', { name: by?.name ?? `User #${c.appeal_decided_by}`, outcome: c.appeal_outcome ?? '' }), {
    appeal: { outcome: c.appeal_outcome, by: c.appeal_decided_by === null ? null : { id: c.appeal_decided_by, name: by?.name ?? null }, decided_at: c.appeal_decided_at },
  });
}

/** Why `actorId` may not decide the appeal of `c` now (409, 403), or nothing. */
async function refuseAppealDecision(ctx: AppContext, c: CaseRecord, actorId: number) {
  if (c.appeal_outcome !== null) throw await appealDecidedAlready(ctx, c);
  if (c.status !== 'appealed') throw conflict(englishMessage('noAppealWaiting'));
  if (c.decided_by === actorId) throw forbidden(englishMessage('ownDecisionAppeal'));
  await assertMayAct(ctx, c.id, actorId);
}

/**
 * Upholds or reverses the appeal on case `caseId` as `actorId` (not the moderator who decided); answers
 * the mail telling the person, to send once committed.
 */
export async function decideAppeal(ctx: AppContext, actorId: number, caseId: number, outcome: AppealOutcome, message: string | null): Promise<(() => Promise<unknown>) | null> {
  const { c, target } = await atomically(ctx, async () => {
    const c = await findCaseRecord(ctx, caseId);
    await refuseAppealDecision(ctx, c, actorId);
    const target = await targetOf(ctx, c);
    const at = now();
    const after = { status: 'closed', appeal_outcome: outcome };
    if (!(await moveCase(ctx, caseId, 'appealed', { ...after, appeal_decided_by: actorId, appeal_decided_at: at }, { free: freeFor(ctx, actorId) }))) {
      await refuseAppealDecision(ctx, await findCaseRecord(ctx, caseId), actorId);
      throw conflict(englishMessage('recordChanged'));
    }
    const change = outcome === 'reversed' ? await undoEffect(ctx, c, target) : null;
    // a reversed decision found no violation: its reporters' reports were not upheld after all
    if (outcome === 'reversed') await ctx.db.updateTable('reports').set({ outcome: 'dismissed', updated_at: at }).where('case_id', '=', caseId).execute();
    const effect = change ? { before: { status: change.before }, after: { status: 'Active' } } : {};
    await writeAudit(ctx, [
      { actorId, action: 'moderation_appeal_decide', entity: 'moderation_case', entityId: caseId, detail: { message, before: { status: 'appealed' }, after } },
      ...onTarget(c, target, c.decision).map(([entity, entityId]) => ({
        actorId,
        action: 'moderation_appeal_decide',
        entity,
        entityId,
        detail: { caseId, decision: c.decision, outcome, ...effect },
      })),
    ]);
    await refreshAfterDecision(ctx, caseId);
    return { c, target };
  });
  const author = target.author;
  if (!author) return null;
  return () =>
    sendDeskMail(ctx, `moderation-appeal-${outcome}`, author, (lang) => ({
      content: contentIn({ entity: target.entity, title: c.target_title, text: c.target_text }, lang),
      message: message ?? '',
    }));
}
