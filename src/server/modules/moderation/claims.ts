// Claims on a moderation case (issue 34): a moderator claims a case so that nobody else acts on it
// meanwhile. A claim lasts while its holder touches the case (held_at) and lapses after
// MODERATION_CLAIM_IDLE_MINUTES untouched; a lapsed claim holds nothing. Who may act is decided in the
// statement that acts (a conditional UPDATE, `freeFor`), never read first and written after, so two
// moderators (or two replicas) cannot both get through.
import type { ExpressionBuilder } from 'kysely';
import type { AppContext } from '@server/context';
import { conflict, notFound } from '@server/http/errors';
import type { Database } from '@server/db/schema';

/** The statuses a case may be claimed in: waiting for a decision, or for an appeal's outcome. */
export const CLAIMABLE = ['open', 'appealed'] as const;

const idleMs = (ctx: AppContext) => ctx.config.moderation.claimIdleMinutes * 60_000;

/** The moment before which a holder's last touch has lapsed (ISO text, as held_at). */
export const claimLapsedBefore = (ctx: AppContext): string => new Date(Date.now() - idleMs(ctx)).toISOString();

/** When a claim touched at `heldAt` lapses (null without a claim). */
export const heldUntil = (ctx: AppContext, heldAt: string | null): string | null =>
  heldAt ? new Date(Date.parse(heldAt) + idleMs(ctx)).toISOString() : null;

/**
 * The condition "`callerId` may act on this case now": nobody holds it, its claim has lapsed, or the
 * caller holds it. For a conditional UPDATE of moderation_cases: `.where(freeFor(ctx, callerId))`.
 */
export const freeFor = (ctx: AppContext, callerId: number) => {
  const lapsed = claimLapsedBefore(ctx);
  return (eb: ExpressionBuilder<Database, 'moderation_cases'>) =>
    eb.or([eb('moderation_cases.holder_id', 'is', null), eb('moderation_cases.holder_id', '=', callerId), eb('moderation_cases.held_at', '<', lapsed)]);
};

/** The case's holder when the claim stands (not lapsed), else null. */
export interface Holder {
  id: number;
  name: string | null;
}

/** The person whose standing claim on the case keeps `callerId` from acting on it, or null (404: no such case). */
export async function otherHolder(ctx: AppContext, caseId: number, callerId: number): Promise<Holder | null> {
  const row = await ctx.db
    .selectFrom('moderation_cases as mc')
    .leftJoin('users as u', 'u.id', 'mc.holder_id')
    .select(['mc.holder_id', 'mc.held_at', 'u.name'])
    .where('mc.id', '=', caseId)
    .executeTakeFirst();
  if (!row) throw notFound(CASE_NOT_FOUND);
  if (row.holder_id === null || row.holder_id === callerId || !row.held_at || row.held_at < claimLapsedBefore(ctx)) return null;
  return { id: row.holder_id, name: row.name };
}

export const CASE_NOT_FOUND = 'This moderation case does not exist.';

/** The 409 that names the holder of a case (data: { holder }). */
export const heldBy = (holder: Holder) => conflict(`${holder.name ?? `User #${holder.id}`} is working on this case.`, { holder });

/**
 * Refuses with a 409 naming the holder unless `callerId` may act on the case now (404: no such case).
 * A check before the work, for its message; the work's own UPDATE still holds `freeFor` as its condition.
 */
export async function assertMayAct(ctx: AppContext, caseId: number, callerId: number): Promise<void> {
  const holder = await otherHolder(ctx, caseId, callerId);
  if (holder) throw heldBy(holder);
}
