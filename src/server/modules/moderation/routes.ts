// The moderation desk's cases (issue 34): the list, a case's page, claims, releases, an Admin's
// assignments, private notes and the desk's summary. Everything needs Report-list (the `reports` guard);
// assigning is an Admin's.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idNumber } from '@shared/validation/common';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { refusalBecause, refusals } from '@server/http/answers';
import { forbidden } from '@server/http/errors';
import { listQuerySchema, parseListQuery } from '@server/http/list';
import { answerList, item, ok } from '@server/http/reply';
import { idParams } from '@server/http/zod';
import { CASE_AGES, CASE_KINDS, CASE_STATUSES, caseAnswer, caseDetailAnswer, caseListAnswer, MAX_NOTE_LENGTH, noteAnswer, summaryAnswer } from './answers';
import { claimLapsedBefore } from './claims';
import { listCasesQuery } from './queries';
import { addNote, assignCase, caseDetail, caseSummary, claimCase, releaseCase, shapeCase } from './service';

const tags = ['moderation'];

// the desk's queue is worked through, not exported: no CSV (the report lists export the reports)
const caseListQuery = listQuerySchema.omit({ format: true, columns: true, reference: true, reference_id: true }).extend({
  status: z.enum(CASE_STATUSES).default('open').describe("the cases of this status (open by default; 'appealed': the appeals waiting)"),
  kind: z.enum(CASE_KINDS).optional().describe('what was reported'),
  reason: idNumber().optional().describe('a report category id: the cases reported under it'),
  holder: z
    .union([z.enum(['me', 'none']), z.string().regex(/^\d{1,10}$/)])
    .optional()
    .describe("who holds the case now: a staff member's id, 'me', or 'none' (nobody, or a lapsed claim)"),
  age: z.enum(CASE_AGES).optional().describe('first reported within the last day (1d), 7 days (7d), 30 days (30d), or longer ago than 30 days (older)'),
});

const noteBody = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'The note is empty.')
    .max(MAX_NOTE_LENGTH, `A note may have at most ${MAX_NOTE_LENGTH} characters.`)
    .describe('the note, kept and answered as the text given (never read as markup)'),
});
const assignBody = z.object({ userId: idNumber().describe('an Active staff member with Report-list') });
const emptyBody = z.object({}).optional();

/** A claim held by someone else: the message names them, `data.holder` is { id, name }. */
const heldRefusal = refusalBecause('Someone else holds the case (the message names them), or it is past claiming');

export async function moderationRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = ctx.guard('reports');

  app.get('/api/moderation/cases', { schema: { tags, querystring: caseListQuery, response: { 200: caseListAnswer } }, onRequest: guard }, async (request, reply) => {
    const q = request.query as z.infer<typeof caseListQuery>;
    const req = parseListQuery(q, {
      sortable: {
        priority: 'mc.priority',
        last_reported_at: 'mc.last_reported_at',
        first_reported_at: 'mc.first_reported_at',
        report_count: 'mc.report_count',
        id: 'mc.id',
      },
      defaultOrder: { direction: 'DESC', name: 'priority', type: 'default' },
      pageBase: 0,
    });
    const holder = q.holder === 'none' ? ('none' as const) : q.holder === 'me' ? callerOf(request).userId : q.holder === undefined ? undefined : Number(q.holder);
    const filters = { status: q.status, kind: q.kind, reason: q.reason, holder, age: q.age };
    return answerList(reply, await listCasesQuery(ctx, req, filters, claimLapsedBefore(ctx)), (row) => shapeCase(ctx, row));
  });

  app.get('/api/moderation/summary', { schema: { tags, response: { 200: summaryAnswer } }, onRequest: guard }, async (request, reply) =>
    ok(reply, await caseSummary(ctx, callerOf(request).role === 'Admin')),
  );

  app.get('/api/moderation/cases/:id', { schema: { tags, params: idParams, response: { 200: caseDetailAnswer } }, onRequest: guard }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof idParams>;
    return item(reply, await caseDetail(ctx, id));
  });

  const action = { tags, params: idParams, body: emptyBody, response: { 200: caseAnswer, 409: heldRefusal } };
  app.post('/api/moderation/cases/:id/claim', { schema: action, onRequest: guard }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof idParams>;
    return item(reply, await claimCase(ctx, id, callerOf(request).userId), 'Claimed');
  });

  app.post('/api/moderation/cases/:id/release', { schema: action, onRequest: guard }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const caller = callerOf(request);
    return item(reply, await releaseCase(ctx, id, caller.userId, caller.role === 'Admin'), 'Released');
  });

  app.post(
    '/api/moderation/cases/:id/assign',
    { schema: { ...action, body: assignBody, response: { ...action.response, 403: refusalBecause('Only an Admin assigns cases') } }, onRequest: guard },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const caller = callerOf(request);
      if (caller.role !== 'Admin') throw forbidden('Only an Admin can assign a case.');
      return item(reply, await assignCase(ctx, id, caller.userId, (request.body as z.infer<typeof assignBody>).userId), 'Assigned');
    },
  );

  app.post(
    '/api/moderation/cases/:id/notes',
    { schema: { tags, params: idParams, body: noteBody, response: { 200: noteAnswer, ...refusals(404) } }, onRequest: guard },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      return item(reply, await addNote(ctx, id, callerOf(request).userId, (request.body as z.infer<typeof noteBody>).body), 'Note added');
    },
  );
}
