// The Trash (issue 35, Admins only): the posts and itineraries staff deleted, newest deleted first, and
// their restore (one or several at once, all or none), each restore audited on the post.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { englishMessage } from '@shared/validation/messages';
import { trash } from '@shared/resources/access';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { answerOf, listAnswer, maybeText, refusals, timestamp, whole } from '@server/http/answers';
import { listQuerySchema, parseListQuery } from '@server/http/list';
import { answerList, ok } from '@server/http/reply';
import { atomically } from '../audit/trail';
import { listTrashQuery } from './queries';
import { restorePost } from './service';

const tags = ['trash'];
const POST_TYPES = ['post', 'itinerary'] as const;
const trashQuery = listQuerySchema.omit({ format: true, columns: true, reference: true, reference_id: true }).extend({ type: z.enum(POST_TYPES).default('post') });
const SORTABLE = { deleted_at: 'posts.trashed_at', id: 'posts.id', title: 'posts.title' } as const;
/** at most a page of the Trash at once */
const MAX_RESTORED = 100;

const trashRow = z.object({
  id: whole,
  type: z.enum(POST_TYPES),
  title: z.string(),
  description: maybeText,
  user_id: whole,
  user: maybeText.describe("the author's name"),
  created_at: timestamp,
  deleted_at: timestamp.describe('when it was deleted (put in the Trash)'),
  deleted_by: maybeText.describe('who deleted it; null once their account is gone'),
});
const restoreBody = z.object({ ids: z.array(whole.positive()).min(1).max(MAX_RESTORED) });
const restoredAnswer = answerOf(z.object({ ids: z.array(whole) }));

export async function trashRoutes(app: FastifyInstance, ctx: AppContext) {
  const onRequest = ctx.guard(trash);

  app.get('/api/trash', { schema: { tags, querystring: trashQuery, response: { 200: listAnswer(trashRow) } }, onRequest }, async (request, reply) => {
    const q = request.query as z.infer<typeof trashQuery>;
    const req = parseListQuery(q, { sortable: SORTABLE, defaultOrder: { direction: 'DESC', name: 'deleted_at', type: 'default' }, pageBase: 0 });
    return answerList(reply, await listTrashQuery(ctx, q.type, req));
  });

  // 404: a post gone with its author's account; 409: one not in the Trash (restored already): nothing is restored then
  app.post(
    '/api/trash/restore',
    { schema: { tags, body: restoreBody, response: { 200: restoredAnswer, ...refusals(404, 409) } }, onRequest },
    async (request, reply) => {
      const { ids } = request.body as z.infer<typeof restoreBody>;
      const actor = callerOf(request).userId;
      const unique = [...new Set(ids)];
      await atomically(ctx, async () => {
        for (const id of unique) await restorePost(ctx, actor, id);
      });
      return ok(reply, { ids: unique }, englishMessage('trashRestored', { count: unique.length }));
    },
  );
}
