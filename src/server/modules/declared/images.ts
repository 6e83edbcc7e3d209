// The upload call of a declared resource with an `image` field: POST /api/<list>/image, multipart with the
// file in `image`, answers where it is stored ({ url, thumbnailUrl }); the JSON create or update then names
// that url in the field. The image goes through the product's one pipeline (uploads/storage.ts: its content
// checked, converted where browsers cannot show it, a thumbnail made), as a spot's picture does.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ResourceDeclaration } from '@shared/resources/index';
import { v } from '@shared/validation/messages';
import type { AppContext } from '@server/context';
import { answerOf, refusals } from '@server/http/answers';
import { badRequest } from '@server/http/errors';
import { readForm } from '@server/http/form';
import { ok } from '@server/http/reply';
import { storeUpload } from '@server/uploads/refusals';
import { SPOT_IMAGE_FORMATS } from '@server/uploads/storage';
import { DECLARED_IMAGES } from './values';

const stored = answerOf(z.object({ url: z.string(), thumbnailUrl: z.string() }));

export async function declaredImageRoute(app: FastifyInstance, ctx: AppContext, resource: ResourceDeclaration) {
  app.post(
    `/api${resource.api.list}/image`,
    {
      schema: { tags: [resource.name], form: z.object({}), files: ['image'], response: { 200: stored, ...refusals(413, 415) } },
      onRequest: ctx.guard({ name: resource.name, rule: resource.rule }),
    },
    async (request, reply) => {
      const { files } = await readForm(request);
      const image = files.find((f) => f.field === 'image');
      if (!image) throw badRequest(v('imageRequired'), { image: v('imageRequired') });
      return ok(reply, await storeUpload(ctx.storage, image.bytes, DECLARED_IMAGES, SPOT_IMAGE_FORMATS, 'validation.fileTypeNotSupported'), 'Success');
    },
  );
}
