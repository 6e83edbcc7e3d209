// An S3-compatible server for the tests (s3rver, from npm): on loopback, a random port, a temporary
// folder, one bucket; path-style addressing and s3rver's fixed access key (S3RVER / S3RVER).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '@server/config';

export const S3RVER_KEY = 'S3RVER';

export async function startS3(bucket = 'backoffice-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    /** the server's settings for this store (the credentials come from the environment: `env`) */
    settings: (more: Partial<S3Settings> = {}): S3Settings => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: '',
      serve: 'redirect',
      urlTtlSeconds: 300,
      ...more,
    }),
    /** the environment of a server process using this store */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      AWS_ACCESS_KEY_ID: S3RVER_KEY,
      AWS_SECRET_ACCESS_KEY: S3RVER_KEY,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    } as Record<string, string>,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
export type TestS3 = Awaited<ReturnType<typeof startS3>>;
