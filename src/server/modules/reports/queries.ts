// Read model of the report screens: the three report lists and a report's detail, each row with the
// names and texts the screens show.
import type { Kysely } from 'kysely';
import type { AppContext } from '@server/context';
import { countOf } from '@server/db/counts';
import type { Database } from '@server/db/schema';
import { searchCondition } from '@server/db/search';
import { type Listed, type ListRequest, readList } from '@server/db/list';
import { type CreatedBetween, columnIs, createdIn, narrowing } from '@server/db/filters';
import type { FilterValues } from '@server/http/listFilters';
import type { REPORT_STATES, REPORT_TYPES } from './answers';

export type ReportType = (typeof REPORT_TYPES)[number];
export type ReportState = (typeof REPORT_STATES)[number];

const columns = [
  'r.id',
  'r.type',
  'r.reason',
  'r.status',
  'r.created_at',
  'r.post_id',
  'r.comment_id',
  'r.other_user_id',
  // the copies kept on the report (db/reportCopies.ts) for the names and texts it shows
  'r.user_id as reporter_id',
  'r.reporter_name',
  'r.target_name',
  'r.post_title',
  'r.post_text',
  'r.comment_text',
  'r.category_name',
  'p.type as post_type',
  'p.deleted_at as post_deleted_at',
  'p.user_id as author_id',
  // a comment report's post is someone else's: its author's name is no copy
  'author.name as author_name',
  'c.deleted_at as comment_deleted_at',
  'c.user_id as commenter_id',
  'other.name as other_name',
  'other.status as other_status',
] as const;

/** A report as the shown columns read it. */
export interface ReportRow {
  id: number;
  type: ReportType;
  reason: string | null;
  status: string;
  created_at: string;
  post_id: number | null;
  comment_id: number | null;
  other_user_id: number | null;
  reporter_id: number;
  reporter_name: string | null;
  /** the reported person's name: the post's author, the commenter or the reported user */
  target_name: string | null;
  post_title: string | null;
  /** the post's text, for a read-only view of a hidden post */
  post_text: string | null;
  post_type: string | null;
  post_deleted_at: string | null;
  author_id: number | null;
  author_name: string | null;
  comment_text: string | null;
  comment_deleted_at: string | null;
  commenter_id: number | null;
  other_name: string | null;
  other_status: string | null;
  category_name: string | null;
}

const reports = (db: Kysely<Database>) => db.selectFrom('reports as r');

/**
 * A query of reports with the columns the screens show: the names and texts from the report's copies,
 * the rest from what it points at, a left join each (targets may be gone). Only the page's rows are
 * joined: the list finds its ids on the reports alone. Each joined table costs PostgreSQL planning time
 * (eight tables took it 5-7 ms per statement), hence the copies rather than the reporter's, the
 * commenter's and the category's rows.
 */
const withShownColumns = (qb: ReturnType<typeof reports>) =>
  qb
    // left joins only: the reports stay the outer loop, walked in the list's order
    .leftJoin('posts as p', 'p.id', 'r.post_id')
    .leftJoin('users as author', 'author.id', 'p.user_id')
    .leftJoin('comments as c', 'c.id', 'r.comment_id')
    .leftJoin('users as other', 'other.id', 'r.other_user_id')
    .select(columns);

/** A page (or, exported, all) of the reports of one type, of one state (Pending, Resolved) when given. */
export async function listReportsQuery(ctx: AppContext, type: ReportType, req: ListRequest<string>, state?: ReportState, filters: FilterValues = {}) {
  const { db } = ctx;
  const f = filters as { reason?: number; created?: CreatedBetween };
  let base = reports(db).where('r.type', '=', type);
  // walks the (type, status) index, or the sort's (type, column) one
  if (state) base = base.where('r.status', '=', state);
  // the reason (its report category) and the date (issue 35), planned as a search is (db/list.ts `narrow`)
  const narrow = narrowing([...(f.reason !== undefined ? [columnIs(ctx.dialect, 'r.report_category_id', '=', f.reason)] : []), ...createdIn('r.created_at', f.created)], f);
  const listed = await readList(base, withShownColumns, req, 'r.id', {
    db,
    name: 'reports',
    narrow,
    total: () => countOf(db, `reports:${type}:${state ?? ''}`),
    // a report is found by its own texts, its people, its post, comment or category: all copied onto it
    // and held by its search index, so neither form joins
    search: (indexed) => searchCondition(ctx.dialect, 'reports', 'r', req.filter, indexed, type),
  });
  return listed as unknown as Listed<ReportRow>;
}

/** One report with the shown columns, or undefined. */
export async function findReportDetail(db: Kysely<Database>, id: number) {
  return (await withShownColumns(reports(db).where('r.id', '=', id)).executeTakeFirst()) as unknown as ReportRow | undefined;
}
