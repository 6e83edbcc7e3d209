// Categories, tags and report categories share one shape (spec §7): a name, a status, a list with
// search, a create that takes several rows and reports duplicates, an update and a delete. Their
// declarations (src/shared/resources/) give the paths, the rule and readers, and the form rules the
// admin's dialogs use too; each module adds what only the server knows (its table, how names are
// stored, its messages, what goes with a deleted row) and this module registers the routes.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ResourceName } from '@shared/access';
import { recordSchema, rowsSchema as rowsSchemaOf } from '@shared/resources/fields';
import { ACTIVE_STATUSES } from '@shared/resources/plain';
import { idNumber, recordVersion } from '@shared/validation/common';
import { type ErrorMessageKey, englishMessage } from '@shared/validation/messages';
import { callerOf } from '../../auth/guard';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/index';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { asList, oneOrMany, parseWith, readForm } from '../../http/form';
import { answerOf, doneAnswer, itemAnswer, refusals, timestamp, whole } from '../../http/answers';
import { ok } from '../../http/reply';
import { idParams } from '../../http/zod';
import { atomically, audit, writeAudit } from '../audit/trail';
import { auditEdit, saveEdit } from '../audit/edits';
import { deleteNamedRow, findNamedRow, insertNamedRows, NAMED_COLUMNS, namedNameTaken, type NamedTable, updateNamedRow } from './namedStore';
import { tableListRoute } from './tableListRoute';
import { category, type ResourceDeclaration, type SortColumns } from '@shared/resources/index';

export interface NamedStatusSpec {
  /** its calls, rule, readers and form rules */
  declaration: NamedDeclaration;
  /** what the audit trail calls a record */
  kind: 'category' | 'tag' | 'reportCategory';
  table: NamedTable;
  /** OpenAPI tag */
  tag: string;
  /** how a name is stored (capitalised, lower case, as typed) */
  storeName: (name: string) => string;
  messages: { added: ErrorMessageKey; updated: ErrorMessageKey; deleted: ErrorMessageKey; duplicates: ErrorMessageKey };
  /** the spec's shape of the duplicates in a create answer, beside the uniform `duplicates` list */
  duplicatesPayload: (names: string[]) => Record<string, unknown>;
  /** rows that point at an item and must go (or be cleared) with it, so posts and reports stay consistent */
  onDelete?: (trx: Kysely<Database>, id: number) => Promise<void>;
}

/** A named list's declaration: its four calls are declared (namedCalls). */
type NamedDeclaration = ResourceDeclaration & { api: { create: string; update: string; remove: string } };
/** A row as its declared fields check it (namedFields: a name and a status). */
type NamedValues = { name: string; status: string };

// names in the Turkish alphabet's order, through their generated sort key (db/sortKey.ts)
const SORTABLE = { id: 'id', name: 'name_sort', status: 'status', created_at: 'created_at' } as const satisfies SortColumns<typeof category>;
const namedRow = z.object({ id: whole, name: z.string(), status: z.string(), created_at: timestamp, updated_at: timestamp });
/** The add dialog's rows as the form sends them: a name and a status, or lists of both (row by row). */
const namedRowsForm = z.object({ name: oneOrMany(z.string()), status: oneOrMany(z.enum(ACTIVE_STATUSES)) });
/** A create: the rows added, and the names refused as duplicates (all of them refused is a 409). */
const createdAnswer = answerOf(z.looseObject({ id: whole, created: z.array(namedRow), duplicates: z.array(z.string()) }));

export async function namedStatusRoutes(app: FastifyInstance, ctx: AppContext, spec: NamedStatusSpec) {
  const { db } = ctx;
  const { table } = spec;
  const tags = [spec.tag];
  const { declaration } = spec;
  const resource = declaration.name as ResourceName;
  const { api } = declaration;
  const paths = { list: `/api${api.list}`, create: `/api${api.create}`, update: `/api${api.update}`, remove: `/api${api.remove}` };
  const rowsSchema = rowsSchemaOf(declaration);
  const editSchema = recordSchema(declaration).extend({ id: idNumber(), updated_at: recordVersion });
  const duplicatesText = (names: string[]) => englishMessage(spec.messages.duplicates, { names: names.join(', ') });

  tableListRoute(app, ctx, {
    path: paths.list,
    table,
    tags,
    resources: [resource, ...((declaration.readers ?? []) as ResourceName[])],
    columns: NAMED_COLUMNS,
    row: namedRow,
    sortable: SORTABLE,
    defaultOrder: api.defaultOrder,
  });

  app.post(paths.create, { schema: { tags, form: namedRowsForm, response: { 200: createdAnswer, ...refusals(409) } }, onRequest: ctx.guard(resource) }, async (request, reply) => {
    const { fields } = await readForm(request);
    const names = asList(fields.name);
    const statuses = asList(fields.status);
    const { rows } = parseWith(rowsSchema, { rows: names.map((name, i) => ({ name, status: statuses[i] })) }) as { rows: NamedValues[] };
    // the rows and their entries in the trail (one per record, so that each one's history starts with its
    // creation) commit together
    const { created, duplicates } = await atomically(ctx, async () => {
      const added = await insertNamedRows(
        db,
        table,
        rows.map((row) => ({ name: spec.storeName(row.name), status: row.status })),
      );
      await writeAudit(ctx, added.created.map((row) => ({ actorId: callerOf(request).userId, action: 'create', entity: spec.kind, entityId: row.id, detail: { created: row } })));
      return added;
    });
    const payload = { ...spec.duplicatesPayload(duplicates), duplicates, created };
    if (!created.length) throw conflict(duplicatesText(duplicates), payload);
    return ok(reply, { ...payload, id: created[0].id }, englishMessage(spec.messages.added));
  });

  app.post(paths.update, { schema: { tags, form: editSchema, response: { 200: itemAnswer(namedRow), ...refusals(404, 409) } }, onRequest: ctx.guard(resource) }, async (request, reply) => {
    const { fields } = await readForm(request);
    const { id, name: typed, status, updated_at: expected } = parseWith(editSchema, fields) as NamedValues & { id: number; updated_at?: string };
    const name = spec.storeName(typed);
    const before = await findNamedRow(db, table, id);
    if (!before) throw notFound();
    const taken = await namedNameTaken(db, table, name, id);
    const duplicate = () => conflict(duplicatesText([name]), { ...spec.duplicatesPayload([name]), duplicates: [name] });
    if (taken) throw duplicate();
    const updated_at = await saveEdit(
      ctx,
      async () => {
        const saved = await updateNamedRow(db, table, id, { name, status }, expected);
        await auditEdit(ctx, callerOf(request).userId, spec.kind, id, { before, after: { name, status } });
        return saved;
      },
      () => before.updated_at,
    ).catch((err: unknown) => {
      // a concurrent save of the same name got there first: the unique name_key decides
      throw isUniqueViolation(err) ? duplicate() : err;
    });
    return ok(reply, { data: { ...before, name, status, updated_at } }, englishMessage(spec.messages.updated));
  });

  app.delete(
    paths.remove,
    { schema: { tags, params: idParams, response: { 200: doneAnswer } }, onRequest: ctx.guard(resource) },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const before = await findNamedRow(db, table, id);
      if (!before) throw notFound();
      await atomically(ctx, async () => {
        await deleteNamedRow(db, table, id, spec.onDelete);
        await audit(ctx, callerOf(request).userId, 'delete', spec.kind, id, { before });
      });
      return ok(reply, null, englishMessage(spec.messages.deleted));
    },
  );
}
