// The moderation desk's cases (issue 34): a case as the desk shows it, its page (reports with each
// reporter's accuracy, notes, history), claims, releases, assignments and notes, each audited in the
// transaction of its change, and the desk's figures (open cases, the oldest, the median time to decision).
import type { Kysely } from 'kysely';
import { canAccess } from '@shared/access';
import { sameRecordKinds } from '@shared/audit';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import type { AppContext } from '@server/context';
import { countOf } from '@server/db/counts';
import { now } from '@server/db/index';
import type { Database } from '@server/db/schema';
import { badRequest, conflict, notFound } from '@server/http/errors';
import { permissionsOf } from '@server/modules/auth/service';
import { atomically, audit } from '@server/modules/audit/trail';
import { listAuditQuery } from '@server/modules/audit/queries';
import { shownEntries } from '@server/modules/audit/service';
import { CASE_NOT_FOUND, CLAIMABLE, claimLapsedBefore, freeFor, heldBy, heldUntil, otherHolder } from './claims';
import type { CASE_KINDS, CASE_STATUSES, DECISIONS } from './answers';
import {
  caseNotes,
  caseReports,
  type CaseRow,
  decidedSince,
  findCase,
  oldestOpenAt,
  pendingSubAdmins,
  reporterRecords,
  urgentCases,
} from './queries';

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name });

/** A case as the desk's calls answer it; the holder only while the claim stands. */
export function shapeCase(ctx: AppContext, r: CaseRow) {
  const held = r.holder_id !== null && r.held_at !== null && r.held_at >= claimLapsedBefore(ctx);
  return {
    id: r.id,
    kind: r.kind as (typeof CASE_KINDS)[number],
    target_id: r.target_id,
    status: r.status as (typeof CASE_STATUSES)[number],
    preview: { title: r.target_title, text: r.target_text, picture: r.target_picture, author: person(r.author_id, r.author_name) },
    report_count: r.report_count,
    reporter_count: r.reporter_count,
    reasons: r.reasons,
    first_reported_at: r.first_reported_at,
    last_reported_at: r.last_reported_at,
    priority: Number(r.priority),
    holder: held ? person(r.holder_id, r.holder_name) : null,
    held_until: held ? heldUntil(ctx, r.held_at) : null,
    decision: r.decision
      ? {
          action: r.decision as (typeof DECISIONS)[number],
          reason: r.decision_reason,
          message: r.decision_message,
          suspend_days: r.suspend_days,
          suspended_until: r.suspended_until,
          by: person(r.decided_by, r.decider_name),
          at: r.decided_at,
        }
      : null,
    appeal:
      r.appealed_at || r.appeal_until
        ? {
            text: r.appeal_text,
            at: r.appealed_at,
            until: r.appeal_until,
            outcome: r.appeal_outcome as 'upheld' | 'reversed' | null,
            by: person(r.appeal_decided_by, r.appeal_decider_name),
            decided_at: r.appeal_decided_at,
          }
        : null,
    version: r.version,
  };
}
export type ShownCase = ReturnType<typeof shapeCase>;

/** The case as the desk shows it (404 when there is none). */
export async function caseAnswerOf(ctx: AppContext, caseId: number): Promise<ShownCase> {
  const row = await findCase(ctx.db, caseId);
  if (!row) throw notFound(CASE_NOT_FOUND);
  return shapeCase(ctx, row);
}

/** The history entries a case's page shows. */
const HISTORY_SHOWN = 100;

