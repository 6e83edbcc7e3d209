// What a declaration's fields say, read for the screens and the server of a declared resource: which
// fields the list, the forms and the detail page show, and the one zod schema that checks a form on both
// sides (the admin's zodResolver, the server's body validation and its OpenAPI description).
import { z } from 'zod';
import { isBlankHtml, SLUG_PATTERN } from '../text';
import { MAX_INT, noControlCharacters } from '../validation/common';
import { v } from '../validation/messages';
import type { FieldDeclaration, FieldType, ResourceDeclaration } from './types';

export type DeclaredField = FieldDeclaration & { name: string; type: FieldType };

/** The longest text a field takes when its declaration names no `max`. */
export const DEFAULT_MAX = { text: 200, longText: 10_000, slug: 200, richText: 100_000 } as const;

/** The fields that say what they hold, in declaration order. */
export const typedFields = (resource: ResourceDeclaration): DeclaredField[] =>
  Object.entries(resource.fields).flatMap(([name, f]) => (f.type ? [{ ...f, name, type: f.type }] : []));

export const listFields = (resource: ResourceDeclaration) => typedFields(resource).filter((f) => f.list);
export const formFields = (resource: ResourceDeclaration) => typedFields(resource).filter((f) => f.form);
/** The form fields the dialogs show an input for (the others go back as they are). */
export const inputFields = (resource: ResourceDeclaration) => formFields(resource).filter((f) => f.input !== false);
export const shownFields = (resource: ResourceDeclaration) => typedFields(resource).filter((f) => f.show);
/** The fields the list's search looks into. */
export const searchedFields = (resource: ResourceDeclaration) => typedFields(resource).filter((f) => f.searchable);

/**
 * A form field's rule (messages are catalogue keys: the admin shows them translated, the server in
 * English): the field's own messages where it declares them; `inRow`: in a row of the several-rows add.
 */
function fieldSchema(field: DeclaredField, inRow = false): z.ZodType {
  const optional = (schema: z.ZodType) => (field.required ? schema : schema.optional());
  const own = field.messages ?? {};
  const required = v((inRow && own.requiredInRow) || own.required || (field.type === 'choice' ? 'choiceRequired' : 'fieldRequired'));
  switch (field.type) {
    case 'text':
    case 'longText': {
      const text = z
        .string({ error: required })
        .trim()
        .max(field.max ?? DEFAULT_MAX[field.type], v(own.tooLong ?? 'textTooLong'));
      return field.required
        ? noControlCharacters(text.min(1, required), field.type === 'longText')
        : noControlCharacters(text, field.type === 'longText').optional();
    }
    case 'slug': {
      // lower-cased; left empty, the server makes it from the title
      const slug = z
        .string({ error: required })
        .trim()
        .toLowerCase()
        .max(field.max ?? DEFAULT_MAX.slug, v(own.tooLong ?? 'textTooLong'))
        .refine((s) => s === '' || SLUG_PATTERN.test(s), v('slugInvalid'));
      return field.required ? slug.refine((s) => s !== '', required) : slug.optional();
    }
    case 'richText': {
      // an editor left empty still sends markup ('<p></p>'): blank is judged on what it shows
      const html = noControlCharacters(z.string({ error: required }).max(field.max ?? DEFAULT_MAX.richText, v(own.tooLong ?? 'textTooLong')), true);
      return field.required ? html.refine((text) => !isBlankHtml(text), required) : html.default('');
    }
    case 'choice':
      return optional(z.enum((field.choices ?? []) as [string, ...string[]], { error: required }));
    case 'number':
      // forms send numbers as text (multipart, an emptied input): a blank is no value
      return optional(
        z.preprocess(
          (raw) => (raw === '' || raw === null ? undefined : typeof raw === 'string' ? Number(raw) : raw),
          z.number({ error: field.required ? required : v('wholeNumber') }).int(v('wholeNumber')).min(-MAX_INT, v('wholeNumber')).max(MAX_INT, v('wholeNumber')),
        ),
      );
    default:
      throw new Error(`a ${field.type} field is not typed in a form (${field.name})`);
  }
}

/** The create and edit form of a declared resource: its form fields, nothing else (unknown keys are dropped). */
export function recordSchema(resource: ResourceDeclaration, inRow = false) {
  return z.object(Object.fromEntries(formFields(resource).map((f) => [f.name, fieldSchema(f, inRow)])));
}

/**
 * The several-rows add dialog (`screens.addRows`): one or more rows, each a record; no row at all is
 * refused with the first required field's blank-row message.
 */
export function rowsSchema(resource: ResourceDeclaration) {
  const first = formFields(resource).find((f) => f.required);
  const none = v(first?.messages?.requiredInRow ?? first?.messages?.required ?? 'fieldRequired');
  return z.object({ rows: z.array(recordSchema(resource, true), { error: none }).min(1, none) });
}

/** The field whose taken values the server refuses, if the resource declares one (`unique`). */
export const uniqueField = (resource: ResourceDeclaration) => typedFields(resource).find((f) => f.unique);

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
