// The calls of a plain resource, made from its declaration alone (src/shared/resources/<name>.ts with
// `storage`): the list with search, sort and pages (list.ts), one record, create, update and delete, each
// behind the declaration's rule, each body checked by the same zod schema as the admin's form. Nothing here is
// written for one resource: declaring one is enough for the server to answer it. The call shapes come
// from the declaration: an add dialog of several rows makes a create of several rows (rows.ts), an
// update without a create of its own (or at the same path) one save that creates or updates (save.ts); the
// spec's tables (`storage.migrations: 'hand-written'`) take its clients' bodies, JSON or a multipart
// form. What only the server knows of a resource comes with its module (serverPart.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordSchema, storedRecordSchema, typedFields, uniqueField } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/index';
import { auditEntityOf } from '@shared/audit';
import { englishMessage } from '@shared/validation/messages';
import { idNumber, recordVersion } from '@shared/validation/common';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { notFound } from '@server/http/errors';
import { parseWith, readForm } from '@server/http/form';
import { answerOf, doneAnswer, itemAnswer, refusals, timestamp, whole } from '@server/http/answers';
import { item, ok } from '@server/http/reply';
import { idParams } from '@server/http/zod';
import { atomically, audit } from '../audit/trail';
import { auditEdit, saveEdit } from '../audit/edits';
import { declaredImageRoute } from './images';
import { declaredList } from './list';
import { declaredRowsCreate } from './rows';
import { declaredSave } from './save';
import { type DeclaredServerPart, messageOf, storedByPart, takenRefusalOf } from './serverPart';
import { declaredStore, handWritten } from './store';
import { dropUnshownImages, referencesTo } from './values';

/** `/api` + a declared call's path, its `:id` kept as Fastify's parameter. */
const routePath = (path: string) => `/api${path}`;

/**
 * `part`: what only the resource's module knows (serverPart.ts); `registry`: the declared resources with
 * storage, which its reference fields may name.
 */
export async function declaredRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  resource: ResourceDeclaration,
  { part = {}, registry = [resource] }: { part?: DeclaredServerPart; registry?: readonly ResourceDeclaration[] } = {},
) {
  const store = declaredStore(ctx.db, resource, { registry, refuseTaken: takenRefusalOf(resource, part) });
  const { api } = resource;
  const tags = [part.tag ?? resource.name];
  const own = { name: resource.name, rule: resource.rule };
  const body = recordSchema(resource);
  const entity = auditEntityOf(resource.name);
  // the record as answered: its typed fields and its version
  const record = storedRecordSchema(resource).extend({ updated_at: timestamp.nullable() });
  const message = (text: Parameters<typeof messageOf>[1]) => englishMessage(messageOf(resource, text, part));
  // the spec's clients send forms (JSON or multipart) to its tables' calls; a body of another is JSON
  const forms = handWritten(resource);
  const schemaOf = (schema: z.ZodObject) => (forms ? { form: schema } : { body: schema });
  const valuesOf = async (request: { body: unknown }, schema: z.ZodObject) =>
    forms ? parseWith(schema, (await readForm(request as Parameters<typeof readForm>[0])).fields) : (request.body as Record<string, unknown>);
  // a taken value of a `unique` field is a 409 (store.ts), as is an edit's stale version
  const taken = uniqueField(resource) ? refusals(409) : {};
  const found = (row: Record<string, unknown> | undefined) => {
    if (!row) throw notFound();
    return row;
  };

  declaredList(app, ctx, resource, { store, record, tags });

  if (api.one) {
    app.get(routePath(api.one), { schema: { tags, params: idParams, response: { 200: itemAnswer(record) } }, onRequest: ctx.guard(own) }, async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      return item(reply, found(await store.one(id)));
    });
  }

  const saves = api.update && (!api.create || api.create === api.update);
  if (saves) declaredSave(app, ctx, resource, { store, record, tags, part });
  else if (api.create && resource.screens?.addRows) declaredRowsCreate(app, ctx, resource, { store, record, tags, part });
  else if (api.create) {
    app.post(routePath(api.create), { schema: { tags, ...schemaOf(body), response: { 200: answerOf(z.object({ id: whole, data: record })), ...taken } }, onRequest: ctx.guard(own) }, async (request, reply) => {
      const values = storedByPart(part, await valuesOf(request, body));
      const created = await atomically(ctx, async () => {
        const row = await store.insert(values);
        await audit(ctx, callerOf(request).userId, 'create', entity, Number(row.id), { created: row });
        return row;
      });
      return ok(reply, { id: created.id, data: created }, message('added'));
    });
  }

  if (api.update && !saves) {
    const edit = body.extend({ id: idNumber(), updated_at: recordVersion });
    app.post(routePath(api.update), { schema: { tags, ...schemaOf(edit), response: { 200: itemAnswer(record), ...refusals(404, 409) } }, onRequest: ctx.guard(own) }, async (request, reply) => {
      const { id, updated_at: expected, ...values } = (await valuesOf(request, edit)) as { id: number; updated_at?: string } & Record<string, unknown>;
      const changed = await saveEdit(
        ctx,
        async () => {
          const saved = await store.update(id, storedByPart(part, values), expected);
          if (!saved) throw notFound();
          await dropUnshownImages(ctx, registry, resource, saved.before, saved.after);
          await auditEdit(ctx, callerOf(request).userId, entity, id, saved);
          return saved;
        },
        async () => ({ after: found(await store.one(id)) }),
      );
      return ok(reply, { data: changed.after }, message('updated'));
    });
  }

  if (typedFields(resource).some((f) => f.type === 'image')) await declaredImageRoute(app, ctx, resource);

  if (api.remove) {
    // a record that a reference field still names is not deleted (store.ts)
    const referenced = referencesTo(resource, registry).length ? refusals(409) : {};
    app.delete(routePath(api.remove), { schema: { tags, params: idParams, response: { 200: doneAnswer, ...referenced } }, onRequest: ctx.guard(own) }, async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      await atomically(ctx, async () => {
        const before = found(await store.remove(id, part.onDelete));
        await dropUnshownImages(ctx, registry, resource, before);
        await audit(ctx, callerOf(request).userId, 'delete', entity, id, { before });
      });
      return ok(reply, null, message('deleted'));
    });
  }
}
