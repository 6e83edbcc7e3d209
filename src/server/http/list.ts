// List query parameters of DESIGN.md §3: page (0- or 1-based per list), limit, filter, order.
/* eslint-disable @typescript-eslint/no-explicit-any -- the list runner works on any table's query */
import { type Compilable, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, type ListMeta, type ListOrder, MAX_PAGE_SIZE, parseOrder } from '../../shared/contract';
import { MAX_INT } from '../../shared/validation/common';
import { dialectOf } from '../db/index';
import { runKept } from '../db/keptStatements';
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
  /** these records only, whatever page and search (react-admin's getMany): ids separated by commas */
  ids: z.string().max(2000).optional(),
  /** the records whose `reference` field holds `reference_id` (react-admin's getManyReference), where the list allows it */
  reference: z.string().max(60).optional(),
  reference_id: z.string().max(30).optional(),
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
  /** the records asked for by id (at most a page of them), or undefined for a page of the list */
  ids?: number[];
  /** only the rows whose column holds this id */
  reference?: { column: Col; id: number };
}

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

/** The search plan's two sizes (tests make them small to reach every branch with a few rows). */
export const SEARCH_PLAN = {
  /** how many rows of the list's order a search tests first, to tell a common term from a rare one */
  probeRows: 500,
  /**
   * A search's total is exact up to this many rows; beyond, the answer says "more" (totalExact: false).
   * Counting further would mean listing every match through the index, which for a phrase of common
   * letters ('sunset galata', 1% of a million posts) costs more than a page's budget.
   */
  exactTotalUpTo: 1_000,
};
/** Matches among the probed rows from which walking the list's order beats the index. */
const MIN_SHARE = 2;

/** How a list answers fast at a million rows (see runListQuery). */
export interface ListPlan {
  /** the unfiltered list's total when it is maintained (db/counts.ts), instead of counting */
  total?: () => Promise<number>;
  /**
   * The search box's term as a condition: through the search indexes (`indexed`), or as a test of each
   * row. Both must select the same rows.
   */
  search?: (indexed: boolean) => Expression<SqlBool>;
  /** the database the list's statements run on */
  db: Kysely<any>;
  /**
   * The list's name, when its `select` and `search` are the same at every call (they may depend on the
   * request only through `base` and the list request): its statements are then kept compiled.
   */
  name?: string;
}

/**
 * Runs a list: meta.total and one page of `select(base)` in the requested order, with the id as
 * tie-breaker so that pages never overlap. `base` holds the list's fixed conditions, not the search.
 *
 * Without a search the total is the maintained one (or a count) and the page walks the sort index.
 * A search never lists every match of a common term:
 * 1. the first PROBE_ROWS rows in the list's order are tested (the newest ones, for another order) to
 *    estimate the term's share, stopping as soon as enough match. A common term (the estimate past
 *    EXACT_TOTAL_UP_TO, at least MIN_SHARE probed matches: 'bazaar' in 40% of the posts, a phrase in 1%)
 *    takes its page from the list's order walked with the row test (the probe itself when it holds the
 *    page), and the total says "more than EXACT_TOTAL_UP_TO"; a list of at most PROBE_ROWS rows is
 *    tested whole;
 * 2. otherwise the search index gives the matches, up to EXACT_TOTAL_UP_TO: a rare term's rows are
 *    sorted and paged, and their number is the exact total;
 * 3. more matches than that after all: the order is walked as in 1.
 * Pages are read as ids first, then the rows of those ids (a deferred join).
 */
