// Writing the audit trail. Every entry keeps who acted as they were then (id, name, email, role: the
// entry outlives the account), where the call came from (address, user agent) and its link in the chain
// (chain.ts). An entry is written in the transaction of the change it records when there is one
// (db/ambient.ts): the change and its entry commit together or not at all.
import type { AppContext } from '@server/context';
import { afterCommit } from '@server/db/ambient';
import { now } from '@server/db/index';
import { type RequestOrigin, requestOrigin } from '@server/http/requestContext';
import { recordedDetail } from './changes';
import { type ChainedEntry, chainHead, entryHash } from './chain';
import { changesOf, isChange, type TrailEntry } from '../live/changes';

export interface AuditedAction {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | number | null;
  /** an update's `{ before, after }` values (the entry keeps the fields that changed), or any detail */
  detail?: unknown;
}

/** Entries written by one INSERT (13 values each: well under either database's limit of parameters). */
const ENTRIES_PER_INSERT = 200;

/**
 * Writes entries of the audit trail (read on /audit and in each record's History), in their order, in
 * the transaction under way or in one of their own.
 */
export async function writeAudit(ctx: AppContext, actions: readonly AuditedAction[], origin: RequestOrigin | undefined = requestOrigin()): Promise<void> {
  if (!actions.length) return;
  const created_at = now();
  await ctx.db.transaction().execute(async (trx) => {
    const actorIds = [...new Set(actions.map((a) => a.actorId).filter((id): id is number => id !== null))];
    const actors = actorIds.length
      ? await trx.selectFrom('users').select(['id', 'name', 'email', 'user_type']).where('id', 'in', actorIds).execute()
      : [];
    const actorOf = new Map(actors.map((a) => [a.id, a]));
    let previous = await chainHead(trx, ctx.dialect);
    const written: TrailEntry[] = [];
    const chained: (ChainedEntry & { hash: string })[] = [];
    for (const a of actions) {
      const actor = a.actorId === null ? undefined : actorOf.get(a.actorId);
      const entry: ChainedEntry = {
        actor_id: a.actorId,
        actor_name: actor?.name ?? null,
        actor_email: actor?.email ?? null,
        actor_role: actor?.user_type ?? null,
        action: a.action,
        entity: a.entity,
        entity_id: a.entityId === null ? null : String(a.entityId),
        // a { before, after } pair is kept as the fields that changed, never a secret (changes.ts)
        detail: a.detail === undefined ? null : JSON.stringify(recordedDetail(a.detail)),
        ip: origin?.ip ?? null,
        user_agent: origin?.userAgent ?? null,
        created_at,
      };
      const hash = entryHash(previous, entry);
      chained.push({ ...entry, hash });
      previous = hash;
    }
    // many rows a statement (an import writes thousands of entries); ids are given in the rows' order
    for (let start = 0; start < chained.length; start += ENTRIES_PER_INSERT) {
      const rows = chained.slice(start, start + ENTRIES_PER_INSERT);
      const ids = await trx.insertInto('audit_log').values(rows).returning('id').execute();
      rows.forEach(({ hash: _, ...entry }, i) => {
        if (isChange(entry.action)) written.push({ ...entry, id: Number(ids[i]!.id) });
      });
    }
    // colleagues' open lists and pages hear of the change once it is committed (modules/live/)
    const live = ctx.live;
    if (live && written.length) {
      await afterCommit(async () => {
        try {
          for (const message of await changesOf(ctx, written)) await live.publish(message);
        } catch {
          // the change stands; a stream that missed it is brought up to date at its next reconnect
        }
      });
    }
    // everyone who acted, as last seen: the person filter still names them once their account is gone
    for (const actor of actors) {
      const row = { name: actor.name, email: actor.email, role: actor.user_type };
      await trx
        .insertInto('audit_actors')
        .values({ id: actor.id, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    }
  });
}

/**
 * Runs `change` in one transaction with the entries it writes (audit()): the change and its entries
 * commit together or not at all. Everything `change` writes through ctx.db joins it (db/ambient.ts);
 * keep slow work (hashing a password, reading an upload, sending a mail) outside.
 */
export const atomically = <T>(ctx: AppContext, change: () => Promise<T>): Promise<T> => ctx.db.transaction().execute(() => change());

/** Writes one entry of the audit trail (writeAudit). */
export function audit(
  ctx: AppContext,
  actorId: number | null,
  action: string,
  entity: string,
  entityId: string | number | null,
  detail?: unknown,
): Promise<void> {
  return writeAudit(ctx, [{ actorId, action, entity, entityId, detail }]);
}
