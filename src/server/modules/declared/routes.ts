// The calls of a plain resource, made from its declaration alone (src/shared/resources/<name>.ts with
// `storage`): the list with search, sort and pages, one record, create, update and delete, each behind
// the declaration's rule, each body checked by the same zod schema as the admin's form. Nothing here is
// written for one resource: declaring one is enough for the server to answer it.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ResourceName } from '@shared/access';
import { recordSchema, storedRecordSchema, typedFields, uniqueField } from '@shared/resources/fields';
import { type ResourceDeclaration, sortNames } from '@shared/resources/index';
import { englishMessage } from '@shared/validation/messages';
import { idNumber, recordVersion } from '@shared/validation/common';
import { callerOf } from '../../auth/guard';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { listQuerySchema, parseListQuery } from '../../http/list';
import { readList } from '../../db/list';
import { answerOf, doneAnswer, itemAnswer, listAnswer, refusals, whole } from '../../http/answers';
import { answerList, item, ok } from '../../http/reply';
import { idParams } from '../../http/zod';
import { atomically, audit } from '../audit/trail';
import { auditEdit, saveEdit } from '../audit/edits';
import { declaredImageRoute } from './images';
import { declaredStore, holdsTerm } from './store';
import { dropUnshownImages, referencesTo } from './values';

/** `/api` + a declared call's path, its `:id` kept as Fastify's parameter. */
const routePath = (path: string) => `/api${path}`;

/** `registry`: the declared resources with storage, which its reference fields may name. */
export async function declaredRoutes(app: FastifyInstance, ctx: AppContext, resource: ResourceDeclaration, registry: readonly ResourceDeclaration[] = [resource]) {
  const store = declaredStore(ctx.db, resource, registry);
  const { api } = resource;
  const tags = [resource.name];
  const own = { name: resource.name, rule: resource.rule };
  const readers = [own, ...((resource.readers ?? []) as ResourceName[])];
  const body = recordSchema(resource);
  const sortable = Object.fromEntries(sortNames(resource).map((name) => [name, name]));
  const entity = resource.name;
  const record = storedRecordSchema(resource);
  // a taken value of a `unique` field is a 409 (store.ts), as is an edit's stale version
  const taken = uniqueField(resource) ? refusals(409) : {};
  const found = (row: Record<string, unknown> | undefined) => {
    if (!row) throw notFound();
    return row;
  };

  app.get(
    routePath(api.list),
    { schema: { tags, querystring: listQuerySchema, response: { 200: listAnswer(record) } }, onRequest: ctx.guard(readers), config: { answerCache: true } },
    async (request, reply) => {
      const req = parseListQuery(request.query as z.infer<typeof listQuerySchema>, { sortable, defaultOrder: api.defaultOrder, pageBase: api.pageBase });
      const listed = await readList(store.listed(), store.select, req, 'id', {
        db: ctx.db,
        name: `declared ${store.table}`,
        search: () => holdsTerm(req.filter),
      });
      return answerList(reply, listed, store.answered);
    },
  );

  if (api.one) {
    app.get(routePath(api.one), { schema: { tags, params: idParams, response: { 200: itemAnswer(record) } }, onRequest: ctx.guard(own) }, async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      return item(reply, found(await store.one(id)));
    });
  }

  if (api.create) {
    app.post(routePath(api.create), { schema: { tags, body, response: { 200: answerOf(z.object({ id: whole, data: record })), ...taken } }, onRequest: ctx.guard(own) }, async (request, reply) => {
      const created = await atomically(ctx, async () => {
        const row = await store.insert(request.body as Record<string, unknown>);
        await audit(ctx, callerOf(request).userId, 'create', entity, Number(row.id), { created: row });
        return row;
      });
      return ok(reply, { id: created.id, data: created }, englishMessage('recordAdded'));
    });
  }

  if (api.update) {
    const edit = body.extend({ id: idNumber(), updated_at: recordVersion });
    app.post(routePath(api.update), { schema: { tags, body: edit, response: { 200: itemAnswer(record), ...refusals(409) } }, onRequest: ctx.guard(own) }, async (request, reply) => {
      const { id, updated_at: expected, ...values } = request.body as { id: number; updated_at?: string } & Record<string, unknown>;
      const changed = await saveEdit(
        ctx,
        async () => {
          const saved = await store.update(id, values, expected);
          if (!saved) throw notFound();
          await auditEdit(ctx, callerOf(request).userId, entity, id, saved);
          await dropUnshownImages(ctx, registry, resource, saved.before, saved.after);
          return saved;
        },
        async () => ({ after: found(await store.one(id)) }),
      );
      return ok(reply, { data: changed.after }, englishMessage('recordUpdated'));
    });
  }

  if (typedFields(resource).some((f) => f.type === 'image')) await declaredImageRoute(app, ctx, resource);

  if (api.remove) {
    // a record that a reference field still names is not deleted (store.ts)
    const referenced = referencesTo(resource, registry).length ? refusals(409) : {};
    app.delete(routePath(api.remove), { schema: { tags, params: idParams, response: { 200: doneAnswer, ...referenced } }, onRequest: ctx.guard(own) }, async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      await atomically(ctx, async () => {
        const before = found(await store.remove(id));
        await audit(ctx, callerOf(request).userId, 'delete', entity, id, { before });
        await dropUnshownImages(ctx, registry, resource, before);
      });
      return ok(reply, null, englishMessage('recordDeleted'));
    });
  }
}
