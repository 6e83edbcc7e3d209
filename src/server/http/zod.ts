// Route schemas are zod schemas (the same ones the admin's forms use). Fastify validates with them and
// the OpenAPI document (/api/docs, http/openapi.ts) shows their JSON Schema form.
import type { FastifySchemaCompiler } from 'fastify';
import { type ZodType, z } from 'zod';
import { idNumber, MAX_INT, recordVersion } from '@shared/validation/common';
import { ValidationFailed } from './errors';

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: new ValidationFailed(result.error.issues) };
  };

/** `/:id` of a route: a positive whole number that an integer column can hold. */
export const idParams = z.object({ id: idNumber() });

/**
 * The `id` of a create-or-update form: missing, empty or 0 means create (so does text that is no number,
 * as the spec's clients send 'undefined'); a number too big to be a row id is refused, and so is a list,
 * an object or a boolean (no client sends one for an id: it is not taken for "create").
 */
export const optionalId = z.object({
  id: z.preprocess((raw) => {
    if (raw === undefined || raw === null) return undefined;
    if (typeof raw !== 'number' && typeof raw !== 'string') return raw;
    const n = Number(raw);
    return Number.isInteger(n) && n >= 0 ? n : undefined;
  }, z.number().max(MAX_INT, 'validation.invalidInput').optional()),
});

/** A create-or-update form's record: its `id`, and for an update the version its form was opened on (db/versions.ts). */
export const savedRecordKey = optionalId.extend({ updated_at: recordVersion });
