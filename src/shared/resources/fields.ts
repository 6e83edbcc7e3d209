// What a declaration's fields say, read for the screens and the server of a declared resource: which
// fields the list, the forms and the detail page show, and the one zod schema that checks a form on both
// sides (the admin's zodResolver, the server's body validation and its OpenAPI description).
import { z } from 'zod';
import { MAX_INT, noControlCharacters } from '../validation/common';
import { v } from '../validation/messages';
import type { FieldDeclaration, FieldType, ResourceDeclaration } from './types';

export type DeclaredField = FieldDeclaration & { name: string; type: FieldType };

/** The longest text a `text` field takes when its declaration names no `max` (a `longText` takes 10,000). */
export const DEFAULT_MAX = { text: 200, longText: 10_000 } as const;

/** The fields that say what they hold, in declaration order. */
export const typedFields = (resource: ResourceDeclaration): DeclaredField[] =>
  Object.entries(resource.fields).flatMap(([name, f]) => (f.type ? [{ ...f, name, type: f.type }] : []));

export const listFields = (resource: ResourceDeclaration) => typedFields(resource).filter((f) => f.list);
export const formFields = (resource: ResourceDeclaration) => typedFields(resource).filter((f) => f.form);
export const shownFields = (resource: ResourceDeclaration) => typedFields(resource).filter((f) => f.show);
/** The fields the list's search looks into. */
export const searchedFields = (resource: ResourceDeclaration) => typedFields(resource).filter((f) => f.searchable);

/** A form field's rule (messages are catalogue keys: the admin shows them translated, the server in English). */
function fieldSchema(field: DeclaredField): z.ZodType {
  const optional = (schema: z.ZodType) => (field.required ? schema : schema.optional());
  switch (field.type) {
    case 'text':
    case 'longText': {
      const text = z
        .string({ error: v('fieldRequired') })
        .trim()
        .max(field.max ?? DEFAULT_MAX[field.type], v('textTooLong'));
      return field.required
        ? noControlCharacters(text.min(1, v('fieldRequired')), field.type === 'longText')
        : noControlCharacters(text, field.type === 'longText').optional();
    }
    case 'choice':
      return optional(z.enum((field.choices ?? []) as [string, ...string[]], { error: v('choiceRequired') }));
    case 'number':
      // forms send numbers as text (multipart, an emptied input): a blank is no value
      return optional(
        z.preprocess(
          (raw) => (raw === '' || raw === null ? undefined : typeof raw === 'string' ? Number(raw) : raw),
          z.number({ error: v(field.required ? 'fieldRequired' : 'wholeNumber') }).int(v('wholeNumber')).min(-MAX_INT, v('wholeNumber')).max(MAX_INT, v('wholeNumber')),
        ),
      );
    default:
      throw new Error(`a ${field.type} field is not typed in a form (${field.name})`);
  }
}

/** The create and edit form of a declared resource: its form fields, nothing else (unknown keys are dropped). */
export function recordSchema(resource: ResourceDeclaration) {
  return z.object(Object.fromEntries(formFields(resource).map((f) => [f.name, fieldSchema(f)])));
}

/**
 * The values a form starts with: the record's (an edit), else the declared initial value (a create), else
 * empty (text '', a number null, a choice unset).
 */
export const formValues = (resource: ResourceDeclaration, record: Record<string, unknown> = {}): Record<string, unknown> =>
  Object.fromEntries(
    formFields(resource).map((f) => [f.name, record[f.name] ?? f.initial ?? (f.type === 'number' ? null : f.type === 'choice' ? undefined : '')]),
  );

/** A stored record as the API answers it: every typed field, each may be empty but the id (the OpenAPI document). */
export function storedRecordSchema(resource: ResourceDeclaration) {
  const valueOf = (field: DeclaredField): z.ZodType =>
    field.type === 'id' ? z.number().int() : field.type === 'number' ? z.number().int().nullable() : z.string().nullable();
  return z.object(Object.fromEntries(typedFields(resource).map((f) => [f.name, valueOf(f)])));
}
