// The case as the decision calls answer it: its status, decision and appeal (the desk's list row, by the
// contract, is read by queries.ts; this is the part a decision changes).
import { z } from 'zod';
import type { AppContext } from '@server/context';
import { answerOf, maybeText, timestamp, whole } from '@server/http/answers';
import { findCase } from './decisions';

const person = z.object({ id: whole, name: maybeText }).nullable();

export const caseRow = z.object({
  id: whole,
  kind: z.string(),
  target_id: whole,
  status: z.string(),
  decision: z
    .object({ action: z.string(), reason: maybeText, message: maybeText, suspend_days: whole.nullable(), suspended_until: timestamp.nullable(), by: person, at: timestamp.nullable() })
    .nullable(),
  appeal: z.object({ text: maybeText, at: timestamp.nullable(), until: timestamp.nullable(), outcome: maybeText, by: person, decided_at: timestamp.nullable() }).nullable(),
  version: whole,
});
export const caseAnswer = answerOf(caseRow);

export async function readCase(ctx: AppContext, id: number): Promise<z.infer<typeof caseRow>> {
  const c = await findCase(ctx, id);
  const ids = [c.decided_by, c.appeal_decided_by].filter((x): x is number => x !== null);
  const names = new Map((ids.length ? await ctx.db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute() : []).map((u) => [u.id, u.name]));
  const personOf = (pid: number | null) => (pid === null ? null : { id: pid, name: names.get(pid) ?? null });
  return {
    id: c.id,
    kind: c.kind,
    target_id: c.target_id,
    status: c.status,
    decision: c.decision
      ? { action: c.decision, reason: c.decision_reason, message: c.decision_message, suspend_days: c.suspend_days, suspended_until: c.suspended_until, by: personOf(c.decided_by), at: c.decided_at }
      : null,
    appeal: c.appealed_at
      ? { text: c.appeal_text, at: c.appealed_at, until: c.appeal_until, outcome: c.appeal_outcome, by: personOf(c.appeal_decided_by), decided_at: c.appeal_decided_at }
      : null,
    version: c.version,
  };
}
