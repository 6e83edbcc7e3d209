// Categories, tags and report categories share one shape (spec §7): a name, a status, a list with
// search, a create that takes several rows and reports duplicates, an update and a delete. Each
// resource declares what differs (paths, permission, how names are stored, messages) and this module
// registers its routes.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ResourceName } from '@shared/access';
import { CATALOGUE_STATUSES, type NamedKind, namedEditSchema, namedRowsSchema } from '@shared/validation/simpleLists';
import { idNumber } from '@shared/validation/common';
import { type ErrorMessageKey, englishMessage } from '@shared/validation/messages';
import { nameKey } from '@shared/text';
import { callerOf } from '../../auth/guard';
import type { AppContext } from '../../context';
import { isUniqueViolation, now } from '../../db/index';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { asList, oneOrMany, parseWith, readForm } from '../../http/form';
import { answerOf, doneAnswer, itemAnswer, refusals, timestamp, whole } from '../../http/answers';
import { ok } from '../../http/reply';
import { idParams } from '../../http/zod';
import { audit } from '../auth/service';
import { tableListRoute } from './tableListRoute';
import { category, type SortColumns } from '@shared/resources/index';

type NamedTable = 'categories' | 'tags' | 'report_categories';

export interface NamedStatusSpec {
  kind: NamedKind;
  table: NamedTable;
  /** OpenAPI tag */
  tag: string;
  /** the permission rule that opens the screen and every write */
  resource: ResourceName;
  /** others that may read the list (the post form's pickers) */
  readers?: ResourceName[];
  paths: { list: string; create: string; update: string; remove: string };
  /** how a name is stored (capitalised, lower case, as typed) */
  storeName: (name: string) => string;
  messages: { added: ErrorMessageKey; updated: ErrorMessageKey; deleted: ErrorMessageKey; duplicates: ErrorMessageKey };
  /** the spec's shape of the duplicates in a create answer, beside the uniform `duplicates` list */
  duplicatesPayload: (names: string[]) => Record<string, unknown>;
  /** rows that point at an item and must go (or be cleared) with it, so posts and reports stay consistent */
  onDelete?: (trx: Kysely<Database>, id: number) => Promise<void>;
}

const SORTABLE = { id: 'id', name: 'name', status: 'status', created_at: 'created_at' } as const satisfies SortColumns<typeof category>;
const COLUMNS = ['id', 'name', 'status', 'created_at'] as const;
const namedRow = z.object({ id: whole, name: z.string(), status: z.string(), created_at: timestamp });
/** The add dialog's rows as the form sends them: a name and a status, or lists of both (row by row). */
const namedRowsForm = z.object({ name: oneOrMany(z.string()), status: oneOrMany(z.enum(CATALOGUE_STATUSES)) });
/** A create: the rows added, and the names refused as duplicates (all of them refused is a 409). */
const createdAnswer = answerOf(z.looseObject({ id: whole, created: z.array(namedRow), duplicates: z.array(z.string()) }));

export async function namedStatusRoutes(app: FastifyInstance, ctx: AppContext, spec: NamedStatusSpec) {
  const { db } = ctx;
  const { table } = spec;
  const tags = [spec.tag];
  const rowsSchema = namedRowsSchema(spec.kind);
  const editSchema = namedEditSchema(spec.kind).extend({ id: idNumber() });
  const duplicatesText = (names: string[]) => englishMessage(spec.messages.duplicates, { names: names.join(', ') });

  tableListRoute(app, ctx, {
    path: spec.paths.list,
    table,
    tags,
    resources: [spec.resource, ...(spec.readers ?? [])],
    columns: COLUMNS,
    row: namedRow,
    sortable: SORTABLE,
    defaultOrder: { direction: 'ASC', name: 'name', type: 'default' },
  });

  app.post(spec.paths.create, { schema: { tags, form: namedRowsForm, response: { 200: createdAnswer, ...refusals(409) } }, onRequest: ctx.guard(spec.resource) }, async (request, reply) => {
    const { fields } = await readForm(request);
    const names = asList(fields.name);
    const statuses = asList(fields.status);
    const { rows } = parseWith(rowsSchema, { rows: names.map((name, i) => ({ name, status: statuses[i] })) });
    const stamp = now();
    const created: { id: number; name: string; status: string; created_at: string }[] = [];
    const duplicates: string[] = [];
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const name = spec.storeName(row.name);
        // The unique name_key decides, so two staff adding the same name at once cannot both win.
        const inserted = await trx
          .insertInto(table)
          .values({ name, name_key: nameKey(name), status: row.status, created_at: stamp, updated_at: stamp })
          .onConflict((oc) => oc.column('name_key').doNothing())
          .returning([...COLUMNS])
          .executeTakeFirst();
        if (inserted) created.push(inserted);
        else duplicates.push(name);
      }
    });
    const payload = { ...spec.duplicatesPayload(duplicates), duplicates, created };
    if (!created.length) throw conflict(duplicatesText(duplicates), payload);
    await audit(ctx, callerOf(request).userId, 'create', spec.kind, created.map((c) => c.id).join(','), { created, duplicates });
    return ok(reply, { ...payload, id: created[0].id }, englishMessage(spec.messages.added));
  });

  app.post(spec.paths.update, { schema: { tags, form: editSchema, response: { 200: itemAnswer(namedRow), ...refusals(404, 409) } }, onRequest: ctx.guard(spec.resource) }, async (request, reply) => {
    const { fields } = await readForm(request);
    const { id, name: typed, status } = parseWith(editSchema, fields);
    const name = spec.storeName(typed);
    const before = await db.selectFrom(table).select([...COLUMNS]).where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound();
    const taken = await db
      .selectFrom(table)
      .select('id')
      .where('name_key', '=', nameKey(name))
      .where('id', '<>', id)
      .executeTakeFirst();
    const duplicate = () => conflict(duplicatesText([name]), { ...spec.duplicatesPayload([name]), duplicates: [name] });
    if (taken) throw duplicate();
    await db
      .updateTable(table)
      .set({ name, name_key: nameKey(name), status, updated_at: now() })
      .where('id', '=', id)
      .execute()
      // a concurrent save of the same name got there first: the unique name_key decides
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? duplicate() : err;
      });
    await audit(ctx, callerOf(request).userId, 'update', spec.kind, id, { before, after: { name, status } });
    return ok(reply, { data: { ...before, name, status } }, englishMessage(spec.messages.updated));
  });

  app.delete(
    `${spec.paths.remove}/:id`,
    { schema: { tags, params: idParams, response: { 200: doneAnswer } }, onRequest: ctx.guard(spec.resource) },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const before = await db.selectFrom(table).select([...COLUMNS]).where('id', '=', id).executeTakeFirst();
      if (!before) throw notFound();
      await db.transaction().execute(async (trx) => {
        await spec.onDelete?.(trx, id);
        await trx.deleteFrom(table).where('id', '=', id).execute();
      });
      await audit(ctx, callerOf(request).userId, 'delete', spec.kind, id, { before });
      return ok(reply, null, englishMessage(spec.messages.deleted));
    },
  );
}
