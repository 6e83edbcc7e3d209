// Spots (spec §7 "Spots"): the list with creator and the post or itinerary a spot belongs to, one
// POST that creates or updates, and delete (the posts that used the spot keep their other spots).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { englishMessage } from '@shared/validation/messages';
import { spotSchema } from '@shared/validation/spot';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { notFound } from '@server/http/errors';
import { doneAnswer, refusals } from '@server/http/answers';
import { parseWith, readForm } from '@server/http/form';
import { listQuerySchema, parseListQuery } from '@server/http/list';
import { filterQueryShape, readFilters } from '@server/http/listFilters';
import { answerList, ok } from '@server/http/reply';
import { idParams, savedRecordKey } from '@server/http/zod';
import { atomically, audit } from '../audit/trail';
import { auditEdit, saveEdit } from '../audit/edits';
import { spotForm, spotListAnswer, spotSavedAnswer } from './answers';
import { listSpotsQuery } from './queries';
import { deleteSpot, findSpotById, saveSpot } from './service';
import { removeIfUnreferenced } from '@server/uploads/references';
import { type SortColumns, spot } from '@shared/resources/index';

const tags = ['spots'];
const spotListQuery = listQuerySchema.extend({ typeUser: z.string().optional(), ...filterQueryShape(spot.filters) });
const SORTABLE = {
  id: 'spots.id',
  // names and places in the Turkish alphabet's order, through their generated sort keys (db/sortKey.ts)
  name: 'spots.name_sort',
  country: 'spots.country_sort',
  status: 'spots.status',
  created_at: 'spots.created_at',
  // the creator's name copied onto the spot (db/authorNames.ts), by its sort key
  created_by: 'spots.user_name_sort',
} as const satisfies SortColumns<typeof spot>;

export async function spotRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const guard = ctx.guard('spot');

  app.get(
    '/api/spot',
    {
      schema: { tags, querystring: spotListQuery, response: { 200: spotListAnswer } },
      onRequest: guard,
      config: { answerCache: true },
    },
    async (request, reply) => {
      const q = request.query as z.infer<typeof spotListQuery>;
      const req = parseListQuery(q, {
        sortable: SORTABLE,
        defaultOrder: spot.api.defaultOrder,
        pageBase: 0,
        // a person's posts / spots (getManyReference)
        references: { user_id: 'spots.user_id' },
      });
      return answerList(reply, await listSpotsQuery(ctx, req, readFilters(q, spot.filters)));
    },
  );

  // 404: the `id` named is no spot; 409: the same place under the same name exists (`data.existing`)
  app.post('/api/spot', { schema: { tags, form: spotForm, response: { 200: spotSavedAnswer, ...refusals(404, 409) } }, onRequest: guard }, async (request, reply) => {
    const { fields } = await readForm(request);
    const { id, updated_at: expected } = parseWith(savedRecordKey, fields);
    const input = parseWith(spotSchema, fields);
    const actor = callerOf(request).userId;
    // the save and its entry in the trail commit together
    const saved = await saveEdit(
      ctx,
      async () => {
        const done = await saveSpot(ctx, input, id, actor, expected);
        if (done.before) await auditEdit(ctx, actor, 'spot', id!, { before: done.before, after: input });
        else await audit(ctx, actor, 'create', 'spot', done.created!.id, input);
        return done;
      },
      () => null,
    );
    // an unchanged save: the spot as it is
    if (!saved) return ok(reply, { data: await findSpotById(db, id!) }, englishMessage('spotUpdated'));
    if (saved.before) return ok(reply, { data: saved.after }, englishMessage('spotUpdated'));
    const created = saved.created!;
    return ok(reply, { data: created, id: created.id }, englishMessage('spotAdded'));
  });

  app.delete('/api/spot/delete/:id', { schema: { tags, params: idParams, response: { 200: doneAnswer } }, onRequest: guard }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const before = await findSpotById(db, id);
    if (!before) throw notFound();
    await atomically(ctx, async () => {
      await deleteSpot(db, id);
      await audit(ctx, callerOf(request).userId, 'delete', 'spot', id, { name: before.name });
    });
    await removeIfUnreferenced(ctx, before.image);
    return ok(reply, null, englishMessage('spotDeleted'));
  });
}

