// The uploaded file, written to a temporary file as it arrives (never held in memory): a file larger than
// IMPORT_MAX_BYTES is refused as soon as it passes the limit, a body that is no multipart form is a 415.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES } from '@shared/importCsv';
import { HttpError } from '@server/http/errors';
import { MALFORMED_MULTIPART } from '@server/http/form';
import { importRefusal } from './refusal';

const tooLarge = () => importRefusal(413, 'importTooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });

/** Runs `use` with the path of the uploaded file (field `file`), removed afterwards. */
export async function withUploadedFile<T>(request: FastifyRequest, use: (file: string) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw importRefusal(415, 'importNotMultipart');
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'import-'));
  try {
    const file = path.join(dir, 'upload.csv');
    let received = false;
    try {
      for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })) {
        if (part.type !== 'file') continue;
        // another file field is read past, not kept
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        await pipeline(part.file, fs.createWriteStream(file));
        if (part.file.truncated) throw tooLarge();
        received = true;
      }
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      const status = (err as { statusCode?: number }).statusCode;
      throw new HttpError(status !== undefined && status >= 400 && status < 500 ? status : 400, MALFORMED_MULTIPART);
    }
    if (!received) throw importRefusal(400, 'importNotMultipart');
    return await use(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