/** A case's page: the case, its reports with each reporter's record, its notes and its history. */
export async function caseDetail(ctx: AppContext, caseId: number, resources: readonly ResourceDeclaration[] = RESOURCES) {
  const shown = await caseAnswerOf(ctx, caseId);
  const reports = await caseReports(ctx.db, caseId);
  const records = await reporterRecords(ctx.db, [...new Set(reports.map((r) => r.user_id))]);
  const notes = await caseNotes(ctx.db, caseId);
  // the case's entries and its target's (a post's under both of its kinds), newest first
  const entries = async (entities: readonly string[], id: number) =>
    listAuditQuery(
      ctx,
      { page: 0, pageIndex: 0, limit: HISTORY_SHOWN, offset: 0, filter: '', order: { column: 'audit_log.id', direction: 'desc' }, format: 'json' },
      { entities, entityId: String(id) },
      [],
    );
  const [own, target] = [await entries(['moderation_case'], caseId), await entries(sameRecordKinds(shown.kind), shown.target_id)];
  const rows = [own, target]
    .flatMap((listed) => ('rows' in listed ? listed.rows : []))
    .sort((a, b) => Number(b.id) - Number(a.id))
    .slice(0, HISTORY_SHOWN);
  return {
    ...shown,
    reports: reports.map((r) => {
      const record = records.get(r.user_id) ?? { decided: 0, upheld: 0 };
      return {
        id: r.id,
        created_at: r.created_at,
        reason: r.reason,
        category: r.category_id === null ? null : { id: r.category_id, name: r.category_name ?? '', weight: Number(r.category_weight ?? 1) },
        reporter: { id: r.user_id, name: r.reporter_name, accuracy: record.decided ? record.upheld / record.decided : null, decided: record.decided },
      };
    }),
    notes: notes.map(shapeNote),
    history: await shownEntries(ctx, rows, resources, { withOrigin: false, withNames: false }),
  };
}

const shapeNote = (n: Awaited<ReturnType<typeof caseNotes>>[number]) => ({
  id: n.id,
  author: { id: n.author_id, name: n.author_name },
  body: n.body,
  created_at: n.created_at,
});

/** Why a claim (or an assignment) did not take: no such case, a case past claiming, or someone holding it. */
async function refuseClaim(ctx: AppContext, caseId: number, callerId: number): Promise<never> {
  const found = await findCase(ctx.db, caseId);
  if (!found) throw notFound(CASE_NOT_FOUND);
  if (!(CLAIMABLE as readonly string[]).includes(found.status)) throw conflict(`This case is ${found.status}: it can no longer be claimed.`);
  const holder = await otherHolder(ctx, caseId, callerId);
  if (holder) throw heldBy(holder);
  // released meanwhile: the caller may simply try again
  throw conflict('This case changed meanwhile. Please try again.');
}

/**
 * Makes `holderId` the holder of a case that may be claimed, or (null) lets go of a held case, in one
 * conditional statement: with `claimant`, only when that person may act on the case now (a claim, a
 * holder's release); without, whoever holds it (an Admin's assignment or release). False when nothing changed.
 */
