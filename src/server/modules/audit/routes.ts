// The audit trail (the /audit screen, each record's History): the whole trail for Admins, searchable and
// filtered by person, kind of record, record and days; a record's history for whoever may open it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AUDIT_ACTIONS, auditEntityKinds } from '@shared/audit';
import { audit, type ResourceDeclaration } from '@shared/resources/index';
import { idNumber, MAX_INT } from '@shared/validation/common';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { forbidden } from '@server/http/errors';
import { listQuerySchema, parseListQuery } from '@server/http/list';
import type { Listed } from '@server/db/list';
import { answerList, item, list } from '@server/http/reply';
import { auditListAnswer, staffAnswer } from './answers';
import { type AuditFilters, type AuditListRow, listAuditQuery, staffQuery } from './queries';
import { casesInHistory, dayAfter, exportedEntry, isDay, readableHistory, shownEntries } from './service';

const tags = ['audit'];
const SORTABLE = { created_at: 'audit_log.created_at' };
/** How many people the person filter offers for what was typed. */
const PEOPLE_SHOWN = 20;

const recordId = z.string().regex(/^\d{1,10}$/, 'validation.invalidInput').refine((text) => Number(text) <= MAX_INT, 'validation.invalidInput');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalidInput')
  .refine(isDay, 'validation.invalidInput')
  .describe('a day, YYYY-MM-DD (UTC), inclusive');
/** Action names separated by commas, each one the trail records. */
const actionList = z
  .string()
  .max(1000)
  .refine((text) => text.split(',').every((action) => (AUDIT_ACTIONS as readonly string[]).includes(action)), 'validation.invalidInput');
const actionsOf = (text: string | undefined) => (text === undefined ? undefined : [...new Set(text.split(','))]);
/** What "hide sign-ins" hides: the sign-ins, the failed ones and the sign-outs. */
const SIGN_IN_ACTIONS = ['login', 'login.failed', 'logout'];
/** A list's paging, search, order and export (no `ids` or `reference`: entries are not picked). */
const pageQuery = listQuerySchema.omit({ ids: true, reference: true, reference_id: true });

/** `resources`: the registry the server answers (its plain resources are kinds of record too). */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext, resources: readonly ResourceDeclaration[]) {
  const kinds = auditEntityKinds(resources);
  const kind = z.enum(kinds as [string, ...string[]], { error: 'validation.invalidInput' });
  /**
   * A page's entries get their pages and people looked up (and, on the audit log, their records' names:
   * `withNames`); an export is written as it is read.
   */
  const answer = async (request: FastifyRequest, reply: FastifyReply, listed: Listed<AuditListRow>, withNames = false) =>
    'rows' in listed
      ? list(reply, await shownEntries(ctx, listed.rows, resources, { withOrigin: callerOf(request).role === 'Admin', withNames }), listed.meta)
      : answerList(reply, listed, (row) => exportedEntry(row, resources));
  const trailQuery = pageQuery.extend({
    actor: recordId.optional().describe("the person who acted: a user's id"),
    entity: kind.optional().describe('the kind of record'),
    entity_id: recordId.optional().describe("the record's id"),
    from: day.optional(),
    to: day.optional(),
    action: actionList.optional().describe('these actions only: action names separated by commas'),
    sign_ins: z.enum(['shown', 'hidden']).optional().describe('hidden: without sign-ins and sign-outs (and failed sign-ins)'),
    search_actions: actionList
      .optional()
      .describe("the actions whose label on the caller's screen holds the search text (the admin names them): the search finds their entries too"),
  });

  app.get(
    '/api/audit',
    { schema: { tags, querystring: trailQuery, response: { 200: auditListAnswer } }, onRequest: ctx.guard('audit'), config: { answerCache: true } },
    async (request, reply) => {
      const q = request.query as z.infer<typeof trailQuery>;
      const req = parseListQuery(q, { sortable: SORTABLE, defaultOrder: audit.api.defaultOrder, pageBase: 0 });
      const filters: AuditFilters = {
        actor: q.actor === undefined ? undefined : Number(q.actor),
        // a record's id alone is looked for under every kind (the record index starts with the kind)
        entities: q.entity !== undefined ? [q.entity] : q.entity_id !== undefined ? kinds : undefined,
        entityId: q.entity_id,
        from: q.from,
        before: q.to === undefined ? undefined : dayAfter(q.to),
        actions: actionsOf(q.action),
        hiddenActions: q.sign_ins === 'hidden' ? SIGN_IN_ACTIONS : undefined,
      };
      return answer(request, reply, await listAuditQuery(ctx, req, filters, kinds, actionsOf(q.search_actions)), true);
    },
  );

  // the person filter's choices: staff accounts by name or email, or the one chosen (`id`)
  const peopleQuery = z.object({ filter: listQuerySchema.shape.filter, id: recordId.optional() });
  app.get(
    '/api/audit/people',
    { schema: { tags, querystring: peopleQuery, response: { 200: staffAnswer } }, onRequest: ctx.guard('audit') },
    async (request, reply) => {
      const q = request.query as z.infer<typeof peopleQuery>;
      return item(reply, await staffQuery(ctx, (q.filter ?? '').trim(), PEOPLE_SHOWN, q.id === undefined ? undefined : [Number(q.id)]));
    },
  );

  // any Active staff member gets past the guard: the record decides (readableHistory), 403 otherwise
  const historyParams = z.object({ entity: kind, id: idNumber() });
  app.get(
    '/api/audit/:entity/:id',
    {
      schema: { tags, params: historyParams, querystring: pageQuery.pick({ page: true, limit: true }), response: { 200: auditListAnswer } },
      onRequest: ctx.guard({ name: 'record history', rule: 'staff' }),
      config: { answerCache: true },
    },
    async (request, reply) => {
      const { entity, id } = request.params as z.infer<typeof historyParams>;
      const readable = await readableHistory(ctx, callerOf(request), entity, id, resources);
      if (!readable.length) throw forbidden();
      // a record's few entries, in the order they were written
      const req = parseListQuery(request.query as z.infer<typeof pageQuery>, {
        sortable: { id: 'audit_log.id' },
        defaultOrder: { direction: 'DESC', name: 'id', type: 'default' },
        pageBase: 0,
      });
      const cases = await casesInHistory(ctx, callerOf(request), entity, id);
      return answer(request, reply, await listAuditQuery(ctx, req, { entities: readable, entityId: String(id), cases }, kinds));
    },
  );
}
