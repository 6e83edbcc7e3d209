// Conditions of the lists' filters (issue 35) shared by their module queries, in the two forms the list
// planner asks for (db/list.ts `narrow`). Each module names its own columns; the values were checked by
// http/listFilters.ts.
/* eslint-disable @typescript-eslint/no-explicit-any -- applies to any list's query */
import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from './index';

/** A creation range: from this moment (inclusive), before this one (ISO-8601 UTC, as the rows keep theirs). */
export interface CreatedBetween {
  from?: string;
  before?: string;
}

/** The rows of `qb` made within `between` (none given: all), by `column`. */
export function createdWithin<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, column: string, between: CreatedBetween | undefined): QB {
  let narrowed = qb;
  if (between?.from) narrowed = narrowed.where(sql.ref(column), '>=', between.from) as QB;
  if (between?.before) narrowed = narrowed.where(sql.ref(column), '<', between.before) as QB;
  return narrowed;
}

/**
 * A filter's condition, as the list planner asks for it (db/list.ts `narrow`): through its index, or as a row
 * test. A condition through other tables also names `links`: a statement whose rows are at least as many as
 * the list's rows that hold it (its link rows), which the planner counts up to a cap as they stream.
 */
export type Condition = ((indexed: boolean) => Expression<SqlBool>) & { links?: RawBuilder<unknown>; fixed?: true };

/**
 * A column compared with a value. As a row test on SQLite it is written `+column`, which keeps SQLite from
 * choosing the column's index over the list's order (PostgreSQL plans by its statistics).
 */
export const columnIs =
  (dialect: DialectName, column: string, op: '=' | '>' | '>=' | '<', value: unknown): Condition =>
  (indexed) =>
    sql<SqlBool>`${indexed || dialect === 'postgres' ? sql.ref(column) : sql`+${sql.ref(column)}`} ${sql.raw(op)} ${value}`;

/**
 * The rows linked to a value through other tables (a post's categories, tags, its spots' country): through
 * the links' index, the ids `IN` their matches; as a row test, whether the row has such a link (`EXISTS`).
 * `from` is the links' FROM clause, `key` the column holding the row's id, `where` the value's condition.
 */
export const linkedBy = (id: string, from: RawBuilder<unknown>, key: string, where: RawBuilder<unknown>): Condition =>
  Object.assign(
    (indexed: boolean) =>
      indexed
        ? sql<SqlBool>`${sql.ref(id)} IN (SELECT ${sql.ref(key)} FROM ${from} WHERE ${where})`
        : sql<SqlBool>`EXISTS (SELECT 1 FROM ${from} WHERE ${sql.ref(key)} = ${sql.ref(id)} AND ${where})`,
    // counted as a join, which stops at the cap: the IN list above is built whole first (a country's
    // 80,000 posts took 155 ms to count to 1,001)
    { links: sql`SELECT 1 FROM ${from} WHERE ${where}` },
  );

/**
 * A creation range as `fixed` conditions (the same both ways: its index orders the rows by date, which a range
 * of days reads at once whatever the sort). One holding more rows than the cap becomes one of the list's own
 * conditions (db/list.ts withNarrowing), so that the search's probe looks at the range's newest rows, not the
 * whole list's (a common word within January 2024 was taken for a rare one and listed through its index:
 * 105 ms, now 3); a range of few rows is planned with the other filters.
 */
export const createdIn = (column: string, between: CreatedBetween | undefined): Condition[] => [
  ...(between?.from ? [Object.assign(() => sql<SqlBool>`${sql.ref(column)} >= ${between.from}`, { fixed: true as const })] : []),
  ...(between?.before ? [Object.assign(() => sql<SqlBool>`${sql.ref(column)} < ${between.before}`, { fixed: true as const })] : []),
];

/** Every condition (the list's `narrow`), or none when no filter is set; `key` names the values. */
export function narrowing(conditions: Condition[], key: unknown): Narrowing | undefined {
  if (!conditions.length) return undefined;
  const links = conditions.flatMap((c) => (c.links ? [c.links] : []));
  const planned = conditions.filter((c) => !c.fixed);
  const fixed = conditions.filter((c) => c.fixed).map((c) => c(true));
  return {
    key: JSON.stringify(key),
    holds: planned.length ? (indexed) => sql<SqlBool>`${sql.join(planned.map((c) => sql`(${c(indexed)})`), sql` AND `)}` : undefined,
    ...(links.length ? { links } : {}),
    ...(fixed.length ? { fixed } : {}),
  };
}

/** The filters as the list planner takes them (db/list.ts ListPlan `narrow`). */
export interface Narrowing {
  key: string;
  /** the conditions planned as a search is; none when every filter is a fixed one */
  holds?: (indexed: boolean) => Expression<SqlBool>;
  /** the conditions added to the list's own (Condition `fixed`) */
  fixed?: Expression<SqlBool>[];
  /** the linked conditions' link rows (Condition `links`): the fewest of them bound the rows that hold all */
  links?: RawBuilder<unknown>[];
}
