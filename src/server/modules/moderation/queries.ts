// Read model of the moderation desk (issue 34): the list of cases (filters, search, sorts at 100,000 open
// cases), a case with its reports, reporters' accuracy, notes and history, and the desk's figures.
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '@server/context';
import { countOf } from '@server/db/counts';
import type { Database } from '@server/db/schema';
import { searchCondition } from '@server/db/search';
import { type Listed, type ListRequest, readList, SEARCH_PLAN } from '@server/db/list';
import type { CASE_AGES, CASE_KINDS } from './answers';

/** The list's filters beside its search (each checked by the route). */
export interface CaseFilters {
  status: string;
  kind?: (typeof CASE_KINDS)[number];
  /** a report category's id */
  reason?: number;
  /** who holds the case now (a lapsed claim holds nothing): a person's id, or nobody */
  holder?: number | 'none';
  age?: (typeof CASE_AGES)[number];
}

const DAY_MS = 86_400_000;
const AGE_DAYS: Record<(typeof CASE_AGES)[number], number> = { '1d': 1, '7d': 7, '30d': 30, older: 30 };

/**
 * A moment `ms` ago, to the minute: the list's statements are kept compiled under their values, so a
 * filter by time must not make a new one at each call.
 */
const minutesAgo = (ms: number) => new Date(Math.floor((Date.now() - ms) / 60_000) * 60_000).toISOString();

const cases = (db: Kysely<Database>) => db.selectFrom('moderation_cases as mc');

/** The case's own columns, its holder's, decider's and appeal decider's names (left joins: they may be gone). */
const withShownColumns = (qb: ReturnType<typeof cases>) =>
  qb
    .leftJoin('users as holder', 'holder.id', 'mc.holder_id')
    .leftJoin('users as decider', 'decider.id', 'mc.decided_by')
    .leftJoin('users as appeal_decider', 'appeal_decider.id', 'mc.appeal_decided_by')
    .select([
      'mc.id',
      'mc.kind',
      'mc.target_id',
      'mc.status',
      'mc.report_count',
      'mc.reporter_count',
      'mc.first_reported_at',
      'mc.last_reported_at',
      'mc.priority',
      'mc.reasons',
      'mc.target_title',
      'mc.target_text',
      'mc.target_picture',
      'mc.author_id',
      'mc.author_name',
      'mc.holder_id',
      'holder.name as holder_name',
      'mc.held_at',
      'mc.decision',
      'mc.decision_reason',
      'mc.decision_message',
      'mc.suspend_days',
      'mc.suspended_until',
      'mc.decided_by',
      'decider.name as decider_name',
      'mc.decided_at',
      'mc.appeal_until',
      'mc.appeal_text',
      'mc.appealed_at',
      'mc.appeal_outcome',
      'mc.appeal_decided_by',
      'appeal_decider.name as appeal_decider_name',
      'mc.appeal_decided_at',
      'mc.version',
    ]);
export type CaseRow = Awaited<ReturnType<ReturnType<typeof withShownColumns>['executeTakeFirstOrThrow']>>;

/**
 * A page of cases. Each filter is a condition the list's sort index walks with (status first in every
 * index, migrations 034/035); a reason is tested per case through its (case, category) key, so a common
 * reason stops at a page. Without filters the total is the kept one (row_counts).
 */
export async function listCasesQuery(ctx: AppContext, req: ListRequest<string>, f: CaseFilters, lapsedBefore: string): Promise<Listed<CaseRow>> {
  const { db } = ctx;
  let base = cases(db).where('mc.status', '=', f.status);
  if (f.kind) base = base.where('mc.kind', '=', f.kind);
  if (f.reason !== undefined) {
    const reason = f.reason;
    base = base.where(({ exists, selectFrom }) =>
      exists(selectFrom('moderation_case_reasons as x').select(sql.lit(1).as('one')).whereRef('x.case_id', '=', 'mc.id').where('x.report_category_id', '=', reason)),
    );
  }
  if (f.holder === 'none') base = base.where((eb) => eb.or([eb('mc.holder_id', 'is', null), eb('mc.held_at', '<', lapsedBefore)]));
  else if (f.holder !== undefined) base = base.where('mc.holder_id', '=', f.holder).where('mc.held_at', '>=', lapsedBefore);
  if (f.age) {
    const since = minutesAgo(AGE_DAYS[f.age] * DAY_MS);
    base = base.where('mc.first_reported_at', f.age === 'older' ? '<' : '>=', since);
  }
  const filtered = f.kind !== undefined || f.reason !== undefined || f.holder !== undefined || f.age !== undefined;
  // a filtered list is counted up to the search's exact bound, no further (a count of 40,000 open cases
  // of one reason would read them all): beyond, the answer says "more" as a search's does. With a search
  // the count only tells the planner the list's size (db/list.ts), and the search's answer says its own
  // total: counted further, so that a common term is walked for, not looked up whole.
  const bound = req.filter ? SEARCH_PLAN.exactTotalUpTo * 10 : SEARCH_PLAN.exactTotalUpTo;
  let more = false;
  const countedUpTo = async () => {
    const found = await db.selectFrom(base.select(sql.lit(1).as('one')).limit(bound + 1).as('found')).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    more = Number(found.n) > bound;
    return Math.min(Number(found.n), bound);
  };
  const listed = await readList(base, withShownColumns, req, 'mc.id', {
    db,
    name: 'moderation_cases',
    total: filtered ? countedUpTo : () => countOf(db, `moderation_cases:${f.status}`),
    search: (indexed) => searchCondition(ctx.dialect, 'moderation_cases', 'mc', req.filter, indexed),
  });
  if (more && !req.filter && 'meta' in listed) listed.meta.totalExact = false;
  return listed;
}