async function setHolder(ctx: AppContext, caseId: number, holderId: number | null, claimant?: number) {
  const at = now();
  let update = ctx.db
    .updateTable('moderation_cases')
    .set((eb) => ({ holder_id: holderId, held_at: holderId === null ? null : at, version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', caseId);
  update = holderId === null ? update.where('holder_id', 'is not', null) : update.where('status', 'in', CLAIMABLE);
  if (claimant !== undefined) update = update.where(freeFor(ctx, claimant));
  return Number((await update.executeTakeFirst()).numUpdatedRows) > 0;
}

/**
 * Claims a case for the caller (again: the claim's idle time starts over). 409 naming the holder when
 * another person's claim stands; two claims at once: one takes it, the other is told who.
 */
export async function claimCase(ctx: AppContext, caseId: number, callerId: number): Promise<ShownCase> {
  await atomically(ctx, async () => {
    if (!(await setHolder(ctx, caseId, callerId, callerId))) await refuseClaim(ctx, caseId, callerId);
    await audit(ctx, callerId, 'moderation_claim', 'moderation_case', caseId);
  });
  return caseAnswerOf(ctx, caseId);
}

/**
 * Gives a case to `userId` (an Admin's call), who must be an Active staff member with Report-list. A
 * standing claim gives way: the Admin decides who works on what (the trail names the new holder).
 */
export async function assignCase(ctx: AppContext, caseId: number, callerId: number, userId: number): Promise<ShownCase> {
  const assignee = await ctx.db.selectFrom('users').select(['id', 'name', 'user_type', 'status']).where('id', '=', userId).executeTakeFirst();
  const mayModerate =
    assignee?.status === 'Active' &&
    canAccess({ role: assignee.user_type, status: assignee.status, permissions: await permissionsOf(ctx.db, assignee) }, 'reports');
  if (!assignee || !mayModerate) throw badRequest('The case can only be assigned to an Active staff member with Report-list.', { userId: 'not an Active staff member with Report-list' });
  await atomically(ctx, async () => {
    if (!(await setHolder(ctx, caseId, userId))) await refuseClaim(ctx, caseId, callerId);
    await audit(ctx, callerId, 'moderation_assign', 'moderation_case', caseId, { holder: assignee.name, holderId: userId });
  });
  return caseAnswerOf(ctx, caseId);
}

/**
 * Lets go of a case: its holder, an Admin, or anyone once the claim lapsed. Nobody holding it: nothing
 * to do (nothing audited). Someone else's standing claim: 409 naming them.
 */
export async function releaseCase(ctx: AppContext, caseId: number, callerId: number, callerIsAdmin: boolean): Promise<ShownCase> {
  await atomically(ctx, async () => {
    if (await setHolder(ctx, caseId, null, callerIsAdmin ? undefined : callerId)) return audit(ctx, callerId, 'moderation_release', 'moderation_case', caseId);
    const holder = await otherHolder(ctx, caseId, callerId);
    if (holder) throw heldBy(holder);
  });
  return caseAnswerOf(ctx, caseId);
}

/** Adds a private note to a case (stored as the text given); the holder's note keeps the claim alive. */
export async function addNote(ctx: AppContext, caseId: number, callerId: number, body: string) {
  const noteId = await atomically(ctx, async () => {
    const at = now();
    const exists = await ctx.db.selectFrom('moderation_cases').select('id').where('id', '=', caseId).executeTakeFirst();
    if (!exists) throw notFound(CASE_NOT_FOUND);
    const note = await ctx.db.insertInto('moderation_case_notes').values({ case_id: caseId, author_id: callerId, body, created_at: at }).returning('id').executeTakeFirstOrThrow();
    await ctx.db.updateTable('moderation_cases').set({ held_at: at }).where('id', '=', caseId).where('holder_id', '=', callerId).execute();
    await audit(ctx, callerId, 'moderation_note', 'moderation_case', caseId, { noteId: note.id });
    return note.id;
  });
  const [note] = await caseNotes(ctx.db, caseId, noteId);
  return shapeNote(note);
}

// ---- figures ------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
/** The alerts a summary gives at most. */
const ALERTS_SHOWN = 20;

/** An ISO moment from a stored timestamp (SQLite's 'YYYY-MM-DD HH:MM:SS' is UTC too). */
const msOf = (at: string) => Date.parse(/[T]/.test(at) ? at : `${at.replace(' ', 'T')}Z`);

/** The median seconds from first report to decision of the cases decided in the last 7 days (null: none). */
async function medianDecisionSeconds(db: Kysely<Database>): Promise<number | null> {
  const decided = await decidedSince(db, new Date(Date.now() - 7 * DAY_MS).toISOString());
  const seconds = decided
    .filter((c) => c.decided_at)
    .map((c) => Math.max(0, (msOf(c.decided_at!) - msOf(c.first_reported_at)) / 1000))
    .sort((a, b) => a - b);
  if (!seconds.length) return null;
  const middle = Math.floor(seconds.length / 2);
  return seconds.length % 2 ? seconds[middle] : (seconds[middle - 1] + seconds[middle]) / 2;
}

/** The desk's figures: open cases (kept count), the oldest open case's first report, the median time to decision. */
export async function caseFigures(db: Kysely<Database>) {
  return {
    open: await countOf(db, 'moderation_cases:open'),
    oldestOpenAt: await oldestOpenAt(db),
    medianDecisionSeconds7d: await medianDecisionSeconds(db),
  };
}

/** The desk's figures and its alerts: urgent new cases and, for an Admin, sub-admins waiting for approval. */
export async function caseSummary(ctx: AppContext, callerIsAdmin: boolean) {
  const since = new Date(Date.now() - DAY_MS).toISOString();
  const cases = (await urgentCases(ctx.db, ctx.config.moderation.alertPriority, since, ALERTS_SHOWN)).map((c) => ({
    kind: 'case' as const,
    id: c.id,
    priority: Number(c.priority),
    at: c.last_reported_at,
  }));
  const requests = callerIsAdmin
    ? (await pendingSubAdmins(ctx.db, ALERTS_SHOWN)).map((u) => ({ kind: 'subadminRequest' as const, id: u.id, name: u.name, at: u.created_at }))
    : [];
  const alerts = [...cases, ...requests].sort((a, b) => msOf(b.at) - msOf(a.at)).slice(0, ALERTS_SHOWN);
  return { ...(await caseFigures(ctx.db)), alerts };
}
