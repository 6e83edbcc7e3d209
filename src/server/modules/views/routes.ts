// Saved views of the lists (issue 35): list a list's views, read one (a `?view=` link), save, change
// (rename, share, save over) and delete. Any Active staff member reaches the calls; the list's own rule
// and the view's owner decide the rest (service.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { viewCreateSchema, viewListQuery, viewStateSchema, viewUpdateSchema } from '@shared/savedViews';
import { englishMessage } from '@shared/validation/messages';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { answerOf, doneAnswer, itemAnswer, maybeText, refusals, timestamp, whole } from '@server/http/answers';
import { item, ok } from '@server/http/reply';
import { idParams } from '@server/http/zod';
import { createView, deleteView, listViews, readView, updateView } from './service';

const savedView = z.object({
  id: whole,
  resource: z.string(),
  name: z.string(),
  state: viewStateSchema,
  shared: z.boolean(),
  mine: z.boolean(),
  editable: z.boolean(),
  owner_name: maybeText,
  updated_at: timestamp,
});
const viewAnswer = itemAnswer(savedView);

export async function viewRoutes(app: FastifyInstance, ctx: AppContext) {
  const tags = ['saved views'];
  // any Active staff member; the list's rule is checked per view
  const guard = ctx.guard('dashboard');
  const idOf = (request: { params: unknown }) => (request.params as z.infer<typeof idParams>).id;

  app.get(
    '/api/views',
    { schema: { tags, querystring: viewListQuery, response: { 200: answerOf(z.object({ data: z.array(savedView) })) } }, onRequest: guard },
    async (request, reply) => {
      const { resource } = request.query as z.infer<typeof viewListQuery>;
      return ok(reply, { data: await listViews(ctx, callerOf(request), resource) });
    },
  );

  app.get('/api/views/:id', { schema: { tags, params: idParams, response: { 200: viewAnswer } }, onRequest: guard }, async (request, reply) =>
    item(reply, await readView(ctx, callerOf(request), idOf(request))),
  );

  app.post(
    '/api/views',
    { schema: { tags, body: viewCreateSchema, response: { 200: viewAnswer, ...refusals(409) } }, onRequest: guard },
    async (request, reply) => {
      const view = await createView(ctx, callerOf(request), request.body as z.infer<typeof viewCreateSchema>);
      return item(reply, view, englishMessage('viewSaved', { name: view.name }));
    },
  );

  app.post(
    '/api/views/:id',
    { schema: { tags, params: idParams, body: viewUpdateSchema, response: { 200: viewAnswer, ...refusals(409) } }, onRequest: guard },
    async (request, reply) => {
      const view = await updateView(ctx, callerOf(request), idOf(request), request.body as z.infer<typeof viewUpdateSchema>);
      return item(reply, view, englishMessage('viewUpdated', { name: view.name }));
    },
  );

  app.delete('/api/views/:id', { schema: { tags, params: idParams, response: { 200: doneAnswer } }, onRequest: guard }, async (request, reply) => {
    const name = await deleteView(ctx, callerOf(request), idOf(request));
    return ok(reply, null, englishMessage('viewDeleted', { name }));
  });
}
