// The bulk jobs as their owner reads them: one job, my jobs under way and just finished (the admin's
// progress bar after a reload, the Undo toast), and the Undo taken once, within its time.
import { z } from 'zod';
import { BULK_UNDO_MS, type BulkChange, resourceNamed } from '@shared/resources/index';
import { englishMessage } from '@shared/validation/messages';
import type { Caller } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import { conflict, notFound } from '@server/http/errors';
import { maybeText, timestamp, whole } from '@server/http/answers';
import { isFinal } from './changes';
import type { Selection } from './jobs';

/** How long a finished job stays among "my jobs" (the toast and its Undo after a reload). */
const RECENT_MS = 60_000;

export const jobAnswer = z.object({
  id: whole,
  resource: z.string(),
  change: z.record(z.string(), z.unknown()).describe('{ field, value } | { field, add } | { field, remove } | { delete: true } | { undo: true }'),
  state: z.enum(['selecting', 'running', 'done', 'failed']),
  total: whole.describe('records selected (known once selecting is over)'),
  done: whole.describe('records worked through'),
  changed: whole.describe('records changed (the others already had the value, or were changed since by someone else)'),
  undo_of: whole.nullable(),
  undone: z.boolean(),
  undo_until: maybeText.describe('until when its Undo is offered (a finished change)'),
  error: maybeText,
  created_at: timestamp,
  finished_at: maybeText,
});
type JobAnswer = z.infer<typeof jobAnswer>;

type JobRow = {
  id: number;
  owner_id: number;
  resource: string;
  change: string;
  state: string;
  total: number;
  done: number;
  changed: number;
  undo_of: number | null;
  undone: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
};

const COLUMNS = ['id', 'owner_id', 'resource', 'change', 'state', 'total', 'done', 'changed', 'undo_of', 'undone', 'error', 'created_at', 'finished_at'] as const;

function answerOfJob(row: JobRow): JobAnswer & { owner_id: number } {
  const change = JSON.parse(row.change) as BulkChange;
  const resource = resourceNamed(row.resource);
  const undoable = row.state === 'done' && row.undo_of === null && !!row.finished_at && !(resource && isFinal(resource, change));
  const undoUntil = undoable ? new Date(Date.parse(row.finished_at!) + BULK_UNDO_MS).toISOString() : null;
  return {
    ...row,
    id: Number(row.id),
    total: Number(row.total),
    done: Number(row.done),
    changed: Number(row.changed),
    undo_of: row.undo_of === null ? null : Number(row.undo_of),
    change: change as Record<string, unknown>,
    state: row.state as JobAnswer['state'],
    undone: !!Number(row.undone),
    undo_until: undoUntil,
  };
}

export async function newJob(ctx: AppContext, ownerId: number, resource: string, change: BulkChange | { undo: true }, selection: Selection, undoOf: number | null = null) {
  const at = now();
  const row = await ctx.db
    .insertInto('bulk_jobs')
    .values({ owner_id: ownerId, resource, change: JSON.stringify(change), selection: JSON.stringify(selection), undo_of: undoOf, state: 'selecting', created_at: at, updated_at: at })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return answerOfJob(row as JobRow);
}

/** The caller's own job; anyone else's is a 404 that does not say it exists. */
export async function ownJob(ctx: AppContext, ownerId: number, id: number) {
  const row = await ctx.db.selectFrom('bulk_jobs').select(COLUMNS).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!row) throw notFound(englishMessage('bulkJobNotFound'));
  return answerOfJob(row as JobRow);
}

/** The caller's jobs under way and those finished in the last minute, newest first. */
export async function myJobs(ctx: AppContext, ownerId: number) {
  const since = new Date(Date.now() - RECENT_MS).toISOString();
  const rows = await ctx.db
    .selectFrom('bulk_jobs')
    .select(COLUMNS)
    .where('owner_id', '=', ownerId)
    .where((eb) => eb.or([eb('state', 'in', ['selecting', 'running']), eb('finished_at', '>=', since)]))
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.map((r) => answerOfJob(r as JobRow));
}

/**
 * Takes the job's Undo (once: a conditional UPDATE, so two clicks or two servers cannot both) and makes
 * the job that puts the records back. 409 when it is not a finished change, past its time, or final.
 */
export async function takeUndo(ctx: AppContext, job: ReturnType<typeof answerOfJob>, undoable: boolean, windowMs: number) {
  if (!undoable || job.undo_of !== null) throw conflict(englishMessage('bulkNoUndo'));
  if (job.state !== 'done') throw conflict(englishMessage('bulkNotFinished'));
  const taken = await ctx.db
    .updateTable('bulk_jobs')
    .set({ undone: 1, updated_at: now() })
    .where('id', '=', job.id)
    .where('undone', '=', 0)
    .where('finished_at', '>=', new Date(Date.now() - windowMs).toISOString())
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw conflict(englishMessage('bulkUndoTooLate'));
  return newJob(ctx, job.owner_id, job.resource, { undo: true }, { undoOf: job.id }, job.id);
}

/** The job's owner as the list's query reads a caller (a Sub-Admin's scope of the accounts lists). */
export async function ownerOf(ctx: AppContext, ownerId: number): Promise<Caller> {
  const owner = await ctx.db.selectFrom('users').select('user_type').where('id', '=', ownerId).executeTakeFirst();
  return { userId: ownerId, role: owner?.user_type ?? 'User' } as Caller;
}
