// Suspensions end by themselves (issue 34): a user suspended by a desk decision is Inactive until
// users.suspended_until; a sweep, at start and every minute on every server, makes each user whose
// suspension has passed Active again and clears it. The change is conditional (the suspension still
// the same one that passed), so two replicas sweeping at once restore and record a user once. The
// system acts: its entry in the trail names no person (DESIGN.md §11).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import { atomically, audit } from '../audit/trail';

/** How often a running server sweeps. */
const SWEEP_EVERY_MS = 60 * 1000;

/** Restores the users whose suspension has passed; answers their ids. */
export async function endPassedSuspensions(ctx: AppContext, at: string = now()): Promise<number[]> {
  const passed = await ctx.db.selectFrom('users').select(['id', 'status', 'suspended_until']).where('suspended_until', '<=', at).orderBy('id').limit(500).execute();
  const restored: number[] = [];
  for (const user of passed) {
    const done = await atomically(ctx, async () => {
      const result = await ctx.db
        .updateTable('users')
        .set({ status: 'Active', suspended_until: null, updated_at: now() })
        .where('id', '=', user.id)
        .where('suspended_until', '=', user.suspended_until)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await audit(ctx, null, 'moderation_suspension_end', 'user', user.id, { suspendedUntil: user.suspended_until, before: { status: user.status }, after: { status: 'Active' } });
      return true;
    });
    if (done) restored.push(user.id);
  }
  return restored;
}

/** Sweeps once when the server is ready, then every minute while it runs. */
export function scheduleSuspensionSweep(app: FastifyInstance, ctx: AppContext): void {
  const sweep = async () => {
    try {
      await endPassedSuspensions(ctx);
    } catch (err) {
      app.log.error({ err }, 'ending passed suspensions failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
