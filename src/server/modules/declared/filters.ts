// A declared list's filters (filters.ts `listFilters`: its choice, yes/no and reference fields and its
// creation date) as conditions of its rows: each field's own column (a yes/no is kept 0/1).
/* eslint-disable @typescript-eslint/no-explicit-any -- any declared table */
import { type SelectQueryBuilder, sql } from 'kysely';
import type { ListFilterDeclaration } from '@shared/resources/index';
import { type CreatedBetween, createdWithin } from '@server/db/filters';
import type { FilterValues } from '@server/http/listFilters';

export function filteredRows<QB extends SelectQueryBuilder<any, any, any>>(rows: QB, filters: readonly ListFilterDeclaration[], values: FilterValues): QB {
  let qb = rows;
  for (const filter of filters) {
    const value = values[filter.name];
    if (value === undefined) continue;
    if (filter.kind === 'created') qb = createdWithin(qb, 'created_at', value as CreatedBetween);
    else qb = qb.where(sql.ref(filter.name), '=', typeof value === 'boolean' ? Number(value) : value) as QB;
  }
  return qb;
}
