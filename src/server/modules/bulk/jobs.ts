// A bulk job's life (issue 35): `selecting` (the records the selection holds are copied to bulk_job_items
// in short statements), `running` (batches of records in id order, each one transaction that changes its
// records, keeps what each had before, writes their audit entries and moves the job's cursor), then `done`
// or `failed`. A server stopped or killed between batches loses nothing and repeats nothing: the cursor
// moved with the batch's commit, and the next start (or another replica, once the lease has passed) goes
// on from it. A stopped selection starts again (nothing is changed before it ends).
import type { BulkChange, ResourceDeclaration } from '@shared/resources/index';
import type { Selectable } from 'kysely';
import type { AppContext } from '@server/context';
import type { BulkJobsTable } from '@server/db/schema';
import { now } from '@server/db/index';
import { writeAudit } from '../audit/trail';
import type { BulkTarget, Changed } from './changes';

/** The sizes of a job's steps (tests make them small to reach every branch with a few rows). */
export const BULK_PLAN = {
  /** records copied into the job per statement while selecting */
  selectRows: 2_000,
  /** a batch's first size; then sized to take about `batchMs` (between minRows and maxRows) */
  firstRows: 200,
  minRows: 20,
  maxRows: 5_000,
  /** how long one batch may hold the database: a list waiting behind it stays within its goal */
  batchMs: 4,
  /** after each batch the job rests this many times as long as the batch took: the lists have the rest */
  restFactor: 1,
  /** a server works a job while its lease runs; a killed one's job is taken over when it has passed */
  leaseMs: 30_000,
  /** what a finished job kept per record (for its Undo) is let go after this long */
  keepItemsMs: 3_600_000,
};

/** A job's row as the runner reads it. */
type JobRow = Pick<Selectable<BulkJobsTable>, 'id' | 'owner_id' | 'resource' | 'change' | 'selection' | 'undo_of' | 'state' | 'cursor'>;

/** Where a job's records come from: ids, the list's query, or (an Undo) the changed records of a job. */
export type Selection = { ids: number[] } | { query: Record<string, unknown> } | { undoOf: number };

/** What the runner needs from the module: the records matching a query, and a change's effect. */
export interface JobWorld {
  resourceNamed(name: string): ResourceDeclaration | undefined;
  matching(resource: ResourceDeclaration, ownerId: number, query: Record<string, unknown>): Promise<AsyncIterable<number[]>>;
  target(resource: ResourceDeclaration, change: BulkChange): BulkTarget;
}

/** Thrown out of a selection when the server stops. */
const STOPPED = new Error('the server is stopping');
const leaseEnd = () => new Date(Date.now() + BULK_PLAN.leaseMs).toISOString();
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Works jobs one after another on this server: queued ones, and on start (and each lease time) those a
 * stopped server left. `stop` lets the batch under way finish and leaves the job to the next start.
 */
