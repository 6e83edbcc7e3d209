// Where the demo seed's pictures go: it writes files (seed/demo.ts), so with an S3 store they are made in
// a temporary folder and then copied into the store under the same keys.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '@server/config';
import { contentTypeOf, uploadKey } from './storage';

/** Runs `seed` with the folder to write pictures into, DATA_DIR/uploads or (S3) one copied into the store. */
export async function seedUploads<T>(config: Config, seed: (uploadsDir: string) => Promise<T>): Promise<T> {
  if (!config.s3) return seed(path.join(config.dataDir, 'uploads'));
  const { createS3Store } = await import('./s3');
  const store = createS3Store(config.s3);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backoffice-seed-'));
  try {
    const result = await seed(dir);
    const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
    for (const file of files) {
      const key = uploadKey(`/uploads/${path.relative(dir, path.join(file.parentPath, file.name)).split(path.sep).join('/')}`);
      if (key !== null) await store.put(key, await fs.readFile(path.join(file.parentPath, file.name)), contentTypeOf(key));
    }
    return result;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