export async function runListQuery<QB extends SelectQueryBuilder<any, any, object>, Row>(
  rowsOfList: QB,
  select: (qb: QB) => SelectQueryBuilder<any, any, Row>,
  req: ListRequest<string>,
  idColumn: string,
  plan: ListPlan,
): Promise<{ rows: Row[]; meta: ListMeta }> {
  const { search, db } = plan;
  // a reference is one more fixed condition of the list
  const base = req.reference ? (rowsOfList.where(sql.ref(req.reference.column), '=', req.reference.id) as QB) : rowsOfList;
  const { probeRows: PROBE_ROWS, exactTotalUpTo: EXACT_TOTAL_UP_TO } = SEARCH_PLAN;
  const run = statementsOf(db, plan.name, base, idColumn, req);
  const ordered = <Q extends SelectQueryBuilder<any, any, any>>(qb: Q) =>
    qb.orderBy(sql.ref(req.order.column), req.order.direction).orderBy(sql.ref(idColumn), req.order.direction) as Q;
  const ids = (rows: unknown[]) => rows.map((r) => (r as { id: unknown }).id);
  /** Rows of the given ids, in the list's order. */
  const rowsOf = async (of: unknown[]) =>
    (of.length ? run(`rows`, of, (holes) => ordered(select(base).where(sql.ref(idColumn), 'in', holes))) : []) as Promise<Row[]>;
  // the page's ids first, then their rows: skipping `offset` rows walks the index alone, without the
  // joins and sub-selects of the shown columns (a deferred join)
  const page = async (role: string, qb: () => QB) =>
    rowsOf(ids(await run(role, [], () => ordered(qb().select(sql.ref(idColumn).as('id'))).limit(req.limit).offset(req.offset))));
  const counted = async (role: string, qb: () => SelectQueryBuilder<any, any, any>) =>
    Number((await run(role, [], () => qb().select(sql<number>`count(*)`.as('n'))))[0].n);
  const meta = (total: number, exact = true): ListMeta => ({ total, page: req.page, limit: req.limit, ...(exact ? {} : { totalExact: false }) });

  if (req.ids) {
    // the records asked for, within the list's own conditions (a caller's scope holds here too)
    const rows = await rowsOf(req.ids);
    return { rows, meta: { total: rows.length, page: req.page, limit: req.limit } };
  }
  // the maintained total is the whole list's: a reference's rows are counted
  const all = async () => (plan.total && !req.reference ? plan.total() : counted('count', () => base));
  if (!req.filter || !search) {
    // (a list without a search plan has put its search into `base`)
    const [total, rows] = await Promise.all([req.filter ? counted('count', () => base) : all(), page('page', () => base)]);
    return { rows, meta: meta(total) };
  }
  const wanted = req.offset + req.limit;
  const walked = () => base.where(search(false)) as QB;

  const listed = await all();
  if (listed <= PROBE_ROWS) {
    // the whole list is one probe: tested row by row, the total exact
    const probed = await run('whole', [], () => ordered(walked().select(sql.ref(idColumn).as('id'))));
    return { rows: await rowsOf(ids(probed.slice(req.offset, wanted))), meta: meta(probed.length) };
  }
  // 1. the term is common when more than EXACT_TOTAL_UP_TO of the list would match at the share found
  // among PROBE_ROWS rows: that takes `needed` matches there, and the probe stops as soon as it has them
  // (a word in 40% of the rows is decided after some thirty rows, not five hundred)
  const needed = Math.max(MIN_SHARE, Math.floor((EXACT_TOTAL_UP_TO * PROBE_ROWS) / listed) + 1);
  // a list this short never holds more matches than the cap at any share the probe could see
  if (needed > PROBE_ROWS) return exactFromIndex();
  const probeIds = () => base.select(sql.ref(idColumn).as('id'));
  // PostgreSQL tests the whole probe: told to stop after a few matches, its planner walks the table's
  // order and tests every row against the probe's ids, and a term that matches nothing reads them all
  const stopsEarly = dialectOf(db) !== 'postgres';
  const stopAt = <Q extends SelectQueryBuilder<any, any, any>>(qb: Q, limit: unknown) => (stopsEarly ? (qb.limit(limit as number) as Q) : qb);
  if (req.order.column === idColumn) {
    // the newest (or oldest) rows are the list's own first rows: one probe estimates and pages
    const probed = await run('probe', [Math.max(wanted, needed)], ([take]) =>
      stopAt(ordered(probeIds()).where(sql.ref(idColumn), 'in', ordered(probeIds()).limit(PROBE_ROWS)).where(search(false)), take),
    );
    if (probed.length < needed) return exactFromIndex();
    // common enough that walking the list's order finds the page sooner than the index lists every match
    const rows = probed.length >= wanted ? await rowsOf(ids(probed.slice(req.offset, wanted))) : await page('walk', walked);
    return { rows, meta: meta(EXACT_TOTAL_UP_TO, false) };
  }
  // another order: the share is taken among the newest rows (a sort that gathers the matches first, the
  // authors' names sorted by author, would overstate it), then the list's order is walked with the row test
  const share = Number(
    (
      await run('share', [needed], ([limit]) => {
        const newest = probeIds().orderBy(sql.ref(idColumn), 'desc').limit(PROBE_ROWS);
        const found = stopAt(base.select(sql.lit(1).as('one')).where(sql.ref(idColumn), 'in', newest).where(search(false)), limit).as('found');
        return db.selectFrom(found).select(sql<number>`count(*)`.as('n'));
      })
    )[0].n,
  );
  if (share < needed) return exactFromIndex();
  return { rows: await page('walk', walked), meta: meta(EXACT_TOTAL_UP_TO, false) };

  // 2. and 3.: in one statement, the matches (at most one past the cap) through the index, their number,
  // and the page of them in the list's order; sending the matched ids back as a thousand parameters cost
  // more than the sort (PostgreSQL: 3 ms to parse and plan them)
  async function exactFromIndex() {
    const matched = () =>
      base
        .select([sql.ref(idColumn).as('id'), sql.ref(req.order.column).as('sort_key')])
        .where(search!(true))
        .limit(EXACT_TOTAL_UP_TO + 1)
        .as('matched');
    const found = (await run('indexed', [], () => {
      const numbered = db.selectFrom(matched()).select(['matched.id', 'matched.sort_key', sql<number>`count(*) over ()`.as('matches')]).as('counted');
      return db
        .selectFrom(numbered)
        .select(['counted.id', 'counted.matches'])
        .orderBy('counted.sort_key', req.order.direction)
        .orderBy('counted.id', req.order.direction)
        .limit(req.limit)
        .offset(req.offset);
    })) as { id: unknown; matches: number }[];
    // past the last page the rows do not say how many matched: counted apart (a rare call); on the
    // first page, no row means no match
    const total = found.length ? Number(found[0].matches) : req.offset === 0 ? 0 : await counted('indexed count', () => db.selectFrom(matched()));
    if (total <= EXACT_TOTAL_UP_TO) return { rows: await rowsOf(ids(found)), meta: meta(total) };
    return { rows: await page('walk', walked), meta: meta(EXACT_TOTAL_UP_TO, false) };
  }
}

