// Bulk edit of everything that matches (issue 35): a change to ticked rows or to everything the list's
// search and filters match, worked as a server job (jobs.ts) with the same permission as the single edit;
// the caller's jobs and their progress; the Undo, for BULK_UNDO_MS after the job finished.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ResourceName } from '@shared/access';
import { BULK_UNDO_MS, type BulkChange, MAX_BULK_IDS, type ResourceDeclaration } from '@shared/resources/index';
import { englishMessage } from '@shared/validation/messages';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { answerOf, refusals, whole } from '@server/http/answers';
import { badRequest } from '@server/http/errors';
import { ok } from '@server/http/reply';
import { idParams } from '@server/http/zod';
import type { DeclaredServerPart } from '../declared/serverPart';
import { checkedChange, isFinal, targetOf } from './changes';
import { createJobRunner } from './jobs';
import { jobAnswer, myJobs, newJob, ownerOf, ownJob, takeUndo } from './queries';
import { bulkResources, matchingIds } from './selection';

const tags = ['bulk'];
const field = z.string().min(1).max(60);
const changeSchema = z.union([
  z.object({ field, value: z.union([z.string().max(200), z.boolean()]) }).strict(),
  z.object({ field, add: whole.positive() }).strict(),
  z.object({ field, remove: whole.positive() }).strict(),
  z.object({ delete: z.literal(true) }).strict(),
]);
const bulkBody = z
  .object({
    change: changeSchema,
    ids: z.array(whole.positive()).min(1).max(MAX_BULK_IDS).optional().describe('the ticked rows'),
    query: z.record(z.string(), z.string().max(200)).optional().describe("everything that matches: the list's search (filter) and filter parameters"),
  })
  .strict();

/** `parts`: the plain resources' server parts (what goes with a deleted row). */
export async function bulkRoutes(app: FastifyInstance, ctx: AppContext, registry: readonly ResourceDeclaration[], parts: Readonly<Record<string, DeclaredServerPart>>) {
  const resources = bulkResources(registry);
  if (!resources.length) return;
  const named = (name: string) => resources.find((r) => r.name === name);
  const runner = createJobRunner(ctx, {
    resourceNamed: named,
    matching: async (resource, ownerId, query) => {
      return matchingIds(ctx, resource, await ownerOf(ctx, ownerId), query);
    },
    target: (resource, change) => targetOf(ctx, resource, registry.filter((r) => r.storage), change, parts[resource.name]?.onDelete),
  });
  app.addHook('onReady', () => runner.resume());
  app.addHook('onClose', async () => runner.stop());

  const names = resources.map((r) => r.name) as [string, ...string[]];
  const resourceParams = z.object({ resource: z.enum(names) });
  // any staff member: a change then needs the resource's own rule; a job is its owner's only
  const everyone = ctx.guard('dashboard');

  // 400: a field the resource does not declare for bulk, a value its form refuses, a bad query: nothing is written
  app.post(
    '/api/bulk/:resource',
    { schema: { tags, params: resourceParams, body: bulkBody, response: { 200: answerOf(jobAnswer), ...refusals(400) } }, onRequest: everyone },
    async (request, reply) => {
      const { resource: name } = request.params as z.infer<typeof resourceParams>;
      const resource = named(name)!;
      // the single edit's permission
      const caller = await ctx.requireAccess(request, resource.name as ResourceName);
      const body = request.body as z.infer<typeof bulkBody>;
      if (!body.ids === !body.query) throw badRequest(englishMessage('bulkSelection'), { ids: 'ids or query' });
      const change = await checkedChange(ctx, resource, body.change as BulkChange);
      // a bad query is refused now, not in the job
      if (body.query) await matchingIds(ctx, resource, caller, body.query).return(undefined);
      const job = await newJob(ctx, caller.userId, resource.name, change, body.ids ? { ids: body.ids } : { query: body.query! });
      runner.start(job.id);
      return ok(reply, job, englishMessage('bulkStarted'));
    },
  );

  app.get('/api/bulk/jobs', { schema: { tags, response: { 200: answerOf(z.array(jobAnswer)) } }, onRequest: everyone }, async (request, reply) =>
    ok(reply, await myJobs(ctx, callerOf(request).userId)),
  );

  app.get('/api/bulk/jobs/:id', { schema: { tags, params: idParams, response: { 200: answerOf(jobAnswer), ...refusals(404) } }, onRequest: everyone }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof idParams>;
    return ok(reply, await ownJob(ctx, callerOf(request).userId, id));
  });

  // 404: not the caller's job; 409: not finished, past its Undo, undone already, or a delete that cannot be undone
  app.post(
    '/api/bulk/jobs/:id/undo',
    { schema: { tags, params: idParams, body: z.object({}).strict(), response: { 200: answerOf(jobAnswer), ...refusals(404, 409) } }, onRequest: everyone },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const caller = callerOf(request);
      const job = await ownJob(ctx, caller.userId, id);
      const resource = named(job.resource);
      if (resource) await ctx.requireAccess(request, resource.name as ResourceName);
      const undo = await takeUndo(ctx, job, !!resource && !isFinal(resource, job.change as BulkChange), BULK_UNDO_MS);
      runner.start(undo.id);
      return ok(reply, undo, englishMessage('bulkUndoStarted'));
    },
  );
}
