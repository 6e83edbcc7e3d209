// What a declaration's fields say, read for the screens and the server of a declared resource: which
// fields the list, the forms and the detail page show, and the one zod schema that checks a form on both
// sides (the admin's zodResolver, the server's body validation and its OpenAPI description).
import { z } from 'zod';
import { isBlankHtml, SLUG_PATTERN } from '../text';
import { MAX_INT, noControlCharacters } from '../validation/common';
import { v, type ValidationMessageKey } from '../validation/messages';
import type { FieldDeclaration, FieldType, ResourceDeclaration } from './types';
import { isoDay, isoMoment, yesNo } from './values';

export type DeclaredField = FieldDeclaration & { name: string; type: FieldType };

/** The longest text a field takes when its declaration names no `max`. */
export const DEFAULT_MAX = { text: 200, longText: 10_000, slug: 200, richText: 100_000 } as const;

const typedOf = new WeakMap<ResourceDeclaration, DeclaredField[]>();
/** The fields that say what they hold, in declaration order (made once a declaration: a save of many rows asks per row). */
export function typedFields(resource: ResourceDeclaration): DeclaredField[] {
  let fields = typedOf.get(resource);
  if (!fields) typedOf.set(resource, (fields = Object.entries(resource.fields).flatMap(([name, f]) => (f.type ? [{ ...f, name, type: f.type }] : []))));
  return fields;
}

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
    case 'date':
    case 'dateTime':
    case 'boolean':
    case 'reference':
    case 'image':
      return valueSchema(field.type, field.required, required);
    default:
      throw new Error(`a ${field.type} field is not typed in a form (${field.name})`);
  }
}

/** A record's id as a form or JSON sends it (7 or '7'), or null. */
const recordId = (raw: unknown) =>
  (typeof raw === 'number' || typeof raw === 'string') && /^\d{1,10}$/.test(String(raw)) && Number(raw) > 0 && Number(raw) <= MAX_INT ? Number(raw) : null;

/** How each of the value types reads what a form sends, and what it says when that is no such value. */
const VALUE_TYPES = {
  date: { read: isoDay, invalid: 'dateInvalid', doc: { type: 'string', format: 'date', description: 'a day, YYYY-MM-DD' } },
  dateTime: { read: isoMoment, invalid: 'dateTimeInvalid', doc: { type: 'string', format: 'date-time', description: 'a moment, ISO-8601 (without a time zone: UTC)' } },
  boolean: { read: yesNo, invalid: 'booleanInvalid', doc: { type: 'boolean', description: 'true or false (also 1/0, "true"/"false")' } },
  // a record's id; that the record exists is checked by the server (modules/declared/)
  reference: { read: recordId, invalid: 'referenceInvalid', doc: { type: 'integer', minimum: 1, description: 'the id of a record of the referenced resource' } },
  // an /uploads/ path the upload call answered; that it is one is checked by the server
  image: {
    read: (raw: unknown) => (typeof raw === 'string' && raw.startsWith('/uploads/') && raw.length <= 300 ? raw : null),
    invalid: 'imageInvalid',
    doc: { type: 'string', description: 'the url answered by the resource\'s image upload call' },
  },
} as const satisfies Record<string, { read: (raw: unknown) => unknown; invalid: ValidationMessageKey; doc: Record<string, unknown> }>;

/**
 * A date, moment, yes/no, reference or image field: the value normalised (a day 'YYYY-MM-DD', a moment in
 * UTC, true/false, an id, a path); blank ('' or null) is no value, kept as null so that an edit can clear it.
 */
function valueSchema(type: keyof typeof VALUE_TYPES, isRequired: boolean | undefined, required: string): z.ZodType {
  const { read, invalid, doc } = VALUE_TYPES[type];
  // described for the OpenAPI document (a custom rule has no JSON Schema of its own)
  const value = z
    .custom<NonNullable<ReturnType<typeof read>>>((raw) => raw !== null && raw !== undefined && read(raw) !== null, {
      error: (issue) => (issue.input === null || issue.input === undefined ? required : v(invalid)),
    })
    .meta(doc);
  const blankAsNull = (raw: unknown) => (raw === '' || raw === null ? null : raw);
  return z.preprocess(blankAsNull, (isRequired ? value : value.nullable().optional()).transform((raw) => (raw === null || raw === undefined ? raw : read(raw))));
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

/** What a form holds for a field left empty, where it is not '' (a yes/no starts as no). */
const EMPTY_VALUE: Partial<Record<FieldType, unknown>> = { number: null, choice: undefined, date: null, dateTime: null, boolean: false, reference: null, image: null };

/**
 * The values a form starts with: the record's (an edit), else the declared initial value (a create), else
 * empty (text '', a number null, a choice unset).
 */
export const formValues = (resource: ResourceDeclaration, record: Record<string, unknown> = {}): Record<string, unknown> =>
  Object.fromEntries(
    formFields(resource).map((f) => [f.name, record[f.name] ?? f.initial ?? (f.type in EMPTY_VALUE ? EMPTY_VALUE[f.type] : '')]),
  );

/** A stored value as the API answers it, where it is not a text (or null). */
const STORED_VALUE: Partial<Record<FieldType, () => z.ZodType>> = {
  id: () => z.number().int(),
  number: () => z.number().int().nullable(),
  reference: () => z.number().int().nullable().describe('the id of the referenced record'),
  boolean: () => z.boolean().nullable(),
  date: () => z.string().nullable().describe('a day, YYYY-MM-DD'),
  dateTime: () => z.string().nullable().describe('a moment, ISO-8601 in UTC'),
  image: () => z.string().nullable().describe('the /uploads/ path of the image'),
};

/** A stored record as the API answers it: every typed field, each may be empty but the id (the OpenAPI document). */
export function storedRecordSchema(resource: ResourceDeclaration) {
  const valueOf = (field: DeclaredField): z.ZodType => STORED_VALUE[field.type]?.() ?? z.string().nullable();
  return z.object(Object.fromEntries(typedFields(resource).map((f) => [f.name, valueOf(f)])));
}
