// Route schemas are zod schemas (the same ones the admin's forms use). Fastify validates with them and
// the OpenAPI document (/api/docs) shows their JSON Schema form.
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { type ZodType, z } from 'zod';
import { idNumber, MAX_INT } from '../../shared/validation/common';
import { ValidationFailed } from './errors';

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: new ValidationFailed(result.error.issues) };
  };

const isZod = (value: unknown): value is ZodType => !!value && typeof (value as ZodType).safeParse === 'function';

/** @fastify/swagger transform: zod schemas -> JSON Schema. */
export function zodSwaggerTransform({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!schema) return { schema, url };
  const out: Record<string, unknown> = { ...schema };
  for (const key of ['body', 'querystring', 'params', 'headers'] as const) {
    const s = (schema as Record<string, unknown>)[key];
    if (isZod(s)) out[key] = z.toJSONSchema(s, { unrepresentable: 'any', io: 'input' });
  }
  return { schema: out as FastifySchema, url };
}

/** `/:id` of a route: a positive whole number that an integer column can hold. */
export const idParams = z.object({ id: idNumber() });

/**
 * The `id` of a create-or-update form: missing, empty or 0 means create (so does text that is no number,
 * as the spec's clients send 'undefined'); a number too big to be a row id is refused.
 */
export const optionalId = z.object({
  id: z.preprocess((raw) => {
    const n = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN;
    return Number.isInteger(n) && n >= 0 ? n : undefined;
  }, z.number().max(MAX_INT, 'validation.invalidInput').optional()),
});
