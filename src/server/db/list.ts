// The list planner (DESIGN.md §3, "a straight house"): a list request as the HTTP layer parsed it
// (http/list.ts) becomes one page of rows fast at a million, or the whole list in batches for an export.
// Module queries call it with their list's statements; it calls nothing back but the database.
/* eslint-disable @typescript-eslint/no-explicit-any -- the list runner works on any table's query */
import { type Compilable, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { ListMeta } from '@shared/contract';
import type { Narrowing } from './filters';
import { dialectOf } from './index';
import { runKept } from './keptStatements';

/** What one call of a list asks for (http/list.ts parseListQuery makes it from the query string). */
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
  /** `csv`: the whole list is exported (exportListQuery), page and limit aside */
  format: 'json' | 'csv';
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
  /**
   * The column whose descending order lists the newest rows, when the list's indexes hold that one
   * rather than the id's (the audit trail, by time: a person's entries of March are found through
   * (actor, created_at), where the newest ids would be walked back from today). The id by default.
   */
  newest?: string;
  /**
   * The request's filters (issue 35) are among `base`'s conditions: `total`, the whole list's, is then no
   * answer; the filtered rows are counted up to SEARCH_PLAN.exactTotalUpTo (more: "1,000+"), so that a
   * common filter value never has the count read a million rows.
   */
  filtered?: boolean;
  /**
   * The request's filters as a condition planned as a search is (issue 35): `holds(true)` reads a rare value
   * through its own index, `holds(false)` tests each row walked in the list's order (it must not lead the
   * database to that index: a common value, or a sort, would then read every match and sort them). `key`
   * names the values set (the kept statements' names). With a search, the search's index finds the rows
   * and the filters test them.
   */
  narrow?: Narrowing;
}

/**
 * A list with filters to plan (`narrow`) as a searched one: the search is the filters, and the text's search
 * when there is one. Then the rarer finds the rows through its index and the other tests them: the
 * filters when they hold at most SEARCH_PLAN.exactTotalUpTo rows (counted through their index, up to one
 * past it), else the text's search (a common one then finds the page by walking the list's order anyway).
 */
