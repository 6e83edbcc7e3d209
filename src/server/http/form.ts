// Reads a form body that may be JSON, url-encoded or multipart (with files), as the spec's calls mix them.
import type { FastifyRequest } from 'fastify';
import { type ZodType, z } from 'zod';
import { badRequest, HttpError, ValidationFailed } from './errors';

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

export const BODY_NOT_OBJECT = 'The request body must be an object (JSON object, url-encoded or multipart form fields).';
export const MALFORMED_MULTIPART = 'The multipart form could not be read: it is malformed or incomplete.';

/**
 * The form's fields and files. A body that is not an object (a JSON array, string, number or null, plain
 * text) and a multipart body that cannot be read are a 400; nothing is done with a form read in part.
 */
export async function readForm(request: FastifyRequest): Promise<FormBody> {
  if (!request.isMultipart()) {
    const body: unknown = request.body;
    if (body === undefined) return { fields: {}, files: [] };
    if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
      throw badRequest(BODY_NOT_OBJECT);
    }
    return { fields: body as Record<string, unknown>, files: [] };
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
    if (err instanceof HttpError) throw err;
    // the plugin's own 4xx (too many parts, a prototype field name) keep their status; whatever the
    // parser stumbled on (no boundary, a truncated body, garbage) is the client's malformed form
    const status = (err as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      throw new HttpError(status, (err as Error).message || MALFORMED_MULTIPART);
    }
    throw badRequest(MALFORMED_MULTIPART);
  }
  // multipart fields are read here, after the app's preValidation check: the same rule for them
  const found = findNulByte({ body: fields, files: files.map((f) => ({ field: f.field, filename: f.filename, type: f.mimetype })) });
  if (found && 'path' in found) throw badRequest(nulByteMessage(found.path));
  return { fields, files };
}

/** `name[]` fields and repeated fields collect into arrays. */
export function addField(fields: Record<string, unknown>, name: string, value: unknown) {
  const key = name.endsWith('[]') ? name.slice(0, -2) : name;
  // a field named like an Object.prototype member must not reach (or replace) the prototype
  if (key === '__proto__') throw badRequest(`"${key}" is not allowed as a field name.`);
  const existing = Object.hasOwn(fields, key) ? fields[key] : undefined;
  if (Array.isArray(existing)) {
    // appended in place: copying would make a body of many repeated fields quadratic
    existing.push(value);
  } else if (name.endsWith('[]') || existing !== undefined) {
    fields[key] = existing === undefined ? [value] : [existing, value];
  } else {
    fields[key] = value;
  }
}

/** A list field's schema in the OpenAPI document: one value, or several (read with asList). */
export const oneOrMany = <T extends ZodType>(value: T) => z.union([value, z.array(value)]);

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

/** How deep a request's query or body may nest (no form of the product goes beyond a few levels). */
export const MAX_INPUT_DEPTH = 32;

const nulByteMessage = (where: string) =>
  `The request must not hold NUL bytes (\\0 or %00); one was found in ${where.length > 80 ? `${where.slice(0, 80)}…` : where}.`;

/** What findNulByte found: a NUL byte at `path` ('' for the value itself), or nesting too deep to look at. */
export type NulByteFinding = { path: string } | { tooDeep: true };

/**
 * Where the first NUL byte of `value` is (in a string, or a key, at any depth), as a path like `filter`
 * or `rows.0.name`; null when there is none. Iterative, so a deeply nested body cannot overflow the
 * stack; input nested deeper than MAX_INPUT_DEPTH is reported as such.
 */
export function findNulByte(value: unknown): NulByteFinding | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\0')) return { path };
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { tooDeep: true };
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\0')) return { path: childPath };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * preValidation hook of the app: a 400 for a NUL byte in the path parameters, the query or the body
 * (SQLite's full-text search and PostgreSQL's text parameters refuse it, and no text of the product
 * holds one), and for input nested deeper than any form.
 */
export async function rejectNulBytes(request: FastifyRequest) {
  for (const [part, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const found = findNulByte(value);
    if (!found) continue;
    if ('tooDeep' in found) throw badRequest(`The request ${part} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`);
    throw badRequest(nulByteMessage(found.path ? `${part}.${found.path}` : part));
  }
}
