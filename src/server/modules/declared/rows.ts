// The create of several rows (a declaration whose add dialog takes rows: `screens.addRows`), as the
// spec's named lists answer it: the rows added, and the values refused as taken beside them in the
// module's shape (`duplicateCategories`, …); every row taken is a 409. The form sends each field once
// per row (a value, or a list of them), as JSON or a multipart form.
import type { FastifyInstance } from 'fastify';
import { type ZodType, z } from 'zod';
import { formFields, rowsSchema } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/index';
import { englishMessage } from '@shared/validation/messages';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { answerOf, refusals, whole } from '@server/http/answers';
import { asList, oneOrMany, parseWith, readForm } from '@server/http/form';
import { ok } from '@server/http/reply';
import { auditEntityOf } from '@shared/audit';
import { atomically, writeAudit } from '../audit/trail';
import { type DeclaredServerPart, messageOf, storedByPart, takenRefusalOf } from './serverPart';
import type { declaredStore } from './store';

export function declaredRowsCreate(
  app: FastifyInstance,
  ctx: AppContext,
  resource: ResourceDeclaration,
  opts: { store: ReturnType<typeof declaredStore>; record: ZodType; tags: string[]; part: DeclaredServerPart },
) {
  const { store, part, tags } = opts;
  const fields = formFields(resource);
  // each field a value or a list of them (row by row)
  const form = z.object(
    Object.fromEntries(
      fields.map((f) => {
        const values = oneOrMany(f.choices ? z.enum(f.choices as [string, ...string[]]) : z.string());
        // a field the rows need not name (a report category's weight) takes its column's default
        return [f.name, f.required ? values : values.optional()];
      }),
    ),
  );
  /** A create: the rows added, and the values refused as taken (all of them taken is a 409). */
  const createdAnswer = answerOf(z.looseObject({ id: whole, created: z.array(opts.record), duplicates: z.array(z.string()) }));
  const rows = rowsSchema(resource);
  const refuseTaken = takenRefusalOf(resource, part);
  const entity = auditEntityOf(resource.name);

  app.post(
    `/api${resource.api.create}`,
    { schema: { tags, form, response: { 200: createdAnswer, ...refusals(409) } }, onRequest: ctx.guard({ name: resource.name, rule: resource.rule }) },
    async (request, reply) => {
      const body = (await readForm(request)).fields;
      const columns = fields.map((f) => asList(body[f.name]));
      const sent = columns[0].map((_, i) => Object.fromEntries(fields.map((f, k) => [f.name, columns[k][i]])));
      const { rows: checked } = parseWith(rows, { rows: sent }) as { rows: Record<string, unknown>[] };
      // the rows and their entries in the trail (one per record, so that each one's history starts with
      // its creation) commit together
      const { created, duplicates } = await atomically(ctx, async () => {
        const added = await store.insertRows(checked.map((row) => storedByPart(part, row)));
        const actorId = callerOf(request).userId;
        await writeAudit(ctx, added.created.map((row) => ({ actorId, action: 'create', entity, entityId: Number(row.id), detail: { created: row } })));
        return added;
      });
      if (!created.length) throw refuseTaken(duplicates);
      return ok(reply, { ...part.duplicates?.(duplicates), duplicates, created, id: created[0].id }, englishMessage(messageOf(resource, 'added')));
    },
  );
}
