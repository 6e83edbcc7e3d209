// Images in an S3-compatible store (src/server/uploads/s3.ts, serve.ts), against s3rver on loopback: the
// same checking and converting as on the local disk, the same /uploads/ URLs, served by a redirect to a
// signed URL or streamed through the API, nothing outside the uploads reachable.
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '@server/config';
import { createS3Store, signingWindow } from '@server/uploads/s3';
import { s3PublicOrigin } from '@server/uploads/serve';
import { imageStorage, PROFILE_PICTURE_FORMATS, SPOT_IMAGE_FORMATS, UnsupportedImageError } from '@server/uploads/storage';
import { ADMIN, bearer, loginAs, multipart, startTestApp, type TestApp } from '../support/api';
import { S3RVER_KEY, startS3, type TestS3 } from '../support/s3';

process.env.AWS_ACCESS_KEY_ID = S3RVER_KEY;
process.env.AWS_SECRET_ACCESS_KEY = S3RVER_KEY;
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const png = (color = '#3366cc', size = 40) => sharp({ create: { width: size, height: size, channels: 3, background: color } }).png().toBuffer();
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="32" fill="#c63"/></svg>';

describe('images in an S3-compatible store', () => {
  let s3: TestS3;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startS3();
    client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } });
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.close();
  });

  const object = async (key: string) => {
    const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return { bytes: Buffer.from(await out.Body!.transformToByteArray()), contentType: out.ContentType, cacheControl: out.CacheControl };
  };
  const exists = (key: string) =>
    client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
      () => true,
      () => false,
    );

  describe('the adapter', () => {
    it('stores the image as uploaded and a 256 px JPEG thumbnail, under the prefix, with their content types', async () => {
      const storage = imageStorage(createS3Store(s3.settings({ prefix: 'tenant-a/' })));
      const bytes = await png();
      const stored = await storage.save(bytes, 'users', PROFILE_PICTURE_FORMATS);
      expect(stored.url).toMatch(/^\/uploads\/users\/[0-9a-f-]{36}\.png$/);
      expect(stored.thumbnailUrl).toBe(stored.url.replace('/users/', '/users/thumbs/').replace(/\.png$/, '.jpg'));
      const image = await object(`tenant-a/${stored.url.slice('/uploads/'.length)}`);
      expect(image.bytes.equals(bytes)).toBe(true);
      expect(image.contentType).toBe('image/png');
      expect(image.cacheControl).toContain('immutable');
      const thumb = await object(`tenant-a/${stored.thumbnailUrl.slice('/uploads/'.length)}`);
      expect(thumb.contentType).toBe('image/jpeg');
      expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    });

    it('converts an SVG to PNG and refuses what is not an allowed image, storing nothing', async () => {
      const storage = imageStorage(createS3Store(s3.settings()));
      const stored = await storage.save(Buffer.from(SVG), 'spots', SPOT_IMAGE_FORMATS);
      expect(stored.url).toMatch(/\.png$/);
      const image = await object(stored.url.slice('/uploads/'.length));
      expect(image.contentType).toBe('image/png');
      expect((await sharp(image.bytes).metadata()).format).toBe('png');
      await expect(storage.save(Buffer.from('<html>not an image</html>'), 'spots', SPOT_IMAGE_FORMATS)).rejects.toBeInstanceOf(UnsupportedImageError);
      await expect(storage.save(Buffer.from(SVG), 'users', PROFILE_PICTURE_FORMATS)).rejects.toBeInstanceOf(UnsupportedImageError);
    });

    it('removes the image and its thumbnail, and refuses a URL that climbs out of the uploads', async () => {
      const storage = imageStorage(createS3Store(s3.settings()));
      const stored = await storage.save(await png('#118844'), 'spots', SPOT_IMAGE_FORMATS);
      const keys = [stored.url, stored.thumbnailUrl].map((u) => u.slice('/uploads/'.length));
      for (const key of keys) expect(await exists(key)).toBe(true);
      await storage.remove(stored.url);
      for (const key of keys) expect(await exists(key)).toBe(false);
      // a second removal, or a missing file, is no error
      await storage.remove(stored.url);
      await storage.remove(null);
      for (const url of ['/uploads/../secret.png', '/uploads/spots/../../x.png', '/uploads/spots/..', '/uploads//x.png', '/uploads/a\\..\\b.png']) {
        await expect(storage.remove(url), url).rejects.toThrow(/outside uploads/);
      }
    });

    it('signs the same URL for a whole window, valid S3_URL_TTL seconds at least', () => {
      const t = Date.UTC(2030, 0, 1, 12, 0, 7);
      const w = signingWindow(t, 300);
      expect(w.signingDate.getTime()).toBe(Date.UTC(2030, 0, 1, 12, 0, 0));
      expect(w.expiresIn).toBe(600);
      expect(w.validForSeconds).toBe(593);
      expect(signingWindow(t + 290_000, 300).signingDate).toEqual(w.signingDate);
      expect(signingWindow(t + 292_000, 300).validForSeconds).toBe(301);
      expect(signingWindow(t + 293_000, 300).validForSeconds).toBe(600);
    });

    it('names the origin the signed URLs point at (the admin’s policy allows images from it)', async () => {
      const cases: S3Settings[] = [
        s3.settings(),
        s3.settings({ endpoint: 'https://minio.internal:9000', forcePathStyle: false }),
        s3.settings({ endpoint: undefined, forcePathStyle: false, region: 'eu-central-1', bucket: 'travel-images' }),
        s3.settings({ endpoint: undefined, forcePathStyle: true, region: 'us-east-1', bucket: 'travel-images' }),
        s3.settings({ endpoint: undefined, forcePathStyle: false, region: 'us-east-1', bucket: 'travel.images.example' }),
        s3.settings({ endpoint: undefined, forcePathStyle: false, region: 'us-east-1', bucket: 'Travel_Images' }),
      ];
      for (const settings of cases) {
        const other = new S3Client({
          region: settings.region,
          endpoint: settings.endpoint,
          forcePathStyle: settings.forcePathStyle,
          credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
        });
        const url = await getSignedUrl(other, new GetObjectCommand({ Bucket: settings.bucket, Key: 'users/a.png' }), { expiresIn: 60 });
        expect(s3PublicOrigin(settings), url).toBe(new URL(url).origin);
        other.destroy();
      }
    });
  });

  describe.each(['redirect', 'stream'] as const)('served by the API (S3_SERVE=%s)', (serve) => {
    let t: TestApp;
    let token: string;
    let stored: { url: string; thumbnailUrl: string };
    let picture: Buffer;
    beforeAll(async () => {
      t = await startTestApp('sqlite', { s3: s3.settings({ serve, prefix: `${serve}/` }) });
      token = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
      picture = await png('#cc3366', 30);
      const body = await multipart({ name: 'Admin Person', profile_pic: { filename: 'me.png', type: 'image/png', bytes: picture } });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/user/update', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(200);
      const user = await t.ctx.db.selectFrom('users').select(['profile_pic', 'thumbnail']).where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
      stored = { url: user.profile_pic!, thumbnailUrl: user.thumbnail! };
    });
    afterAll(async () => t?.close());

    /** The image at `url` as the browser ends up with it (following the redirect to the store). */
    const fetchImage = async (url: string) => {
      const res = await t.app.inject(url);
      if (serve === 'stream') return { res, status: res.statusCode, type: res.headers['content-type'], bytes: res.rawPayload };
      const followed = await fetch(String(res.headers.location));
      return { res, status: followed.status, type: followed.headers.get('content-type'), bytes: Buffer.from(await followed.arrayBuffer()) };
    };

    it('stores the upload in the bucket, not on the local disk, under a /uploads/ URL', async () => {
      expect(stored.url).toMatch(/^\/uploads\/users\/[\w-]+\.png$/);
      expect(await exists(`${serve}/${stored.url.slice('/uploads/'.length)}`)).toBe(true);
      expect(await exists(`${serve}/${stored.thumbnailUrl.slice('/uploads/'.length)}`)).toBe(true);
    });

    it('serves the image and its thumbnail with the upload’s security headers', async () => {
      const image = await fetchImage(stored.url);
      expect(image.status).toBe(200);
      expect(image.type).toBe('image/png');
      expect(image.bytes.equals(picture)).toBe(true);
      const thumb = await fetchImage(stored.thumbnailUrl);
      expect(thumb.status).toBe(200);
      expect(thumb.type).toBe('image/jpeg');
      expect((await sharp(thumb.bytes).metadata()).width).toBe(256);
      for (const res of [image.res, thumb.res]) {
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(String(res.headers['content-security-policy'])).toContain('sandbox');
      }
    });

    if (serve === 'redirect') {
      it('redirects to a short-lived signed URL of the store, kept privately by the browser while it is valid', async () => {
        const res = await t.app.inject(stored.url);
        expect(res.statusCode).toBe(302);
        const location = new URL(String(res.headers.location));
        expect(location.origin).toBe(s3.endpoint);
        expect(location.pathname).toBe(`/${s3.bucket}/redirect/${stored.url.slice('/uploads/'.length)}`);
        // signed (SigV4) with the window's start: s3rver does not check SigV4 signatures, AWS and the others do
        expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
        expect(location.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
        expect(Number(location.searchParams.get('X-Amz-Expires'))).toBe(600);
        const cacheControl = String(res.headers['cache-control']);
        expect(cacheControl).toMatch(/^private, max-age=\d+$/);
        expect(Number(cacheControl.split('=')[1])).toBeLessThanOrEqual(600);
        // the same URL again within the window (the browser's cache of the image holds)
        expect((await t.app.inject(stored.url)).headers.location).toBe(res.headers.location);
      });

      it('lets the admin page show images from the store (Content-Security-Policy img-src)', async () => {
        const page = await t.app.inject('/robots.txt');
        const imgSrc = String(page.headers['content-security-policy'])
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .find(([name]) => name === 'img-src');
        expect(imgSrc).toEqual(['img-src', "'self'", 'data:', 'blob:', s3.endpoint]);
      });
    } else {
      it('streams with an ETag and long caching, answers 304 to a revalidation and HEAD without a body', async () => {
        const res = await t.app.inject(stored.url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=2592000, immutable');
        expect(Number(res.headers['content-length'])).toBe(picture.length);
        expect(res.headers.etag).toMatch(/^"[0-9a-f]+"$/);
        expect(res.headers['last-modified']).toBeTruthy();
        const again = await t.app.inject({ url: stored.url, headers: { 'if-none-match': String(res.headers.etag) } });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        const head = await t.app.inject({ method: 'HEAD', url: stored.url });
        expect(head.statusCode).toBe(200);
        expect(head.headers['content-type']).toBe('image/png');
        expect(head.rawPayload.length).toBe(0);
      });

      it('keeps the admin policy to its own images (nothing is redirected)', async () => {
        const page = await t.app.inject('/robots.txt');
        expect(String(page.headers['content-security-policy'])).not.toContain(s3.endpoint);
      });
    }

    it('answers 404 for an object of the bucket the product did not write (a dump put there by other means)', async () => {
      for (const key of ['backups/db-dump.sql', 'users/notes.txt', 'users/thumbs/../../backups/db-dump.sql', 'users/00000000-0000-4000-8000-000000000000.png.bak']) {
        await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${serve}/${key}`, Body: "INSERT INTO users VALUES (1, 'admin@example.com');" }));
      }
      for (const url of ['/uploads/backups/db-dump.sql', '/uploads/users/notes.txt', '/uploads/users/00000000-0000-4000-8000-000000000000.png.bak', '/uploads/seed/x.png']) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers.location, url).toBeUndefined();
        expect(res.body, url).not.toContain('admin@example.com');
      }
    });

    it('answers 404 for a missing image and for any path outside the uploads, without asking the store', async () => {
      const missing = await t.app.inject('/uploads/users/00000000-0000-4000-8000-000000000000.png');
      if (serve === 'stream') expect(missing.statusCode).toBe(404);
      else {
        // the signed URL of a missing object: the store answers 404
        expect(missing.statusCode).toBe(302);
        expect((await fetch(String(missing.headers.location))).status).toBe(404);
      }
      for (const url of [
        '/uploads/users/no-such-picture.png',
        '/uploads/../package.json',
        '/uploads/%2e%2e/%2e%2e/package.json',
        '/uploads/users/..%2f..%2fsecret',
        '/uploads/users/%5c..%5csecret',
        '/uploads//users/x.png',
      ]) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers.location, url).toBeUndefined();
      }
    });

    it('removes the old picture from the store when a new one replaces it', async () => {
      const body = await multipart({ name: 'Admin Person', profile_pic: { filename: 'new.png', type: 'image/png', bytes: await png('#22aa99', 24) } });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/user/update', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(200);
      expect(await exists(`${serve}/${stored.url.slice('/uploads/'.length)}`)).toBe(false);
      expect(await exists(`${serve}/${stored.thumbnailUrl.slice('/uploads/'.length)}`)).toBe(false);
      const now = res.json().data.user.profile_pic as string;
      expect((await fetchImage(now)).status).toBe(200);
    });
  });
  it('`npm run seed` puts the demo pictures in the store too, not on the local disk', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-seed-s3-'));
    try {
      const counts = ['--users', '3', '--sub-admins', '0', '--spots', '3', '--posts', '3', '--itineraries', '0', '--reports', '0', '--comments', '0'];
      // (asynchronously: s3rver answers from this process)
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/seed/cli.ts', ...counts], {
        env: { ...process.env, ...s3.env, S3_PREFIX: 'seeded/', DATA_DIR: dataDir, DATABASE_URL: '', PASSWORD_SCRYPT_N: '1024' },
        timeout: 120_000,
      });
      // every picture the seed gave a spot is in the bucket, its thumbnail too
      const sqlite = new Database(path.join(dataDir, 'backoffice.sqlite'), { readonly: true });
      const urls = sqlite.prepare('SELECT image, thumbnail_url AS thumbnail FROM spots WHERE image IS NOT NULL LIMIT 5').all() as { image: string; thumbnail: string }[];
      sqlite.close();
      expect(urls.length).toBeGreaterThan(0);
      for (const { image, thumbnail } of urls)
        for (const url of [image, thumbnail]) expect(await exists(`seeded/${url.slice('/uploads/'.length)}`), url).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'uploads', 'seed'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
