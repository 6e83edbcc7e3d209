// The images in an S3-compatible store (AWS S3, MinIO, Ceph, R2, s3rver…): the same keys as on the local
// disk (`users/ab12.jpg`) below S3_PREFIX, so replicas share them and the database keeps /uploads/ URLs.
// Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an
// instance role).
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '@server/config';
import type { ObjectStore } from './storage';

/** Cache-Control of a stored image: its name never changes (a new upload gets a new name). */
export const IMAGE_CACHE_CONTROL = 'public, max-age=2592000, immutable';

/** An object as read for streaming; null when there is none. */
export interface S3Object {
  body: Readable;
  contentType?: string;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

export interface S3Store extends ObjectStore {
  /** the object, 'not-modified' when `ifNoneMatch` still names it, null when there is none */
  get(key: string, ifNoneMatch?: string): Promise<S3Object | 'not-modified' | null>;
  /** a signed GET URL of the object, valid for `urlTtlSeconds` at least (see signingWindow) */
  signedUrl(key: string): Promise<string>;
  settings: S3Settings;
  client: S3Client;
}

/**
 * The signing time and lifetime of a URL signed at `nowMs`: every URL of one window of `ttl` seconds is
 * signed at the window's start and lives two windows, so it stays valid `ttl` seconds at least, and the
 * same image gets the same URL on every replica for the whole window (the browser's cache keeps it).
 */
export function signingWindow(nowMs: number, ttlSeconds: number): { signingDate: Date; expiresIn: number; validForSeconds: number } {
  const windowMs = ttlSeconds * 1000;
  const start = Math.floor(nowMs / windowMs) * windowMs;
  return { signingDate: new Date(start), expiresIn: 2 * ttlSeconds, validForSeconds: Math.floor((start + 2 * windowMs - nowMs) / 1000) };
}

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);

export function createS3Store(settings: S3Settings): S3Store {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // a store other than AWS may not know the newer default checksums; S3 itself accepts either
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const Key = (key: string) => settings.prefix + key;
  return {
    settings,
    client,
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: bytes, ContentType: contentType, CacheControl: IMAGE_CACHE_CONTROL }));
    },
    async delete(key) {
      // S3 answers a missing key with success too
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async get(key, ifNoneMatch) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: Key(key), IfNoneMatch: ifNoneMatch }));
        return {
          body: out.Body as Readable,
          contentType: out.ContentType,
          contentLength: out.ContentLength,
          etag: out.ETag,
          lastModified: out.LastModified,
        };
      } catch (err) {
        const status = statusOf(err);
        if (status === 304) return 'not-modified';
        if (status === 404) return null;
        throw err;
      }
    },
    async signedUrl(key) {
      const { signingDate, expiresIn } = signingWindow(Date.now(), settings.urlTtlSeconds);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: Key(key) }), { expiresIn, signingDate });
    },
  };
}
