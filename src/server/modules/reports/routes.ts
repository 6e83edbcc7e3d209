// Reports (spec §7 "Reports"): the three report lists, a report's detail, and the moderation calls.
// Those are GETs in the contract; they stay safe because they need Report-list, take a bearer token
// (no cookie, so no cross-site request can make them), act only on the target of an existing report
// of their type (never on a staff account), and name the status the caller saw, so a replay sets the
// same value; the answer says what the status is now.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idNumber } from '@shared/validation/common';
import { englishMessage, v } from '@shared/validation/messages';
import { callerOf } from '../../auth/guard';
import type { AppContext } from '../../context';
import { countOf } from '../../db/counts';
import { searchCondition } from '../../db/search';
import { refusals } from '../../http/answers';
import { badRequest, notFound } from '../../http/errors';
import { listQuerySchema, parseListQuery, runListQuery } from '../../http/list';
import { item, list, ok } from '../../http/reply';
import { idParams } from '../../http/zod';
import { outcomeAnswer, REPORT_TYPES, reportDetailAnswer, reportListAnswer } from './answers';
import { opposite, postStatus, setCommentStatus, setPostStatus, setUserStatus, statusOfDeleted, TARGET_STATUSES } from './service';
import { report, type SortColumns } from '@shared/resources/index';

const tags = ['reports'];
type ReportType = (typeof REPORT_TYPES)[number];

const reportListQuery = listQuerySchema.extend({ type: z.enum(REPORT_TYPES).default('post') });
/** The status the caller saw on the target (spec §4): the call sets the other one. */
const currentStatus = z
  .enum(TARGET_STATUSES, { error: v('statusRequired') })
  .describe("The target's current status, as the caller saw it; the call sets the other one (a replay sets the same value).");
const positiveId = idNumber();

