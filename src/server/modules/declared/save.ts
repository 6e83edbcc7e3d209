// One save that creates or updates (a declaration whose `update` call has no `create` of its own, or the
// same path): the spec's content pages and email templates. No id (or 0) creates, an id updates that
// record. The slug is the record's address, unique by its column: a new record's blank slug is made
// from the title, with -2, -3… when taken; a slug typed is refused (409) when another record has it; an
// update's blank slug, or one its form does not offer (email templates are found by theirs), is kept.
import type { FastifyInstance } from 'fastify';
import { type ZodType, z } from 'zod';
import { formFields, recordSchema, typedFields } from '@shared/resources/fields';
import type { ResourceDeclaration } from '@shared/resources/index';
import { auditEntityOf } from '@shared/audit';
import { englishMessage, englishText, v } from '@shared/validation/messages';
import { slugify } from '@shared/text';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { isUniqueViolation } from '@server/db/index';
import { badRequest, conflict, notFound } from '@server/http/errors';
import { parseWith, readForm } from '@server/http/form';
import { answerOf, refusals, whole } from '@server/http/answers';
import { ok } from '@server/http/reply';
import { savedRecordKey } from '@server/http/zod';
import { atomically, audit } from '../audit/trail';
import { auditEdit, saveEdit } from '../audit/edits';
import { type DeclaredServerPart, messageOf, storedByPart } from './serverPart';
import { type declaredStore, storedValues } from './store';

type Store = ReturnType<typeof declaredStore>;

export function declaredSave(
  app: FastifyInstance,
  ctx: AppContext,
  resource: ResourceDeclaration,
  opts: { store: Store; record: ZodType; tags: string[]; part: DeclaredServerPart },
) {
  const { store, part, tags } = opts;
  const entity = auditEntityOf(resource.name);
  const schema = recordSchema(resource);
  const form = schema.extend(savedRecordKey.shape);
  const slug = typedFields(resource).find((f) => f.type === 'slug');
  // may a save set the slug? (email templates are found by theirs: their form has no slug)
  const slugTyped = slug && formFields(resource).some((f) => f.name === slug.name);
  const initial = Object.fromEntries(formFields(resource).flatMap((f) => (f.initial === undefined ? [] : [[f.name, f.initial]])));
  const message = (text: 'added' | 'updated') => englishMessage(messageOf(resource, text, part));
  const slugTaken = () => conflict(englishMessage('slugTaken'));
  /** Two saves of one slug at the same moment: the unique index decides, the loser gets the same 409. */
  const slugRace = (err: unknown): never => {
    throw isUniqueViolation(err) ? slugTaken() : err;
  };
  const savedAnswer = answerOf(z.object({ data: opts.record, id: whole.optional() }));

  app.post(
    `/api${resource.api.update}`,
    { schema: { tags, form, response: { 200: savedAnswer, ...refusals(404, 409) } }, onRequest: ctx.guard({ name: resource.name, rule: resource.rule }) },
    async (request, reply) => {
      const { fields } = await readForm(request);
      const { id, updated_at: expected } = parseWith(savedRecordKey, fields);
      const sent = storedByPart(part, parseWith(schema, fields) as Record<string, unknown>);
      const refused = part.check?.(ctx, sent, storedValues(resource, sent));
      if (refused) throw badRequest(v(refused.problem), { [refused.field]: englishText(v(refused.problem)) });
      const typed = slug && slugTyped && typeof sent[slug.name] === 'string' ? slugify(sent[slug.name] as string) : '';
      const values = slug ? { ...sent, [slug.name]: typed || undefined } : sent;
      const actor = callerOf(request).userId;

      if (id) {
        const before = await store.one(id);
        if (!before) throw notFound();
        if (slug && typed && typed !== before[slug.name] && (await store.holding(slug.name, typed, id))) throw slugTaken();
        const changed = await saveEdit(
          ctx,
          async () => {
            const saved = await store.update(id, values, expected);
            // deleted since it was read
            if (!saved) throw notFound();
            await auditEdit(ctx, actor, entity, id, saved);
            return saved;
          },
          () => ({ after: before }),
        ).catch(slugRace);
        return ok(reply, { data: changed.after }, message('updated'));
      }

      if (slug && typed && (await store.holding(slug.name, typed))) throw slugTaken();
      const created = await atomically(ctx, async () => {
        const row = await store.insert({ ...initial, ...values });
        await audit(ctx, actor, 'create', entity, Number(row.id), slug ? { [slug.name]: row[slug.name] } : { created: row });
        return row;
      }).catch(slugRace);
      return ok(reply, { data: created, id: created.id }, message('added'));
    },
  );
}
