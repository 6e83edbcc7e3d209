// The trail's retention (AUDIT_RETENTION_DAYS): entries older than that are removed, oldest first, in
// small batches of their own short transaction each, so that pruning a large backlog never holds the
// database for long (SQLite has one writer). Before each batch goes, the hash of its last entry is kept
// as the chain's anchor (chain.ts), so the entries that stay still verify. The pruning itself is an entry.
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@server/context';
import { CHAIN_ANCHOR } from './chain';
import { audit } from './trail';

/** Entries removed per transaction. */
export const PRUNE_BATCH = 500;
/** How often a running server prunes. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Removes the entries written before `days` days ago, oldest first (the ones in id order before the first
 * newer entry); answers how many went.
 */
export async function pruneTrail(ctx: Pick<AppContext, 'db' | 'dialect'>, days: number, batch = PRUNE_BATCH): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = new Date(Date.now() - days * 86_400_000).toISOString();
  let removed = 0;
  for (;;) {
    const gone = await ctx.db.transaction().execute(async (trx) => {
      const oldest = await trx.selectFrom('audit_log').select(['id', 'created_at', 'hash']).orderBy('id').limit(batch).execute();
      const end = oldest.findIndex((e) => e.created_at >= cutoff);
      const expired = end === -1 ? oldest : oldest.slice(0, end);
      if (!expired.length) return 0;
      const last = expired[expired.length - 1];
      const anchor = { key: CHAIN_ANCHOR, value: last.hash ?? '' };
      await trx.insertInto('settings').values(anchor).onConflict((oc) => oc.column('key').doUpdateSet({ value: anchor.value })).execute();
      await trx.deleteFrom('audit_log').where('id', '>=', Number(expired[0].id)).where('id', '<=', Number(last.id)).execute();
      return expired.length;
    });
    removed += gone;
    if (gone < batch) break;
    // SQLite's driver answers synchronously: without a turn of the event loop between batches, the
    // server would read no request (and answer none) until the last batch of a backlog had gone
    await eventLoopTurn();
  }
  return removed;
}

/** Prunes once at start and every hour while the server runs; each pruning that removed entries is recorded. */
export function scheduleTrailPruning(app: FastifyInstance, ctx: AppContext): void {
  const days = ctx.config.auditRetentionDays;
  if (days <= 0) return;
  const prune = async () => {
    try {
      const removed = await pruneTrail(ctx, days);
      if (removed) await audit(ctx, null, 'audit.prune', 'audit', null, { removed, retentionDays: days });
    } catch (err) {
      app.log.error({ err }, 'pruning the audit trail failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
