// The image store a server uses and how it answers /uploads/…:
// - local disk (default): DATA_DIR/uploads, made at start, served as static files;
// - an S3-compatible store (S3_BUCKET): S3_SERVE=redirect (default) answers a 302 to a signed URL of the
//   store, S3_SERVE=stream streams the object through the API with the caching headers of a local file.
// Either way the security headers of an upload are set by http/securityHeaders.ts (the route is /uploads/*),
// and only the names the product writes are answered (names.ts): any other file of the folder or object
// of the bucket (a backup, a dump put there by other means) is a 404.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config, S3Settings } from '@server/config';
import { envelope } from '@server/http/reply';
import { productFolderOf } from './names';
import { createLocalStorage, type ImageStorage, imageStorage, uploadKey } from './storage';

export interface Images {
  storage: ImageStorage;
  /** registers GET /uploads/… */
  serve(app: FastifyInstance): Promise<void>;
}

const notFound = (reply: FastifyReply) => reply.code(404).send(envelope(404, 'Not found', null));

export async function createImages(config: Config): Promise<Images> {
  // the AWS SDK is loaded only when it is used
  if (config.s3) return s3Images(await import('./s3'), config.s3);
  const uploadsDir = path.join(config.dataDir, 'uploads');
  return {
    storage: createLocalStorage(uploadsDir),
    async serve(app) {
      // made before @fastify/static looks at it (it warns about a missing root)
      fs.mkdirSync(uploadsDir, { recursive: true });
      // immutable names, so they may be cached for long
      await app.register(fastifyStatic, {
        root: uploadsDir,
        prefix: '/uploads/',
        decorateReply: false,
        maxAge: '30d',
        immutable: true,
        allowedPath: (pathName) => productFolderOf(pathName.replace(/^\//, '')) !== null,
      });
    },
  };
}

function s3Images(s3: typeof import('./s3'), settings: S3Settings): Images {
  const { IMAGE_CACHE_CONTROL, signingWindow } = s3;
  const store = s3.createS3Store(settings);
  const keyOf = (request: FastifyRequest) => {
    const key = uploadKey(`/uploads/${(request.params as { '*': string })['*']}`);
    return key !== null && productFolderOf(key) !== null ? key : null;
  };

  const redirect = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = keyOf(request);
    if (key === null) return notFound(reply);
    // the browser may keep the redirect while the URL it names is still valid
    const maxAge = Math.max(0, signingWindow(Date.now(), settings.urlTtlSeconds).validForSeconds - 5);
    return reply
      .code(302)
      .header('cache-control', `private, max-age=${maxAge}`)
      .header('location', await store.signedUrl(key))
      .send();
  };

  const stream = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = keyOf(request);
    if (key === null) return notFound(reply);
    const ifNoneMatch = request.headers['if-none-match'];
    const found = await store.get(key, typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined);
    if (found === null) return notFound(reply);
    reply.header('cache-control', IMAGE_CACHE_CONTROL);
    if (found === 'not-modified') return reply.code(304).send();
    if (found.etag) reply.header('etag', found.etag);
    if (found.lastModified) reply.header('last-modified', found.lastModified.toUTCString());
    if (found.contentLength !== undefined) reply.header('content-length', found.contentLength);
    return reply.type(found.contentType ?? 'application/octet-stream').send(found.body);
  };

  return {
    storage: imageStorage(store),
    async serve(app) {
      app.get('/uploads/*', { schema: { hide: true } }, settings.serve === 'stream' ? stream : redirect);
    },
  };
}

/**
 * The origin the signed URLs point at (the admin's Content-Security-Policy lets images come from it), as
 * the SDK makes them: the endpoint (AWS's regional one without S3_ENDPOINT), with the bucket as a
 * sub-domain unless path-style or a name that cannot be one (the SDK then puts it in the path).
 */
export function s3PublicOrigin(settings: S3Settings): string {
  const base = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  const hostable = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(settings.bucket);
  if (!settings.forcePathStyle && hostable) base.hostname = `${settings.bucket}.${base.hostname}`;
  return base.origin;
}