// ---- the list's statements, kept compiled --------------------------------------------------------------

/**
 * The runner of a list's statements. A named list keeps each compiled statement (db/keptStatements.ts)
 * under everything that makes it: the list's name, its fixed conditions as compiled SQL with their values
 * (a Sub-Admin's scope among them), the id column, the order, the page, the search text, the plan's sizes
 * and the statement's role. What changes from call to call within that (the ids of a page, a limit that
 * follows the list's total) is passed as `values`. An unnamed list builds every statement each time.
 */
function statementsOf(db: Kysely<any>, name: string | undefined, base: SelectQueryBuilder<any, any, any>, idColumn: string, req: ListRequest<string>) {
  type Build = (holes: readonly unknown[]) => Compilable<any>;
  if (name === undefined) return async (_role: string, values: unknown[], build: Build) => (await db.executeQuery(build(values).compile())).rows as any[];
  const fixed = base.compile();
  const { column, direction } = req.order;
  const prefix = ['list', name, fixed.sql, JSON.stringify(fixed.parameters), idColumn, column, direction, req.limit, req.offset, req.filter, SEARCH_PLAN.probeRows, SEARCH_PLAN.exactTotalUpTo].join('\u0000');
  return (role: string, values: unknown[], build: Build) => runKept(db, `${prefix}\u0000${role}`, values, build);
}
