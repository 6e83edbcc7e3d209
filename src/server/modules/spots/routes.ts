// Spots (spec §7 "Spots"): the list with creator and the post or itinerary a spot belongs to, one
// POST that creates or updates, and delete (the posts that used the spot keep their other spots).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { englishMessage } from '@shared/validation/messages';
import { spotSchema } from '@shared/validation/spot';
import { callerOf } from '../../auth/guard';
import type { AppContext } from '../../context';
import { now } from '../../db/index';
import { countOf } from '../../db/counts';
import { searchCondition } from '../../db/search';
import { conflict, notFound } from '../../http/errors';
import { doneAnswer, refusals } from '../../http/answers';
import { parseWith, readForm } from '../../http/form';
import { listQuerySchema, parseListQuery, runListQuery } from '../../http/list';
import { list, ok } from '../../http/reply';
import { idParams, optionalId } from '../../http/zod';
import { audit } from '../auth/service';
import { spotForm, spotListAnswer, spotSavedAnswer } from './answers';
import { lockPlace, removeUnusedImage, sameSpot } from './service';
import { type SortColumns, spot } from '@shared/resources/index';

const tags = ['spots'];
const SORTABLE = {
  id: 'spots.id',
  name: 'spots.name',
  country: 'spots.country',
  status: 'spots.status',
  created_at: 'spots.created_at',
  // the creator's name copied onto the spot (db/authorNames.ts)
  created_by: 'spots.user_name',
} as const satisfies SortColumns<typeof spot>;
const COLUMNS = [
  'spots.id',
  'spots.name',
  'spots.status',
  'spots.address',
  'spots.city',
  'spots.state',
  'spots.country',
  'spots.post_code',
  'spots.latitude',
  'spots.longitude',
  'spots.image',
  'spots.thumbnail_url',
  'spots.created_at',
  'spots.user_id',
] as const;

export async function spotRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const guard = ctx.guard('spot');

  app.get(
    '/api/spot',
    {
      schema: { tags, querystring: listQuerySchema.extend({ typeUser: z.string().optional() }), response: { 200: spotListAnswer } },
      onRequest: guard,
      config: { answerCache: true },
    },
    async (request, reply) => {
      const req = parseListQuery(request.query as z.infer<typeof listQuerySchema>, {
        sortable: SORTABLE,
        defaultOrder: { direction: 'DESC', name: 'id', type: 'default' },
        pageBase: 0,
        // a person's posts / spots (getManyReference)
        references: { user_id: 'spots.user_id' },
      });
      const base = db.selectFrom('spots');
      const { rows, meta } = await runListQuery(
        base,
        (qb) =>
          qb
            .select(COLUMNS)
            .select('spots.user_name as created_by')
            .select((eb) => {
              // the first live post or itinerary that shows this spot ("Associated With")
              const firstPost = () =>
                eb
                  .selectFrom('post_spots')
                  .innerJoin('posts', 'posts.id', 'post_spots.post_id')
                  .whereRef('post_spots.spot_id', '=', 'spots.id')
                  .where('posts.deleted_at', 'is', null)
                  .orderBy('posts.id')
                  .limit(1);
              return [firstPost().select('posts.id').as('post_id'), firstPost().select('posts.type').as('post_type')];
            }),
        req,
        'spots.id',
        {
          db,
          name: 'spots',
          total: () => countOf(db, 'spots'),
          // a spot is found by its name and place, or by its creator's name (all in its search index)
          search: (indexed) => searchCondition(ctx.dialect, 'spots', 'spots', req.filter, indexed),
        },
      );
      return list(reply, rows, meta);
    },
  );

  // 404: the `id` named is no spot; 409: the same place under the same name exists (`data.existing`)
  app.post('/api/spot', { schema: { tags, form: spotForm, response: { 200: spotSavedAnswer, ...refusals(404, 409) } }, onRequest: guard }, async (request, reply) => {
    const { fields } = await readForm(request);
    const { id } = parseWith(optionalId, fields);
    const input = parseWith(spotSchema, fields);
    const actor = callerOf(request).userId;
    const stamp = now();
    // the same place under the same name already exists: offer it rather than store a copy (checked
    // and written under the place's lock, so two saves at once cannot both add it)
    const saved = await db.transaction().execute(async (trx) => {
      await lockPlace(trx, ctx.dialect, input.latitude, input.longitude);
      const existing = await sameSpot(trx, input, id);
      if (existing) throw conflict(englishMessage('spotExists', { name: existing.name }), { existing });
      if (id) {
        const before = await trx.selectFrom('spots').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw notFound();
        await trx.updateTable('spots').set({ ...input, updated_at: stamp }).where('id', '=', id).execute();
        return { before };
      }
      const created = await trx
        .insertInto('spots')
        .values({ ...input, user_id: actor, image: null, thumbnail_url: null, created_at: stamp, updated_at: stamp })
        .returning(['id', 'name', 'status', 'created_at'])
        .executeTakeFirstOrThrow();
      return { created };
    });
    if (saved.before) {
      await audit(ctx, actor, 'update', 'spot', id!, { before: saved.before, after: input });
      return ok(reply, { data: { ...saved.before, ...input } }, englishMessage('spotUpdated'));
    }
    const created = saved.created!;
    await audit(ctx, actor, 'create', 'spot', created.id, input);
    return ok(reply, { data: created, id: created.id }, englishMessage('spotAdded'));
  });

  app.delete('/api/spot/delete/:id', { schema: { tags, params: idParams, response: { 200: doneAnswer } }, onRequest: guard }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const before = await db.selectFrom('spots').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('post_spots').where('spot_id', '=', id).execute();
      await trx.deleteFrom('spots').where('id', '=', id).execute();
    });
    await removeUnusedImage(ctx, before.image);
    await audit(ctx, callerOf(request).userId, 'delete', 'spot', id, { name: before.name });
    return ok(reply, null, englishMessage('spotDeleted'));
  });
}

