// Reports (spec §7 "Reports"): the three report lists, a report's detail, and the moderation calls.
// Those are GETs in the contract; they stay safe because they need Report-list, take a bearer token
// (no cookie, so no cross-site request can make them), act only on the target of an existing report
// of their type (never on a staff account), and name the status the caller saw, so a replay sets the
// same value; the answer says what the status is now.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idNumber } from '@shared/validation/common';
import { englishMessage, v } from '@shared/validation/messages';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { refusals } from '@server/http/answers';
import { badRequest, notFound } from '@server/http/errors';
import { listQuerySchema, parseListQuery } from '@server/http/list';
import { filterQueryShape, readFilters } from '@server/http/listFilters';
import { answerList, item, ok } from '@server/http/reply';
import { idParams } from '@server/http/zod';
import { outcomeAnswer, REPORT_STATES, REPORT_TYPES, reportDetailAnswer, reportListAnswer } from './answers';
import { findReportDetail, listReportsQuery, type ReportRow, type ReportType } from './queries';
import {
  findReportById,
  findUserReport,
  opposite,
  postStatus,
  setCommentStatus,
  setPostStatus,
  setUserStatus,
  statusOfDeleted,
  TARGET_STATUSES,
} from './service';
import { report, type SortColumns } from '@shared/resources/index';

const tags = ['reports'];

/** The report lists' filters but the state, whose rule stays as it was. */
const OTHER_FILTERS = report.filters.filter((f) => f.name !== 'state');

const reportListQuery = listQuerySchema.extend({
  type: z.enum(REPORT_TYPES).default('post'),
  state: z.enum(REPORT_STATES).optional().describe("Only the reports of this state (the report's own `status`)"),
  ...filterQueryShape(OTHER_FILTERS),
});
/** The status the caller saw on the target (spec §4): the call sets the other one. */
const currentStatus = z
  .enum(TARGET_STATUSES, { error: v('statusRequired') })
  .describe("The target's current status, as the caller saw it; the call sets the other one (a replay sets the same value).");
const positiveId = idNumber();

export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const guard = ctx.guard('reports');

  /** A report as the spec's screens read it (spec §3 "Report"); the status is the target's own. */
  const shape = (r: ReportRow) => {
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
      post: r.post_id ? { id: r.post_id, title: r.post_title, description: r.post_text, type: r.post_type, deleted_at: r.post_deleted_at, user: { id: r.author_id, name: r.author_name } } : null,
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
          // the Status column shows the target's status: its copy on the report (db/reportTargetStatus.ts)
          status: 'r.user_status_by_admin',
          state: 'r.status',
          // the copies the joined names are kept in (db/reportCopies.ts), each with an index
          reported_by: 'r.reporter_name',
          created_by: 'r.target_name',
          post_title: 'r.post_title',
          comment: 'r.comment_text',
        } satisfies SortColumns<typeof report>,
        defaultOrder: report.api.defaultOrder,
        pageBase: 0,
      });
      return answerList(reply, await listReportsQuery(ctx, q.type, req, q.state, readFilters(q, OTHER_FILTERS)), shape);
    },
  );

  app.get('/api/user/reports-detail/:id', { schema: { tags, params: idParams, response: { 200: reportDetailAnswer } }, onRequest: guard }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const row = await findReportDetail(db, id);
    if (!row) throw notFound(englishMessage('reportNotFound'));
    const report = shape(row);
    // spec §7: user, otherUser, reason; otherUser is whoever was reported (post author, commenter or user)
    return item(reply, { ...report, otherUser: report.reportedUserInfo });
  });

  /**
   * The report a moderation call names: it must exist, be of the call's type and point at the target
   * the call acts on (a report on that post, comment or user). Nothing else can be moderated.
   */
  const reportOn = async (reportId: number, type: ReportType, target: { post_id?: number; comment_id?: number; other_user_id?: number }) => {
    const report = await findReportById(db, reportId);
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
    const reported = await findUserReport(db, id);
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
