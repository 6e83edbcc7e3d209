// Email templates and content pages share one shape (spec §7 "Email templates, content pages"): a
// title, a unique slug, a status and a rich-text description that is sanitised before it is stored.
// One POST creates (no id, or id 0) or updates. The declaration (src/shared/resources/) gives the paths,
// the rule and the form's rules (the admin's dialogs check the same); a slug the form does not offer
// is never changed by an update. Each module adds its table, messages and further checks.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ResourceName } from '@shared/access';
import { formFields, recordSchema } from '@shared/resources/fields';
import {
  type ErrorMessageKey,
  type ValidationMessageKey,
  englishMessage,
  englishText,
  v,
} from '@shared/validation/messages';
import { slugify } from '@shared/text';
import { callerOf } from '../../auth/guard';
import type { AppContext } from '../../context';
import { isUniqueViolation, now } from '../../db/index';
import { badRequest, conflict, notFound } from '../../http/errors';
import { parseWith, readForm } from '../../http/form';
import { answerOf, doneAnswer, refusals, timestamp, whole } from '../../http/answers';
import { ok } from '../../http/reply';
import { idParams, savedRecordKey } from '../../http/zod';
import { sanitizeRichText } from '../../http/sanitize';
import { atomically, audit } from '../audit/trail';
import { auditEdit, saveEdit } from '../audit/edits';
import { deletePage, findPage, findPageSummary, freeSlug, insertPage, PAGE_COLUMNS, type PageTable, slugTaken, updatePage } from './richPageStore';
import { tableListRoute } from './tableListRoute';
import { contentmanagement, type ResourceDeclaration, type SortColumns } from '@shared/resources/index';

export interface RichPageSpec {
  /** its calls (the list, and one save: `update`), rule and form rules */
  declaration: ResourceDeclaration & { api: { update: string } };
  table: PageTable;
  tag: string;
  messages: { added: ErrorMessageKey; updated: ErrorMessageKey; deleted?: ErrorMessageKey };
  /**
   * A further rule on what is saved (email templates: where placeholders and images may stand): the
   * description as sent and as it will be stored; a message key refuses the save with a 400.
   */
  check?: (values: { title: string; description: string; stored: string }) => ValidationMessageKey | null;
}

const SORTABLE = { id: 'id', title: 'title', slug: 'slug', status: 'status', created_at: 'created_at' } as const satisfies SortColumns<typeof contentmanagement>;
const pageRow = z.object({ id: whole, title: z.string(), slug: z.string(), description: z.string(), status: z.string(), created_at: timestamp, updated_at: timestamp });
/** A save: the record as stored (and its id when it was created). */
const savedAnswer = answerOf(z.object({ data: pageRow, id: whole.optional() }));

export async function richPageRoutes(app: FastifyInstance, ctx: AppContext, spec: RichPageSpec) {
  const { db } = ctx;
  const { table, declaration } = spec;
  const tags = [spec.tag];
  const entity = declaration.name;
  const resource = declaration.name as ResourceName;
  const { api } = declaration;
  const paths = { list: `/api${api.list}`, save: `/api${api.update}`, remove: api.remove && `/api${api.remove}` };
  const schema = recordSchema(declaration);
  // may an update change the slug? (email templates are found by theirs: their form has no slug)
  const slugEditable = formFields(declaration).some((f) => f.name === 'slug');

  /** Two saves of one slug at the same moment: the unique index decides, the loser gets the same 409. */
  const slugRace = (err: unknown): never => {
    throw isUniqueViolation(err) ? conflict(englishMessage('slugTaken')) : err;
  };

  tableListRoute(app, ctx, {
    path: paths.list,
    table,
    tags,
    resources: [resource],
    columns: PAGE_COLUMNS,
    row: pageRow,
    sortable: SORTABLE,
    defaultOrder: declaration.api.defaultOrder,
  });

  const form = schema.extend(savedRecordKey.shape);
  app.post(paths.save, { schema: { tags, form, response: { 200: savedAnswer, ...refusals(404, 409) } }, onRequest: ctx.guard(resource) }, async (request, reply) => {
    const { fields } = await readForm(request);
    const { id, updated_at: expected } = parseWith(savedRecordKey, fields);
    const values = parseWith(schema, fields) as { title: string; description: string; status?: string; slug?: string };
    const description = sanitizeRichText(values.description);
    const problem = spec.check?.({ title: values.title, description: values.description, stored: description });
    if (problem) throw badRequest(v(problem), { description: englishText(v(problem)) });
    const wantedSlug = values.slug ? slugify(values.slug) : '';
    const actor = callerOf(request).userId;
    const stamp = now();

    if (id) {
      const before = await findPage(db, table, id);
      if (!before) throw notFound();
      const slug = slugEditable && wantedSlug ? wantedSlug : before.slug;
      if (slug !== before.slug && (await slugTaken(db, table, slug, id))) throw conflict(englishMessage('slugTaken'));
      // a status the form does not offer stays as it is
      const after = { title: values.title, slug, status: values.status ?? before.status, description };
      const updated_at = await saveEdit(
        ctx,
        async () => {
          const saved = await updatePage(db, table, id, after, expected);
          await auditEdit(ctx, actor, entity, id, { before, after });
          return saved;
        },
        () => before.updated_at,
      ).catch(slugRace);
      return ok(reply, { data: { ...before, ...after, updated_at } }, englishMessage(spec.messages.updated));
    }

    if (wantedSlug && (await slugTaken(db, table, wantedSlug))) throw conflict(englishMessage('slugTaken'));
    const slug = wantedSlug || (await freeSlug(db, table, values.title, entity));
    const created = await atomically(ctx, async () => {
      const page = await insertPage(db, table, { title: values.title, slug, status: values.status ?? 'Active', description, created_at: stamp, updated_at: stamp });
      await audit(ctx, actor, 'create', entity, page.id, { slug });
      return page;
    }).catch(slugRace);
    return ok(reply, { data: created, id: created.id }, englishMessage(spec.messages.added));
  });

  const { remove } = paths;
  const deleted = spec.messages.deleted;
  if (remove && deleted) {
    app.delete(
      remove,
      { schema: { tags, params: idParams, response: { 200: doneAnswer } }, onRequest: ctx.guard(resource) },
      async (request, reply) => {
        const { id } = request.params as z.infer<typeof idParams>;
        const before = await findPageSummary(db, table, id);
        if (!before) throw notFound();
        await atomically(ctx, async () => {
          await deletePage(db, table, id);
          await audit(ctx, callerOf(request).userId, 'delete', entity, id, { before });
        });
        return ok(reply, null, englishMessage(deleted));
      },
    );
  }
}
