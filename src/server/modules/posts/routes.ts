// Posts and itineraries (spec §7 "Posts and itineraries"): list by type, detail, the admin form's
// create / update with places and images, sequence, and soft delete (deleted_at) so reports keep
// pointing at what was reported. Post-list opens posts, Itinerary-list itineraries.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ResourceName } from '@shared/access';
import { englishMessage } from '@shared/validation/messages';
import { postFormSchema } from '@shared/validation/post';
import { sequenceSchema } from '@shared/validation/user';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { doneAnswer, refusals } from '@server/http/answers';
import { notFound } from '@server/http/errors';
import { asList, parseWith, readForm } from '@server/http/form';
import { listQuerySchema, parseListQuery } from '@server/http/list';
import { filterQueryShape, readFilters } from '@server/http/listFilters';
import { answerList, item, ok } from '@server/http/reply';
import { idParams } from '@server/http/zod';
import { atomically, audit } from '../audit/trail';
import { auditEdit, saveEdit } from '../audit/edits';
import { removeIfUnreferenced } from '@server/uploads/references';
import { postAnswer, postForm, postListAnswer, postSavedAnswer } from './answers';
import { findPostSummary, listPostsQuery } from './queries';
import { restorePost } from '../trash/service';
import { auditedPost, loadPost, type PostType, savePost, setPostSequence, softDeletePost } from './service';
import { post, type SortColumns } from '@shared/resources/index';

const tags = ['posts'];
const resourceOf = (type: string): ResourceName => (type === 'itinerary' ? 'itinerary' : 'post');
const postListQuery = listQuerySchema.extend({ type: z.enum(['post', 'itinerary']).default('post'), ...filterQueryShape(post.filters) });

const SORTABLE = {
  id: 'posts.id',
  title: 'posts.title',
  description: 'posts.description',
  sequence: 'posts.sequence',
  created_at: 'posts.created_at',
  // the author's name copied onto the post (db/authorNames.ts): sorted through an index, no join
  user: 'posts.user_name',
  is_planeed: 'posts.is_planeed',
  is_public: 'posts.is_public',
} as const satisfies SortColumns<typeof post>;