export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const guard = ctx.guard('reports');

  const reports = () => db.selectFrom('reports as r');

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

  interface Row {
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

  /** A report as the spec's screens read it (spec §3 "Report"); the status is the target's own. */
  const shape = (r: Row) => {
    const userStatusByAdmin =
      r.type === 'post' ? statusOfDeleted(r.post_deleted_at) : r.type === 'comment' ? statusOfDeleted(r.comment_deleted_at) : r.other_status;
    const reportedUser =
      r.type === 'post'
        ? { id: r.author_id, name: r.author_name }
        : r.type === 'comment'
          ? { id: r.commenter_id, name: r.target_name }
          : { id: r.other_user_id, name: r.other_name, status: r.other_status };
    return {
      id: r.id,
      type: r.type,
      reason: r.reason,
      status: r.status,
      created_at: r.created_at,
      post_id: r.post_id,
      post: r.post_id ? { id: r.post_id, title: r.post_title, type: r.post_type, deleted_at: r.post_deleted_at, user: { id: r.author_id, name: r.author_name } } : null,
      user: { id: r.reporter_id, name: r.reporter_name },
      other_user_id: r.other_user_id,
      otherUser: r.other_user_id ? { id: r.other_user_id, name: r.other_name, status: r.other_status } : null,
      comment_id: r.comment_id,
      comment: r.comment_id ? { id: r.comment_id, comment: r.comment_text, deleted_at: r.comment_deleted_at } : null,
      category: r.category_name ? { name: r.category_name } : null,
      reportedUserInfo: reportedUser.id ? reportedUser : null,
      userStatusByAdmin,
    };
  };

  app.get(
    '/api/user/reports',
    { schema: { tags, querystring: reportListQuery, response: { 200: reportListAnswer } }, onRequest: guard, config: { answerCache: true } },
    async (request, reply) => {
      const q = request.query as z.infer<typeof reportListQuery>;
      const req = parseListQuery(q, {
        sortable: {
          id: 'r.id',
          created_at: 'r.created_at',
          type: 'r.type',
          reason: 'r.reason',
          status: 'r.user_status_by_admin',
          // the copies the joined names are kept in (db/reportCopies.ts), each with an index
          reported_by: 'r.reporter_name',
          created_by: 'r.target_name',
          post_title: 'r.post_title',
          comment: 'r.comment_text',
        } satisfies SortColumns<typeof report>,
        defaultOrder: { direction: 'DESC', name: 'id', type: 'default' },
        pageBase: 0,
      });
      const base = reports().where('r.type', '=', q.type);
      const { rows, meta } = await runListQuery(base, withShownColumns, req, 'r.id', {
        db,
        name: 'reports',
        total: () => countOf(db, `reports:${q.type}`),
        // a report is found by its own texts, its people, its post, comment or category: all copied onto it
        // and held by its search index, so neither form joins
        search: (indexed) => searchCondition(ctx.dialect, 'reports', 'r', req.filter, indexed, q.type),
      });
      return list(reply, (rows as unknown as Row[]).map(shape), meta);
    },
  );

  app.get('/api/user/reports-detail/:id', { schema: { tags, params: idParams, response: { 200: reportDetailAnswer } }, onRequest: guard }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const row = await withShownColumns(reports().where('r.id', '=', id)).executeTakeFirst();
    if (!row) throw notFound(englishMessage('reportNotFound'));
    const report = shape(row as unknown as Row);
    // spec §7: user, otherUser, reason; otherUser is whoever was reported (post author, commenter or user)
    return item(reply, { ...report, otherUser: report.reportedUserInfo });
  });

  /**
   * The report a moderation call names: it must exist, be of the call's type and point at the target
   * the call acts on (a report on that post, comment or user). Nothing else can be moderated.
   */
  const reportOn = async (reportId: number, type: ReportType, target: { post_id?: number; comment_id?: number; other_user_id?: number }) => {
    const report = await db.selectFrom('reports').select(['id', 'type', 'post_id', 'comment_id', 'other_user_id']).where('id', '=', reportId).executeTakeFirst();
    if (!report || report.type !== type) throw notFound(englishMessage('reportNotFound'));
    for (const [column, id] of Object.entries(target) as [keyof typeof target, number | undefined][]) {
      if (id !== undefined && report[column] !== id) throw badRequest('validation.invalidInput', { [column]: `not the target of report ${reportId}` });
    }
    return report;
  };

  // spec §7: id (the post) and reportId; it flips the post's status. An optional `status` names the
  // status the caller saw (the current one), so a replay sets the same value.
  const postUpdate = z.object({
    id: positiveId.describe('The reported post'),
    reportId: positiveId.describe('A report of type post on that post'),
    status: currentStatus.optional(),
  });
  app.get('/api/post/post-report-update', { schema: { tags, querystring: postUpdate, response: { 200: outcomeAnswer, ...refusals(404) } }, onRequest: guard }, async (request, reply) => {
    const { id, reportId, status } = request.query as z.infer<typeof postUpdate>;
    await reportOn(reportId, 'post', { post_id: id });
    const current = status ?? (await postStatus(ctx, id));
    const outcome = await setPostStatus(ctx, callerOf(request).userId, id, opposite(current), reportId);
    return ok(reply, outcome, englishMessage('postStatusUpdated'));
  });

  // The reported user's status, set to the status named (the wanted one), for a user someone reported.
  const userUpdate = z.object({
    id: positiveId.describe('The reported user (someone must have reported it)'),
    status: z.enum(TARGET_STATUSES, { error: v('statusRequired') }).describe('The status wanted for the reported user'),
  });
  app.get('/api/user/report-update', { schema: { tags, querystring: userUpdate, response: { 200: outcomeAnswer, ...refusals(404) } }, onRequest: guard }, async (request, reply) => {
    const { id, status } = request.query as z.infer<typeof userUpdate>;
    const reported = await db.selectFrom('reports').select('id').where('type', '=', 'user').where('other_user_id', '=', id).executeTakeFirst();
    if (!reported) throw notFound(englishMessage('reportNotFound'));
    const outcome = await setUserStatus(ctx, callerOf(request).userId, id, status, reported.id);
    return ok(reply, outcome, englishMessage('userStatusUpdated'));
  });

  // spec §4/§7: the call names the target's CURRENT status and the other one is set.
  const approve = z.object({
    reportId: positiveId,
    status: currentStatus,
    type: z.enum(['comment', 'user']),
    comment_id: positiveId.optional(),
    other_user_id: positiveId.optional(),
  });
  app.get('/api/user/approveReportByAdmin', { schema: { tags, querystring: approve, response: { 200: outcomeAnswer, ...refusals(404) } }, onRequest: guard }, async (request, reply) => {
    const q = request.query as z.infer<typeof approve>;
    const actor = callerOf(request).userId;
    const wanted = opposite(q.status);
    if (q.type === 'comment') {
      const report = await reportOn(q.reportId, 'comment', { comment_id: q.comment_id });
      if (!report.comment_id) throw notFound(englishMessage('reportNotFound'));
      return ok(reply, await setCommentStatus(ctx, actor, report.comment_id, wanted, report.id), englishMessage('postStatusUpdated'));
    }
    const report = await reportOn(q.reportId, 'user', { other_user_id: q.other_user_id });
    if (!report.other_user_id) throw notFound(englishMessage('reportNotFound'));
    return ok(reply, await setUserStatus(ctx, actor, report.other_user_id, wanted, report.id), englishMessage('userStatusUpdated'));
  });
}
