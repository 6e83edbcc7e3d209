// Reads a form body that may be JSON, url-encoded or multipart (with files), as the spec's calls mix them.
import type { FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { HttpError, ValidationFailed } from './errors';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface FormBody {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export async function readForm(request: FastifyRequest): Promise<FormBody> {
  if (!request.isMultipart()) {
    return { fields: (request.body as Record<string, unknown>) ?? {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length > 0)
          files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes });
      } else {
        addField(fields, part.fieldname, part.value);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `The file is too large (at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB).`);
    }
    throw err;
  }
  return { fields, files };
}

/** `name[]` fields and repeated fields collect into arrays. */
export function addField(fields: Record<string, unknown>, name: string, value: unknown) {
  const key = name.endsWith('[]') ? name.slice(0, -2) : name;
  const existing = fields[key];
  if (name.endsWith('[]') || existing !== undefined) {
    fields[key] = Array.isArray(existing) ? [...existing, value] : existing === undefined ? [value] : [existing, value];
  } else {
    fields[key] = value;
  }
}

/** A list field as the spec's clients send it: repeated fields, `name[]`, a JSON array or JSON text. */
export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null) return [];
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      /* not JSON: a single value that starts with '[' */
    }
  }
  return [value];
}

export function parseWith<S extends ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new ValidationFailed(result.error.issues);
  return result.data;
}
