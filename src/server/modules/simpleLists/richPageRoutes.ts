// Email templates and content pages share one shape (spec §7 "Email templates, content pages"): a
// title, a unique slug, a status and a rich-text description that is sanitised before it is stored.
// One POST creates (no id, or id 0) or updates; each resource declares its paths, rules and messages.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ResourceName } from '@shared/access';
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
import { idParams, optionalId } from '../../http/zod';
import { sanitizeRichText } from '../../http/sanitize';
import { audit } from '../auth/service';
import { tableListRoute } from './tableListRoute';
import { contentmanagement, type SortColumns } from '@shared/resources/index';

type PageTable = 'email_templates' | 'content_pages';

export interface RichPageSpec {
  entity: string;
  table: PageTable;
  tag: string;
  resource: ResourceName;
  paths: { list: string; save: string; remove?: string };
  /** the form's rules; `slug` is optional in it */
  schema: z.ZodObject<{ title: z.ZodType<string>; description: z.ZodType<string>; status: z.ZodType<string> }>;
  /** may an update change the slug? (email templates are found by theirs, so no) */
  slugEditable: boolean;
  messages: { added: ErrorMessageKey; updated: ErrorMessageKey; deleted?: ErrorMessageKey };
  /**
   * A further rule on what is saved (email templates: where placeholders and images may stand): the
   * description as sent and as it will be stored; a message key refuses the save with a 400.
   */
  check?: (values: { title: string; description: string; stored: string }) => ValidationMessageKey | null;
}

const SORTABLE = { id: 'id', title: 'title', slug: 'slug', status: 'status', created_at: 'created_at' } as const satisfies SortColumns<typeof contentmanagement>;
const COLUMNS = ['id', 'title', 'slug', 'description', 'status', 'created_at'] as const;
const pageRow = z.object({ id: whole, title: z.string(), slug: z.string(), description: z.string(), status: z.string(), created_at: timestamp });
/** A save: the record as stored (and its id when it was created). */
const savedAnswer = answerOf(z.object({ data: pageRow, id: whole.optional() }));

export async function richPageRoutes(app: FastifyInstance, ctx: AppContext, spec: RichPageSpec) {
  const { db } = ctx;
  const { table } = spec;
  const tags = [spec.tag];

  const slugTaken = async (slug: string, exceptId?: number) => {
    let q = db.selectFrom(table).select('id').where('slug', '=', slug);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  };
  /** Two saves of one slug at the same moment: the unique index decides, the loser gets the same 409. */
  const slugRace = (err: unknown): never => {
    throw isUniqueViolation(err) ? conflict(englishMessage('slugTaken')) : err;
  };
  /** The title's slug, made unique with -2, -3… */
  const freeSlug = async (title: string) => {
    const root = slugify(title) || spec.entity;
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? root : `${root}-${n}`;
      if (!(await slugTaken(candidate))) return candidate;
    }
  };

  tableListRoute(app, ctx, {
    path: spec.paths.list,
    table,
    tags,
    resources: [spec.resource],
    columns: COLUMNS,
    row: pageRow,
    sortable: SORTABLE,
    defaultOrder: { direction: 'DESC', name: 'id', type: 'default' },
  });

  const form = spec.schema.extend(optionalId.shape);
  app.post(spec.paths.save, { schema: { tags, form, response: { 200: savedAnswer, ...refusals(404, 409) } }, onRequest: ctx.guard(spec.resource) }, async (request, reply) => {
    const { fields } = await readForm(request);
    const { id } = parseWith(optionalId, fields);
    const values = parseWith(spec.schema, fields) as { title: string; description: string; status: string; slug?: string };
    const description = sanitizeRichText(values.description);
    const problem = spec.check?.({ title: values.title, description: values.description, stored: description });
    if (problem) throw badRequest(v(problem), { description: englishText(v(problem)) });
    const wantedSlug = values.slug ? slugify(values.slug) : '';
    const actor = callerOf(request).userId;
    const stamp = now();

    if (id) {
      const before = await db.selectFrom(table).select([...COLUMNS]).where('id', '=', id).executeTakeFirst();
      if (!before) throw notFound();
      const slug = spec.slugEditable && wantedSlug ? wantedSlug : before.slug;
      if (slug !== before.slug && (await slugTaken(slug, id))) throw conflict(englishMessage('slugTaken'));
      const after = { title: values.title, slug, status: values.status, description };
      await db.updateTable(table).set({ ...after, updated_at: stamp }).where('id', '=', id).execute().catch(slugRace);
      await audit(ctx, actor, 'update', spec.entity, id, { before, after });
      return ok(reply, { data: { ...before, ...after } }, englishMessage(spec.messages.updated));
    }

    if (wantedSlug && (await slugTaken(wantedSlug))) throw conflict(englishMessage('slugTaken'));
    const slug = wantedSlug || (await freeSlug(values.title));
    const created = await db
      .insertInto(table)
      .values({ title: values.title, slug, status: values.status, description, created_at: stamp, updated_at: stamp })
      .returning([...COLUMNS])
      .executeTakeFirstOrThrow()
      .catch(slugRace);
    await audit(ctx, actor, 'create', spec.entity, created.id, { slug });
    return ok(reply, { data: created, id: created.id }, englishMessage(spec.messages.added));
  });

  const { remove } = spec.paths;
  const deleted = spec.messages.deleted;
  if (remove && deleted) {
    app.delete(
      `${remove}/:id`,
      { schema: { tags, params: idParams, response: { 200: doneAnswer } }, onRequest: ctx.guard(spec.resource) },
      async (request, reply) => {
        const { id } = request.params as z.infer<typeof idParams>;
        const before = await db.selectFrom(table).select(['id', 'title', 'slug']).where('id', '=', id).executeTakeFirst();
        if (!before) throw notFound();
        await db.deleteFrom(table).where('id', '=', id).execute();
        await audit(ctx, callerOf(request).userId, 'delete', spec.entity, id, { before });
        return ok(reply, null, englishMessage(deleted));
      },
    );
  }
}
