// List query parameters of DESIGN.md §3: page (0- or 1-based per list), limit, filter, order; the list
// request they make is run by the planner in db/list.ts.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, type ListOrder, MAX_PAGE_SIZE, parseOrder } from '@shared/contract';
import { MAX_INT } from '@shared/validation/common';
import type { ListRequest } from '@server/db/list';
import { badRequest } from './errors';

/** Deep offsets are capped: past this many rows a list asks the user to narrow the search. */
export const MAX_OFFSET = 100_000;

/** The longest search text a list accepts (the search boxes are one line). */
export const MAX_FILTER_LENGTH = 200;
/** The longest `columns` text a list call takes (the audit log's, with every action's label in Arabic, is about 4,000). */
export const MAX_COLUMNS_LENGTH = 12_000;

// Repeated keys (`?page=1&page=2`) arrive as arrays: refused like any other malformed value.
export const listQuerySchema = z.object({
  page: z.string().max(30).optional(),
  limit: z.string().max(30).optional(),
  filter: z.string().max(MAX_FILTER_LENGTH, `The search text may have at most ${MAX_FILTER_LENGTH} characters.`).optional(),
  order: z.string().max(500).optional(),
  /** these records only, whatever page and search (react-admin's getMany): ids separated by commas */
  ids: z.string().max(2000).optional(),
  /** the records whose `reference` field holds `reference_id` (react-admin's getManyReference), where the list allows it */
  reference: z.string().max(60).optional(),
  reference_id: z.string().max(30).optional(),
  /** `csv`: the whole list (its search, order, reference; not a page) as a CSV file, streamed */
  format: z
    .enum(['json', 'csv'])
    .optional()
    .describe('csv: the whole list (its search, order and reference; page and limit aside) as a CSV file, streamed'),
  /** with `format=csv`: the list's columns as the admin shows them (http/exportColumns.ts) */
  columns: z
    .string()
    .max(MAX_COLUMNS_LENGTH)
    .optional()
    .describe('with format=csv: JSON {"locale","columns":[{"source","header","shows","words","wordsOf","template","missing"}]}, the columns, headers and words of the file; without it the answer\'s own fields'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface ListSpec<Col extends string> {
  /** API sort name -> SQL column. Unknown names are a 400, never SQL. */
  sortable: Record<string, Col>;
  defaultOrder: ListOrder;
  pageBase: 0 | 1;
  /** fields that name another record, by which the list may be asked for that record's rows */
  references?: Record<string, Col>;
}

function int(name: 'page' | 'limit', text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw badRequest('validation.invalidInput', { [name]: 'must be a whole number' });
  return n;
}

export function parseListQuery<Col extends string>(q: ListQuery, spec: ListSpec<Col>): ListRequest<Col> {
  const limit = Math.min(Math.max(int('limit', q.limit, DEFAULT_PAGE_SIZE), 1), MAX_PAGE_SIZE);
  const page = Math.max(int('page', q.page, spec.pageBase), spec.pageBase);
  const pageIndex = page - spec.pageBase;
  const offset = pageIndex * limit;
  if (offset > MAX_OFFSET && q.format !== 'csv') throw badRequest('validation.invalidInput', { page: 'page is too deep; refine the search' });
  let order: ListOrder;
  try {
    order = parseOrder(q.order) ?? spec.defaultOrder;
  } catch {
    throw badRequest('validation.invalidInput', { order: 'order must be {"direction","name","type"}' });
  }
  // own keys only: 'constructor', 'toString', '__proto__'… are Object.prototype's, not sort names
  const column = Object.hasOwn(spec.sortable, order.name) ? spec.sortable[order.name] : undefined;
  if (typeof column !== 'string') {
    throw badRequest('validation.invalidInput', { order: `cannot sort by ${JSON.stringify(order.name.slice(0, 50))}` });
  }
  return {
    page,
    pageIndex,
    limit,
    offset,
    filter: (q.filter ?? '').trim(),
    order: { column, direction: order.direction === 'DESC' ? 'desc' : 'asc' },
    format: q.format ?? 'json',
    ...(q.ids === undefined ? {} : { ids: parseIds(q.ids) }),
    ...(q.reference === undefined && q.reference_id === undefined ? {} : { reference: parseReference(q, spec.references ?? {}) }),
  };
}

/** `reference=user_id&reference_id=7`: a field the list names as a reference, and a row id. */
function parseReference<Col extends string>(q: ListQuery, references: Record<string, Col>): { column: Col; id: number } {
  const column = q.reference !== undefined && Object.hasOwn(references, q.reference) ? references[q.reference] : undefined;
  const id = Number(q.reference_id);
  if (column === undefined || !Number.isInteger(id) || id <= 0 || id > MAX_INT) {
    const named = Object.keys(references);
    throw badRequest('validation.invalidInput', { reference: named.length ? `reference must be one of ${named.join(', ')}, with a record id` : 'this list has no reference filter' });
  }
  return { column, id };
}

/** `ids=3,17,42`: whole numbers a row id may be, at most a page of them (each once). */
function parseIds(text: string): number[] {
  const ids = [...new Set(text.split(',').map((part) => part.trim()))].filter(Boolean).map(Number);
  if (!ids.length || ids.length > MAX_PAGE_SIZE || !ids.every((id) => Number.isInteger(id) && id > 0 && id <= MAX_INT)) {
    throw badRequest('validation.invalidInput', { ids: `ids must be 1 to ${MAX_PAGE_SIZE} record ids separated by commas` });
  }
  return ids;
}

