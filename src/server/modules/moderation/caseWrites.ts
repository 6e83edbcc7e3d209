// What every way of deciding a desk case shares (a desk decision, an appeal's outcome, a spec report
// button): the case taken from one status to the next by a conditional UPDATE (so of two deciders, on
// any replica, exactly one moves it), its reports given their outcome, and the priorities that depend
// on it (its reporters' accuracy changed) worked out again, all in the caller's transaction.
import type { Updateable } from 'kysely';
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import { refreshPriority, UPHOLDING } from '@server/db/moderationCases';
import type { ModerationCasesTable } from '@server/db/schema';
import { audit } from '../audit/trail';
import type { DECISIONS } from './answers';
import type { freeFor } from './claims';

export type CaseKind = 'post' | 'comment' | 'user';
export type Decision = (typeof DECISIONS)[number];

/** A report's outcome under a decision: any decision but dismiss upholds it. */
export const outcomeOf = (decision: string): 'upheld' | 'dismissed' => ((UPHOLDING as readonly string[]).includes(decision) ? 'upheld' : 'dismissed');

/**
 * Moves case `id` from status `from` with `changes` (its version bumped); false when it was not in that
 * status any more (someone else moved it first), or, as `only` asks, had changed since the caller saw
 * it (`version`) or is held by someone else (`free`: claims.ts freeFor).
 */
export async function moveCase(
  ctx: AppContext,
  id: number,
  from: string,
  changes: Updateable<ModerationCasesTable>,
  only: { version?: number; free?: ReturnType<typeof freeFor> } = {},
): Promise<boolean> {
  let update = ctx.db
    .updateTable('moderation_cases')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1), updated_at: now() }))
    .where('id', '=', id)
    .where('status', '=', from);
  if (only.version !== undefined) update = update.where('version', '=', only.version);
  if (only.free) update = update.where(only.free);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The case's reports closed with it: Resolved, with the outcome the decision gives them. */
export async function resolveCaseReports(ctx: AppContext, caseId: number, outcome: 'upheld' | 'dismissed', at: string): Promise<void> {
  await ctx.db.updateTable('reports').set({ status: 'Resolved', outcome, decided_at: at, updated_at: at }).where('case_id', '=', caseId).execute();
}

/**
 * The priority of the open cases that a decision on `caseId` moves: those of its reporters (their
 * accuracy changed) and the target's own (its earlier upheld cases changed).
 */
export async function refreshAfterDecision(ctx: AppContext, caseId: number): Promise<void> {
  const decided = await ctx.db.selectFrom('moderation_cases').select(['kind', 'target_id']).where('id', '=', caseId).executeTakeFirstOrThrow();
  const open = await ctx.db
    .selectFrom('moderation_cases as c')
    .select('c.id')
    .where('c.status', '=', 'open')
    .where((eb) =>
      eb.or([
        eb.and([eb('c.kind', '=', decided.kind), eb('c.target_id', '=', decided.target_id)]),
        eb(
          'c.id',
          'in',
          eb
            .selectFrom('reports as r')
            .select('r.case_id')
            .where('r.user_id', 'in', eb.selectFrom('reports as mine').select('mine.user_id').where('mine.case_id', '=', caseId))
            .where('r.case_id', 'is not', null)
            .$narrowType<{ case_id: number }>(),
        ),
      ]),
    )
    .execute();
  await refreshPriority(ctx.db, open.map((c) => c.id));
}

/**
 * A spec report button (spec §4) changed a target to `wanted`: its open case, if any, is closed as
 * decided (Inactive: hidden, or banned for a user; Active: dismissed), with no mail and no appeal.
 */
export async function closeOpenCase(ctx: AppContext, actorId: number, kind: CaseKind, targetId: number, wanted: 'Active' | 'Inactive'): Promise<void> {
  const open = await ctx.db.selectFrom('moderation_cases').select('id').where('kind', '=', kind).where('target_id', '=', targetId).where('status', '=', 'open').executeTakeFirst();
  if (!open) return;
  const decision: Decision = wanted === 'Active' ? 'dismiss' : kind === 'user' ? 'ban' : 'hide';
  const at = now();
  if (!(await moveCase(ctx, open.id, 'open', { status: 'decided', decision, decided_by: actorId, decided_at: at }))) return;
  await resolveCaseReports(ctx, open.id, outcomeOf(decision), at);
  await audit(ctx, actorId, 'moderation_decide', 'moderation_case', open.id, { via: 'report', before: { status: 'open' }, after: { status: 'decided', decision } });
  await refreshAfterDecision(ctx, open.id);
}