async function withNarrowing<Col extends string, QB extends SelectQueryBuilder<any, any, object>>(
  listed: QB,
  req: ListRequest<Col>,
  plan: ListPlan,
): Promise<[QB, ListRequest<Col>, ListPlan]> {
  if (!plan.narrow) return [listed, req, plan];
  const cap = SEARCH_PLAN.exactTotalUpTo;
  const { fixed = [] } = plan.narrow;
  // A creation range holding more than the cap (counted through its index as it streams) is one more of the
  // list's own conditions; a range of few rows (or none: the last 30 days of an old list) is planned with the
  // other filters, read through its index (as a fixed condition the list walked its sort's index testing each
  // row, and found none: 2 s at a million posts)
  const wide = fixed.length > 0 && (await upToCap(fixed.reduce((qb, condition) => qb.where(condition) as QB, listed))) > cap;
  const rowsOfList = wide ? fixed.reduce((qb, condition) => qb.where(condition) as QB, listed) : listed;
  const planned = [plan.narrow.holds, ...(wide ? [] : fixed.map((c) => () => c))].filter((c) => c !== undefined);
  // (the whole list's total is then no answer: the filtered rows are counted up to the cap)
  const filtered = { ...plan, filtered: true, narrow: undefined };
  if (!planned.length) return [rowsOfList, req, filtered];
  const narrow = {
    ...plan.narrow,
    holds: (indexed: boolean) => sql<SqlBool>`${sql.join(planned.map((c) => sql`(${c(indexed)})`), sql` AND `)}`,
    key: `${plan.narrow.key}${wide ? ' wide' : ''}`,
  };
  const { search } = plan;
  const text = req.filter && search ? search : undefined;
  let holds = narrow.holds;
  // which one leads is part of the kept statements' names
  let lead = 'filters';
  if (text) {
    const linksUpToCap = async (links: RawBuilder<unknown>) => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM (${links} LIMIT ${cap + 1}) few`.execute(plan.db)).rows[0].n);
    const rowsUpToCap = () => upToCap(rowsOfList.where(narrow.holds(true)));
    // the fewest link rows of a linked filter bound the rows (a count that streams); else the rows themselves
    const counted = narrow.links ? Math.min(...(await Promise.all(narrow.links.map(linksUpToCap)))) : await rowsUpToCap();
    const filtersFirst = counted <= cap;
    lead = filtersFirst ? 'filters' : 'search';
    holds = (indexed: boolean) =>
      indexed && filtersFirst ? sql<SqlBool>`(${narrow.holds(true)}) AND (${text(false)})` : sql<SqlBool>`(${text(indexed)}) AND (${narrow.holds(false)})`;
  }
  return [rowsOfList, { ...req, filter: `${req.filter}\u0000${narrow.key}\u0000${lead}` }, { ...filtered, search: holds }];

  /** The rows of `rows`, counted up to one past the cap. */
  async function upToCap(rows: SelectQueryBuilder<any, any, object>) {
    const few = rows.select(sql.lit(1).as('one')).limit(cap + 1).as('few');
    return Number((await plan.db.selectFrom(few).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  }
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
  unnarrowed: QB,
  select: (qb: QB) => SelectQueryBuilder<any, any, Row>,
  request: ListRequest<string>,
  idColumn: string,
  unplanned: ListPlan,
): Promise<{ rows: Row[]; meta: ListMeta }> {
  const [rowsOfList, req, plan] = await withNarrowing(unnarrowed, request, unplanned);
  const { search, db } = plan;
  const { base, run, ordered, rowsOf } = listStatements(rowsOfList, select, req, idColumn, plan);
  const { probeRows: PROBE_ROWS, exactTotalUpTo: EXACT_TOTAL_UP_TO } = SEARCH_PLAN;
  const ids = (rows: unknown[]) => rows.map((r) => (r as { id: unknown }).id);
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
  // a filtered list's rows, counted up to one past the cap
  const upToCap = () =>
    counted('capped count', () => db.selectFrom(base.select(sql.lit(1).as('one')).limit(EXACT_TOTAL_UP_TO + 1).as('filtered')));
  if (!req.filter || !search) {
    // (a list without a search plan has put its search into `base`)
    if (plan.filtered) {
      const [total, rows] = await Promise.all([upToCap(), page('page', () => base)]);
      return { rows, meta: total > EXACT_TOTAL_UP_TO ? meta(EXACT_TOTAL_UP_TO, false) : meta(total) };
    }
    const [total, rows] = await Promise.all([req.filter ? counted('count', () => base) : all(), page('page', () => base)]);
    return { rows, meta: meta(total) };
  }
  const wanted = req.offset + req.limit;
  const walked = () => base.where(search(false)) as QB;

  // a filtered list's size is estimated by the whole list's (a filter narrows it; the probe tells how much)
  const listed = plan.filtered ? (plan.total && !req.reference ? await plan.total() : await upToCap()) : await all();
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
        const newest = (plan.newest ? probeIds().orderBy(sql.ref(plan.newest), 'desc') : probeIds()).orderBy(sql.ref(idColumn), 'desc').limit(PROBE_ROWS);
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

// ---- the whole list, exported -------------------------------------------------------------------------

/** The export's sizes (tests make them small to reach every branch with a few rows). */
export const EXPORT_PLAN = {
  /** rows of the list's order one statement walks (an index: a few milliseconds for 10,000) */
  walkRows: 10_000,
  /** the same with a search, whose row test costs far more (posts fold their text in JavaScript on SQLite) */
  testedRows: 500,
  /** ids whose rows one statement reads (always this many parameters: one kept statement per list) */
  rowsPerRead: 250,
};

/** A list read for an answer: a page with its paging (JSON), or the whole list in batches (CSV). */
export type Listed<Row> = { rows: Row[]; meta: ListMeta } | { batches: AsyncIterable<Row[]> };

/** The list as the request asks: a page (runListQuery), or with `format=csv` the whole list (exportListQuery). */
export async function readList<QB extends SelectQueryBuilder<any, any, object>, Row>(
  rowsOfList: QB,
  select: (qb: QB) => SelectQueryBuilder<any, any, Row>,
  req: ListRequest<string>,
  idColumn: string,
  plan: ListPlan,
): Promise<Listed<Row>> {
  if (req.format === 'csv') return { batches: exportListQuery(rowsOfList, select, req, idColumn, plan) };
  return runListQuery(rowsOfList, select, req, idColumn, plan);
}

/**
 * The whole list (its search, order and reference; `ids` when given), in its order, batch by batch, read
 * in short statements so that an export of a million rows never holds the database for long (SQLite has
 * one connection, on this thread: a single statement streaming every row would stall every request):
 * 1. the ids in the list's order, EXPORT_PLAN.walkRows at a time, each walk going on from the last
 *    (sort value, id) it read. A walk is split where an index can seek: the rest of the last value's
 *    rows (`col = v AND id > i`, a seek on both), then the values beyond (`col > v`); a single
 *    `(col, id) > (v, i)` makes SQLite seek on `col` alone and read the whole run of equal values again
 *    at each step (is_planeed: 870,000 equal values). NULLs are walked apart, by id, where the database
 *    sorts them: first in an ascending SQLite order, last on PostgreSQL (the other way round descending).
 *    Offset chunks would skip n²/2·walkRows rows over the export. Rows added during the export are left
 *    out (ids up to the largest at the start); a row whose sort value changes meanwhile may be missed or
 *    read twice, as when paging;
 * 2. a search is the row test, read as a column of the walk (`hit`) rather than a condition, so that a
 *    rare term still walks EXPORT_PLAN.testedRows rows per statement, never the whole list in one;
 * 3. the rows of EXPORT_PLAN.rowsPerRead ids at a time through the list's own deferred join, put in the
 *    walk's order here (rowsInOrder).
 * Nothing is read before the consumer asks for the next batch, nothing more once it stops, and each
 * statement first lets the requests that came meanwhile queue theirs.
 */
export async function* exportListQuery<QB extends SelectQueryBuilder<any, any, object>, Row>(
  unnarrowed: QB,
  select: (qb: QB) => SelectQueryBuilder<any, any, Row>,
  request: ListRequest<string>,
  idColumn: string,
  unplanned: ListPlan,
): AsyncGenerator<Row[]> {
  const [rowsOfList, req, plan] = await withNarrowing(unnarrowed, request, unplanned);
  // the page is no part of an export: its statements are kept once for every page
  const whole: ListRequest<string> = { ...req, page: 0, pageIndex: 0, limit: 0, offset: 0 };
  const { base, run, ordered, rowsOf, rowsInOrder } = listStatements(rowsOfList, select, whole, idColumn, plan);
  if (req.ids) {
    yield await rowsOf(req.ids);
    return;
  }
  const { search, db } = plan;
  const tested = !!(req.filter && search);
  const { rowsPerRead } = EXPORT_PLAN;
  const walkRows = tested ? Math.min(EXPORT_PLAN.testedRows, EXPORT_PLAN.walkRows) : EXPORT_PLAN.walkRows;
  const { column, direction } = req.order;
  const past = direction === 'asc' ? '>' : '<';
  const col = sql.ref(column);
  const id = sql.ref(idColumn);
  const top = (await run('export top', [], () => base.select(sql`max(${id})`.as('top'))))[0]?.top;
  if (top === null || top === undefined) return;

  type Walked = { id: unknown; sort_key: unknown; hit?: unknown };
  type Narrow = (qb: QB, values: readonly unknown[]) => SelectQueryBuilder<any, any, any>;
  /**
   * Up to `limit` rows of the list's order within `narrow`, of the ids present at the start (`top`). A
   * walk on from an id (`after`) in a descending order is below the top already: a second upper bound
   * on the id would have SQLite seek by one of them only, the top, and skip down to the id at each walk.
   */
  const walk = (role: string, values: unknown[], limit: number, narrow: Narrow, after = false) => {
    const belowTop = after && direction === 'desc';
    return run(`export ${role}`, [top, limit, ...values], ([last, take, ...rest]) => {
      const qb = narrow((belowTop ? base : base.where(id, '<=', last)) as QB, rest).select([id.as('id'), col.as('sort_key')]);
      return ordered(tested ? qb.select(sql`${search!(false)}`.as('hit')) : qb).limit(take as number);
    }) as Promise<Walked[]>;
  };

  // where NULLs stand in the order: SQLite sorts them first, PostgreSQL last (ascending)
  const nullsFirst = (dialectOf(db) === 'postgres') === (direction === 'desc');
  const parts: ('ids' | 'nulls' | 'values')[] = column === idColumn ? ['ids'] : nullsFirst ? ['nulls', 'values'] : ['values', 'nulls'];
  /** the next walkRows rows of `part` after `after` (none: from its start) */
  const next = async (part: (typeof parts)[number], after: Walked | undefined): Promise<Walked[]> => {
    if (part === 'ids') return after ? walk('ids after', [after.id], walkRows, (qb, [i]) => qb.where(id, past, i), true) : walk('ids', [], walkRows, (qb) => qb);
    if (part === 'nulls') {
      return after
        ? walk('nulls after', [after.id], walkRows, (qb, [i]) => qb.where(col, 'is', null).where(id, past, i), true)
        : walk('nulls', [], walkRows, (qb) => qb.where(col, 'is', null));
    }
    if (!after) return walk('values', [], walkRows, (qb) => qb.where(col, 'is not', null));
    const same = await walk('same value after', [after.sort_key, after.id], walkRows, (qb, [v, i]) => qb.where(col, '=', v).where(id, past, i), true);
    if (same.length === walkRows) return same;
    return same.concat(await walk('beyond', [after.sort_key], walkRows - same.length, (qb, [v]) => qb.where(col, past, v)));
  };

  let pending: unknown[] = [];
  /** the rows of the first rowsPerRead pending ids (padded: the statement always has as many) */
  const read = () => {
    const of = pending.slice(0, rowsPerRead);
    pending = pending.slice(rowsPerRead);
    while (of.length < rowsPerRead) of.push(of[0]);
    return rowsInOrder(of);
  };
  /** The ids found (the rows that pass the search) and where the walk goes on from; none at the part's end. */
  const step = async (part: (typeof parts)[number], after: Walked | undefined) => {
    const walked = await next(part, after);
    for (const row of walked) if (!tested || isTrue(row.hit)) pending.push(row.id);
    return walked.length < walkRows ? undefined : walked[walked.length - 1];
  };
  for (const part of parts) {
    let after: Walked | undefined;
    do {
      await turn();
      after = await step(part, after);
      while (pending.length >= rowsPerRead) {
        await turn();
        yield await read();
      }
    } while (after);
  }
  if (pending.length) yield await read();
}

/** Lets the event loop take the I/O that waits (new requests) before the export's next statement. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A condition read as a column: 1/0 on SQLite, true/false on PostgreSQL. */
const isTrue = (value: unknown) => value === true || value === 1 || value === '1' || value === 't';

/**
 * What a list's statements are built from, for a page and for an export alike: the fixed conditions
 * (`base`, with the reference), the runner that keeps them compiled, the list's order with the id as
 * tie-breaker, and the rows of given ids in that order (the deferred join).
 */
function listStatements<QB extends SelectQueryBuilder<any, any, object>, Row>(
  rowsOfList: QB,
  select: (qb: QB) => SelectQueryBuilder<any, any, Row>,
  req: ListRequest<string>,
  idColumn: string,
  plan: ListPlan,
) {
  // a reference is one more fixed condition of the list
  const base = req.reference ? (rowsOfList.where(sql.ref(req.reference.column), '=', req.reference.id) as QB) : rowsOfList;
  const run = statementsOf(plan.db, plan.name, base, idColumn, req);
  const ordered = <Q extends SelectQueryBuilder<any, any, any>>(qb: Q) =>
    qb.orderBy(sql.ref(req.order.column), req.order.direction).orderBy(sql.ref(idColumn), req.order.direction) as Q;
  /** Rows of the given ids, in the list's order. */
  const rowsOf = async (of: readonly unknown[]) =>
    (of.length ? run(`rows`, [...of], (holes) => ordered(select(base).where(sql.ref(idColumn), 'in', holes))) : []) as Promise<Row[]>;
  /**
   * Rows of the given ids in the order given (one each, ids repeated to fill a statement's parameters
   * or gone since are skipped): sorted here, as an ORDER BY of hundreds of ids can have SQLite walk the
   * sort's index over the whole list to test each row against them (is_planeed: 80 ms, not 2).
   */
  const rowsInOrder = async (of: readonly unknown[]) => {
    const found = (await run(`rows in order`, [...of], (holes) => select(base).where(sql.ref(idColumn), 'in', holes))) as Row[];
    const byId = new Map(found.map((row) => [(row as { id: unknown }).id, row]));
    return [...new Set(of)].flatMap((at) => byId.get(at) ?? []);
  };
  return { base, run, ordered, rowsOf, rowsInOrder };
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
