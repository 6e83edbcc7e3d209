// POST <list>/import of each list that declares `import` (issue 35): a multipart form with the CSV file in
// `file`; `dry_run=true` checks it and answers the report, without it the file is imported (or refused
// whole, 400, with the same report when a row is invalid). Guarded as the list's create is.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMPORT_ENCODINGS } from '@shared/importCsv';
import { englishMessage } from '@shared/validation/messages';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { answerOf, refusals, whole } from '@server/http/answers';
import { ok } from '@server/http/reply';
import { runImport } from './engine';
import { importRefusal } from './refusal';
import type { ImportTarget } from './target';
import { withUploadedFile } from './upload';

const query = z.object({
  dry_run: z.enum(['true', 'false', '1', '0']).optional().describe('true: check the file and answer the report, writing nothing'),
  encoding: z.enum(IMPORT_ENCODINGS).optional().describe('the encoding of a file without a byte order mark (utf-8 by default)'),
});

const rowError = z.object({
  row: whole.describe('the row of the file (the header is row 1)'),
  column: z.string().nullable(),
  message: z.string(),
  key: z.string().describe('the catalogue key of the message'),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
const report = z.object({
  dry_run: z.boolean(),
  rows: whole,
  created: whole,
  updated: whole,
  unchanged: whole,
  invalid: whole,
  errors: z.array(rowError),
  errors_left_off: whole,
});

export async function importRoutes(app: FastifyInstance, ctx: AppContext, targets: readonly ImportTarget[]) {
  for (const target of targets) {
    const { resource } = target;
    app.post(
      `/api${resource.api.list}/import`,
      {
        schema: { tags: ['import'], querystring: query, form: z.object({}), files: ['file'], response: { 200: answerOf(report), ...refusals(409, 413, 415) } },
        onRequest: ctx.guard({ name: resource.name, rule: resource.rule }),
      },
      async (request, reply) => {
        const { dry_run, encoding = 'utf-8' } = request.query as z.infer<typeof query>;
        const dryRun = dry_run === 'true' || dry_run === '1';
        const actorId = callerOf(request).userId;
        const answer = await withUploadedFile(request, (file) => runImport(ctx, target, file, { dryRun, encoding, actorId }));
        if (!dryRun && answer.invalid) throw importRefusal(400, 'importRefused', { invalid: answer.invalid }, { ...answer });
        const { rows, created, updated, invalid } = answer;
        const message = englishMessage(dryRun ? 'importChecked' : 'imported', { rows, created, updated, invalid });
        return ok(reply, answer, message);
      },
    );
  }
}