/** One case with the shown columns, or undefined. */
export const findCase = (db: Kysely<Database>, id: number): Promise<CaseRow | undefined> => withShownColumns(cases(db).where('mc.id', '=', id)).executeTakeFirst();

/** The newest reports of a case shown on its page. */
export const REPORTS_SHOWN = 500;

/** A case's newest reports, with their category. */
export function caseReports(db: Kysely<Database>, caseId: number) {
  return db
    .selectFrom('reports as r')
    .leftJoin('report_categories as rc', 'rc.id', 'r.report_category_id')
    .select(['r.id', 'r.created_at', 'r.reason', 'r.user_id', 'r.reporter_name', 'rc.id as category_id', 'rc.name as category_name', 'rc.weight as category_weight'])
    .where('r.case_id', '=', caseId)
    .orderBy('r.id', 'desc')
    .limit(REPORTS_SHOWN)
    .execute();
}

/** How many of the reporter's last 100 decided reports there are, and how many of them were upheld. */
export async function reporterRecords(db: Kysely<Database>, reporterIds: readonly number[]) {
  if (!reporterIds.length) return new Map<number, { decided: number; upheld: number }>();
  // the last 100 decided reports of each, through (user_id, decided_at) where outcome is set (034)
  const rows = await db
    .selectFrom('users as u')
    .select((eb) => {
      const last = () =>
        eb.selectFrom(
          eb.selectFrom('reports').select('outcome').whereRef('reports.user_id', '=', 'u.id').where('outcome', 'is not', null).orderBy('decided_at', 'desc').limit(100).as('last'),
        );
      return [
        'u.id',
        last().select(sql<number>`count(*)`.as('n')).as('decided'),
        last().select(sql<number>`count(*)`.as('n')).where('last.outcome', '=', 'upheld').as('upheld'),
      ];
    })
    .where('u.id', 'in', [...reporterIds])
    .execute();
  return new Map(rows.map((r) => [r.id, { decided: Number(r.decided ?? 0), upheld: Number(r.upheld ?? 0) }]));
}

/** A case's notes, oldest first, with their authors' names. */
export function caseNotes(db: Kysely<Database>, caseId: number, noteId?: number) {
  let qb = db
    .selectFrom('moderation_case_notes as n')
    .leftJoin('users as a', 'a.id', 'n.author_id')
    .select(['n.id', 'n.author_id', 'a.name as author_name', 'n.body', 'n.created_at'])
    .where('n.case_id', '=', caseId);
  if (noteId !== undefined) qb = qb.where('n.id', '=', noteId);
  return qb.orderBy('n.id', 'asc').execute();
}

/** The oldest open case's first report (the (status, first_reported_at) index: one row). */
export async function oldestOpenAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('moderation_cases').select('first_reported_at').where('status', '=', 'open').orderBy('first_reported_at').orderBy('id').limit(1).executeTakeFirst();
  return row?.first_reported_at ?? null;
}

/** When each case decided since `since` was first reported and decided (the decided_at index: that week only). */
export function decidedSince(db: Kysely<Database>, since: string) {
  return db.selectFrom('moderation_cases').select(['first_reported_at', 'decided_at']).where('decided_at', '>=', since).execute();
}

/** Open cases above `priority` last reported since `since`, newest first. */
export function urgentCases(db: Kysely<Database>, priority: number, since: string, limit: number) {
  return db
    .selectFrom('moderation_cases')
    .select(['id', 'priority', 'last_reported_at'])
    .where('status', '=', 'open')
    .where('last_reported_at', '>=', since)
    .where('priority', '>', priority)
    .orderBy('last_reported_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Sub-admins whose request waits for approval, newest first. */
export function pendingSubAdmins(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'created_at'])
    .where('user_type', '=', 'Sub-Admin')
    .where('status', '=', 'Request Pending')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The ids of the cases ever opened on a target (a post of either kind, a comment, a user). */
export async function caseIdsOf(db: Kysely<Database>, kind: string, targetId: number): Promise<number[]> {
  const rows = await db.selectFrom('moderation_cases').select('id').where('kind', '=', kind).where('target_id', '=', targetId).execute();
  return rows.map((r) => r.id);
}