export function createJobRunner(ctx: AppContext, world: JobWorld) {
  let stopping = false;
  const working = new Set<number>();

  /** Takes the job if nobody works it (its lease passed), so one server works it at a time. */
  async function claim(id: number): Promise<JobRow | undefined> {
    const at = now();
    return (await ctx.db
      .updateTable('bulk_jobs')
      .set({ lease_until: leaseEnd() })
      .where('id', '=', id)
      .where('state', 'in', ['selecting', 'running'])
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
      .returningAll()
      .executeTakeFirst()) as JobRow | undefined;
  }

  async function select(job: JobRow, resource: ResourceDeclaration) {
    const { db } = ctx;
    await db.deleteFrom('bulk_job_items').where('job_id', '=', job.id).execute();
    const selection = JSON.parse(job.selection) as Selection;
    let total = 0;
    const keep = async (ids: number[]) => {
      for (let at = 0; at < ids.length; at += BULK_PLAN.selectRows) {
        if (stopping) throw STOPPED;
        const part = [...new Set(ids.slice(at, at + BULK_PLAN.selectRows))];
        await db.insertInto('bulk_job_items').values(part.map((record_id) => ({ job_id: job.id, record_id }))).onConflict((oc) => oc.doNothing()).execute();
        total += part.length;
        await turn();
      }
    };
    if ('ids' in selection) await keep(selection.ids);
    else if ('query' in selection) for await (const ids of await world.matching(resource, job.owner_id, selection.query)) await keep(ids);
    else {
      // an Undo: the records its job changed, with what they had (keyset on the record id)
      let after = 0;
      for (;;) {
        if (stopping) throw STOPPED;
        const rows = await db
          .selectFrom('bulk_job_items')
          .select(['record_id', 'before'])
          .where('job_id', '=', selection.undoOf)
          .where('changed', '=', 1)
          .where('record_id', '>', after)
          .orderBy('record_id')
          .limit(BULK_PLAN.selectRows)
          .execute();
        if (!rows.length) break;
        await db.insertInto('bulk_job_items').values(rows.map((r) => ({ job_id: job.id, record_id: r.record_id, before: r.before }))).execute();
        total += rows.length;
        after = rows[rows.length - 1].record_id;
        await turn();
      }
    }
    await db.updateTable('bulk_jobs').set({ state: 'running', total, updated_at: now(), lease_until: leaseEnd() }).where('id', '=', job.id).execute();
    return { ...job, state: 'running', cursor: 0 };
  }

  /** One batch: its records changed (or put back), kept, audited and the cursor moved, all in one transaction. */
  async function batch(job: JobRow, target: BulkTarget, rows: number): Promise<boolean> {
    const { db } = ctx;
    const undo = job.undo_of !== null;
    return db.transaction().execute(async () => {
      const items = await db
        .selectFrom('bulk_job_items')
        .select(['record_id', 'before'])
        .where('job_id', '=', job.id)
        .where('record_id', '>', job.cursor)
        .orderBy('record_id')
        .limit(rows)
        .execute();
      if (!items.length) return false;
      const ids = items.map((i) => i.record_id);
      let changed: Changed[];
      if (undo) {
        const kept = items.map((i) => ({ id: i.record_id, ...(JSON.parse(i.before!) as Omit<Changed, 'id'>) }));
        const put = new Set(await target.revert(kept));
        changed = kept.filter((k) => put.has(k.id)).map((k) => ({ id: k.id, before: k.after, after: k.before }));
      } else {
        changed = await target.apply(ids, job.owner_id);
        // what each record had and was given, for its Undo (one statement per distinct pair)
        const groups = new Map<string, number[]>();
        for (const c of changed) {
          const key = JSON.stringify({ before: c.before, after: c.after });
          groups.set(key, [...(groups.get(key) ?? []), c.id]);
        }
        for (const [key, of] of groups) await db.updateTable('bulk_job_items').set({ before: key, changed: 1 }).where('job_id', '=', job.id).where('record_id', 'in', of).execute();
      }
      const action = undo ? 'bulk.undo' : 'delete' in JSON.parse(job.change) ? 'bulk.delete' : 'bulk.update';
      await writeAudit(
        ctx,
        changed.map((c) => ({
          actorId: job.owner_id,
          action,
          entity: target.entity,
          entityId: c.id,
          detail: action === 'bulk.delete' ? { job: job.id, ...c.before } : { job: job.id, before: c.before, after: c.after },
        })),
        undefined,
      );
      const last = ids[ids.length - 1];
      // the cursor moves only from where this batch began: a second server's batch rolls back
      const moved = await db
        .updateTable('bulk_jobs')
        .set((eb) => ({ cursor: last, done: eb('done', '+', ids.length), changed: eb('changed', '+', changed.length), updated_at: now(), lease_until: leaseEnd() }))
        .where('id', '=', job.id)
        .where('cursor', '=', job.cursor)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new Error(`bulk job ${job.id} was moved on by another server`);
      job.cursor = last;
      return true;
    });
  }

  async function work(id: number) {
    if (working.has(id) || stopping) return;
    working.add(id);
    try {
      let job = await claim(id);
      if (!job) return;
      const resource = world.resourceNamed(job.resource);
      try {
        if (!resource) throw new Error(`no resource ${job.resource}`);
        if (job.state === 'selecting') job = await select(job, resource);
        const change = JSON.parse(job.change) as BulkChange | { undo: true };
        const original = job.undo_of !== null ? await ctx.db.selectFrom('bulk_jobs').select('change').where('id', '=', job.undo_of).executeTakeFirstOrThrow() : undefined;
        const target = world.target(resource, (original ? JSON.parse(original.change) : change) as BulkChange);
        let rows = BULK_PLAN.firstRows;
        for (;;) {
          if (stopping) {
            // the next start goes on from the cursor
            await ctx.db.updateTable('bulk_jobs').set({ lease_until: null }).where('id', '=', job.id).execute();
            return;
          }
          const started = performance.now();
          if (!(await batch(job, target, rows))) break;
          const took = Math.max(performance.now() - started, 0.1);
          // sized to take about batchMs: at most twice as many, at least half as many as the last
          rows = Math.round(Math.min(BULK_PLAN.maxRows, rows * 2, Math.max(BULK_PLAN.minRows, rows / 2, (rows * BULK_PLAN.batchMs) / took)));
          // the requests that came meanwhile go first, then the job rests (SQLite has one writer, on this thread)
          await turn();
          if (BULK_PLAN.restFactor) await new Promise((resolve) => setTimeout(resolve, took * BULK_PLAN.restFactor));
        }
        const at = now();
        await ctx.db.updateTable('bulk_jobs').set({ state: 'done', finished_at: at, updated_at: at, lease_until: null }).where('id', '=', job.id).execute();
      } catch (err) {
        // stopped while selecting: the next start selects again (nothing was changed yet)
        if (err === STOPPED) {
          await ctx.db.updateTable('bulk_jobs').set({ lease_until: null }).where('id', '=', job.id).execute();
          return;
        }
        const message = err instanceof Error ? err.message : String(err);
        const at = now();
        await ctx.db.updateTable('bulk_jobs').set({ state: 'failed', error: message.slice(0, 500), finished_at: at, updated_at: at, lease_until: null }).where('id', '=', job.id).execute();
      }
    } finally {
      working.delete(id);
    }
  }

  /**
   * Lets go of what finished jobs kept per record once their Undo is long past (keepItemsMs), a batch
   * of records at a time, resting between them as the jobs do.
   */
  async function prune() {
    const { db } = ctx;
    const before = new Date(Date.now() - BULK_PLAN.keepItemsMs).toISOString();
    const old = await db.selectFrom('bulk_jobs').select('id').where('state', 'in', ['done', 'failed']).where('finished_at', '<', before).execute();
    for (const { id } of old) {
      for (;;) {
        if (stopping) return;
        const rows = await db.selectFrom('bulk_job_items').select('record_id').where('job_id', '=', id).orderBy('record_id').limit(BULK_PLAN.selectRows).execute();
        if (!rows.length) break;
        await db.deleteFrom('bulk_job_items').where('job_id', '=', id).where('record_id', 'in', rows.map((r) => r.record_id)).execute();
        await turn();
      }
    }
  }

  return {
    /** Works the job in the background (after the answer), then lets go of what old jobs kept. */
    start(id: number) {
      ctx.background.run(`bulk job ${id}`, async () => {
        await work(id);
        await prune();
      });
    },
    /** Goes on with the jobs a stopped server left (their lease passed). */
    async resume() {
      const left = await ctx.db.selectFrom('bulk_jobs').select('id').where('state', 'in', ['selecting', 'running']).orderBy('id').execute();
      for (const { id } of left) this.start(id);
      if (!left.length) ctx.background.run('bulk job items', prune);
    },
    stop() {
      stopping = true;
    },
  };
}
