// An export's columns as the admin asks for them (`columns`, src/shared/listColumns.ts): the list's own
// columns with its headers and words in the admin's language. Each cell is read from the row as the list
// answers it (so a caller only ever exports what the list already shows them), then written as the list
// shows it: a word for a status or a flag, a date in the list's format, a nested object's name.
import { z } from 'zod';
import { formatDate } from '@shared/contract';
import { CELL_KINDS, type ExportColumn, type ExportLayout, VALUE_TOKEN, WORD_TOKEN } from '@shared/listColumns';
import { decodeNumericEntities } from '@shared/text';
import { badRequest } from './errors';

const path = z.string().regex(/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/).max(100);
const text = z.string().max(500);
const layoutSchema = z.object({
  locale: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/).max(35),
  columns: z
    .array(
      z.object({
        source: path,
        header: text,
        shows: z.enum(CELL_KINDS).optional(),
        words: z.record(z.string().max(100), text).optional(),
        wordsOf: path.optional(),
        template: text.optional(),
        missing: text.optional(),
      }),
    )
    .min(1)
    .max(40),
});

/** The layout the call names, or none (the answer's own fields, as before); a malformed one is a 400. */
export function exportLayout(columns: unknown): ExportLayout | undefined {
  if (columns === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(columns));
  } catch {
    parsed = undefined;
  }
  const layout = layoutSchema.safeParse(parsed);
  if (!layout.success) throw badRequest('validation.invalidInput', { columns: 'columns must be {"locale", "columns": [{"source", "header", …}]}' });
  return layout.data;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A row's value at `a.b.c` (own keys only: `constructor` is no field). */
function valueAt(row: unknown, at: string): unknown {
  return at.split('.').reduce<unknown>((value, key) => (isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined), row);
}

const absent = (value: unknown) => value === null || value === undefined || value === '';

/** The text of a value as the list writes it. */
function plain(value: unknown): string {
  if (absent(value)) return '';
  if (typeof value === 'string') return decodeNumericEntities(value);
  if (Array.isArray(value)) return value.map((item) => (isObject(item) ? plain(item.name ?? item.title ?? '') : plain(item))).filter(Boolean).join('; ');
  if (isObject(value)) return plain(value.name ?? value.title ?? '');
  return String(value);
}

/** An audit entry's changed fields (a list, or its JSON text): 'field: before → after', one after another. */
function changesText(value: unknown): string {
  if (typeof value === 'string' && value.startsWith('[')) {
    try {
      return changesText(JSON.parse(value));
    } catch {
      return plain(value);
    }
  }
  if (!Array.isArray(value)) return plain(value);
  return value
    .filter(isObject)
    .map((c) => `${plain(c.field)}: ${absent(c.before) ? '' : `${plain(c.before)} → `}${plain(c.after)}`)
    .join('; ');
}

/** Date and time in the language's way, in western digits as the admin writes them. */
function dateTime(value: unknown, locale: string): string {
  const at = new Date(String(value));
  if (Number.isNaN(at.getTime())) return plain(value);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' }).format(at);
}

/** One cell's value: a number stays a number (an unquoted cell), anything else its text. */
export function exportedCell(row: unknown, column: ExportColumn, locale: string): string | number {
  const value = valueAt(row, column.source);
  if (column.words || column.template) {
    const key = valueAt(row, column.wordsOf ?? column.source);
    const word = column.words ? (column.words[String(key)] ?? column.words['*']) : undefined;
    // no value: the missing mark, or a template's word alone (an audit entry of a kind without a record)
    if (absent(value)) return column.missing ?? (column.template ? (word ?? '') : '');
    const text = column.template ?? word ?? plain(value);
    return text.replaceAll(WORD_TOKEN, word ?? plain(key)).replaceAll(VALUE_TOKEN, plain(value));
  }
  if (absent(value)) return column.missing ?? '';
  switch (column.shows) {
    case 'number':
      return typeof value === 'number' ? value : plain(value);
    case 'date':
      return formatDate(String(value));
    case 'dateTime':
      return dateTime(value, locale);
    case 'changes':
      return changesText(value);
    default:
      return plain(value);
  }
}
