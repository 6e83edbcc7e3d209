// List query parameters of DESIGN.md §3: page (0- or 1-based per list), limit, filter, order.
/* eslint-disable @typescript-eslint/no-explicit-any -- the list runner works on any table's query */
import { type SelectQueryBuilder, sql } from 'kysely';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, type ListMeta, type ListOrder, MAX_PAGE_SIZE, parseOrder } from '../../shared/contract';
import { badRequest } from './errors';

/** Deep offsets are capped: past this many rows a list asks the user to narrow the search. */
export const MAX_OFFSET = 100_000;

/** The longest search text a list accepts (the search boxes are one line). */
export const MAX_FILTER_LENGTH = 200;

// Repeated keys (`?page=1&page=2`) arrive as arrays: refused like any other malformed value.
export const listQuerySchema = z.object({
  page: z.string().max(30).optional(),
  limit: z.string().max(30).optional(),
  filter: z.string().max(MAX_FILTER_LENGTH, `The search text may have at most ${MAX_FILTER_LENGTH} characters.`).optional(),
  order: z.string().max(500).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface ListRequest<Col extends string> {
  /** zero-based page index */
  pageIndex: number;
  /** page number as the client counts it (echoed in meta.page) */
  page: number;
  limit: number;
  offset: number;
  filter: string;
  order: { column: Col; direction: 'asc' | 'desc' };
}

export interface ListSpec<Col extends string> {
  /** API sort name -> SQL column. Unknown names are a 400, never SQL. */
  sortable: Record<string, Col>;
  defaultOrder: ListOrder;
  pageBase: 0 | 1;
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
  if (offset > MAX_OFFSET) throw badRequest('validation.invalidInput', { page: 'page is too deep; refine the search' });
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
  };
}

/**
 * Runs a list: meta.total of `base`, and one page of `select(base)` in the requested order, with the id
 * as tie-breaker so that pages never overlap.
 */
export async function runListQuery<QB extends SelectQueryBuilder<any, any, object>, Row>(
  base: QB,
  select: (qb: QB) => SelectQueryBuilder<any, any, Row>,
  req: ListRequest<string>,
  idColumn: string,
): Promise<{ rows: Row[]; meta: ListMeta }> {
  const count = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const rows = await select(base)
    .orderBy(sql.ref(req.order.column), req.order.direction)
    .orderBy(sql.ref(idColumn), req.order.direction)
    .limit(req.limit)
    .offset(req.offset)
    .execute();
  return { rows, meta: { total: Number((count as { n: number }).n), page: req.page, limit: req.limit } };
}