/** Lists in a form field: JSON text (the admin's dialog), repeated fields or `name[]`. */
function formLists(fields: Record<string, unknown>) {
  const spotData = typeof fields.spotData === 'string' ? safeJson(fields.spotData) : fields.spotData;
  return {
    ...fields,
    category_id: asList(fields.category_id),
    tag_id: asList(fields.tag_id),
    deleted_spots: asList(fields.deleted_spots),
    spotData: spotData === undefined ? [] : spotData,
  };
}
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function postRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  // refused before anything is read; the post's type then decides between Post-list and Itinerary-list
  const postsRule = ctx.guard(['post', 'itinerary']);

  /** The post, after checking the caller may act on its type. */
  const findPost = async (request: FastifyRequest, id: number) => {
    const post = await findPostSummary(db, id);
    if (!post) {
      await ctx.requireAccess(request, ['post', 'itinerary']);
      throw notFound();
    }
    await ctx.requireAccess(request, resourceOf(post.type));
    return post;
  };

  app.get(
    '/api/post',
    { schema: { tags, querystring: postListQuery, response: { 200: postListAnswer } }, onRequest: postsRule, config: { answerCache: true } },
    async (request, reply) => {
      const q = request.query as z.infer<typeof postListQuery>;
      await ctx.requireAccess(request, resourceOf(q.type));
      const req = parseListQuery(q, {
        sortable: SORTABLE,
        defaultOrder: post.api.defaultOrder,
        pageBase: 0,
        // a person's posts / spots (getManyReference)
        references: { user_id: 'posts.user_id' },
      });
      return answerList(reply, await listPostsQuery(ctx, q.type, req, readFilters(q, post.filters)), (r) => ({ ...r, spotCount: Number(r.spotCount ?? 0) }));
    },
  );

  app.get('/api/post/:id', { schema: { tags, params: idParams, response: { 200: postAnswer } }, onRequest: postsRule }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof idParams>;
    await findPost(request, id);
    return item(reply, await loadPost(db, id));
  });

  // 404: the post named by `id`, or a spot row's `id`, is no such record (or the post was deleted)
  app.post(
    '/api/post/createUpdateAdminPost',
    { schema: { tags, form: postForm, files: ['images'], response: { 200: postSavedAnswer, ...refusals(404) } }, onRequest: postsRule },
    async (request, reply) => {
      const { fields, files } = await readForm(request);
      const input = parseWith(postFormSchema, formLists(fields));
      const caller = input.id ? (await findPost(request, input.id), callerOf(request)) : await ctx.requireAccess(request, resourceOf(input.type));
      const images = files.filter((f) => f.field === 'images' || f.field === 'images[]');
      const before = input.id ? await loadPost(db, input.id) : null;
      const saving = () =>
        savePost(ctx, input, images, {
          caller,
          // the audit trail keeps the changed fields of an edit, the fields of a new post
          audited: async (id) => {
            const after = auditedPost((await loadPost(db, id))!);
            if (before) await auditEdit(ctx, caller.userId, input.type, id, { before: auditedPost(before), after });
            else await audit(ctx, caller.userId, 'create', input.type, id, { created: after });
          },
        });
      const result = before ? await saveEdit(ctx, saving, () => ({ id: before.id, created: false, replacedImages: [] })) : await saving();
      await Promise.all(result.replacedImages.map((url) => removeIfUnreferenced(ctx, url)));
      const saved = (await loadPost(db, result.id))!;
      const message = englishMessage(result.created ? 'postAdded' : (before?.type ?? input.type) === 'itinerary' ? 'itineraryUpdated' : 'postUpdated');
      return ok(reply, { data: saved, id: result.id }, message);
    },
  );

  app.post('/api/post/sequence/change', { schema: { tags, body: sequenceSchema, response: { 200: doneAnswer, ...refusals(404) } }, onRequest: postsRule }, async (request, reply) => {
    const { id, sequence } = request.body as z.infer<typeof sequenceSchema>;
    const post = await findPost(request, id);
    await atomically(ctx, async () => {
      const before = await setPostSequence(db, post.id, sequence);
      // before → after, as every other change reads in the History
      await audit(ctx, callerOf(request).userId, 'sequence', post.type, id, { before: { sequence: before }, after: { sequence } });
    });
    return ok(reply, null, englishMessage('sequenceUpdated'));
  });

  // Both delete calls of the spec soft-delete: the post leaves the lists, its reports still find it.
  for (const path of ['/api/post/adminPostDelete/:id', '/api/post/delete/:id']) {
    app.delete(path, { schema: { tags, params: idParams, response: { 200: doneAnswer } }, onRequest: postsRule }, async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const post = await findPost(request, id);
      const actor = callerOf(request).userId;
      await atomically(ctx, async () => {
        if (!post.trashed_at) await softDeletePost(db, id, actor);
        await audit(ctx, actor, 'delete', post.type, id, { title: post.title });
      });
      return ok(reply, null, englishMessage((post.type as PostType) === 'itinerary' ? 'itineraryDeleted' : 'postDeleted'));
    });
  }

  // The toast's Undo of a delete (issue 35): the one who deleted, within a few minutes, with the post's
  // own permission; later (or for someone else's delete) an Admin restores it from the Trash.
  app.post(
    '/api/post/undoDelete/:id',
    { schema: { tags, params: idParams, body: z.object({}), response: { 200: doneAnswer, ...refusals(404, 409) } }, onRequest: postsRule },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      await findPost(request, id);
      await atomically(ctx, () => restorePost(ctx, callerOf(request).userId, id, { undo: true }));
      return ok(reply, null, englishMessage('postRestored'));
    },
  );
}
