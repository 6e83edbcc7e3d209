// Conditions of the lists' filters (issue 35) shared by their module queries: a creation range. Each
// module names its own columns; the values were checked by http/listFilters.ts.
/* eslint-disable @typescript-eslint/no-explicit-any -- applies to any list's query */
import { type SelectQueryBuilder, sql } from 'kysely';

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
