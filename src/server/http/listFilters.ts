// A list's declared filters (src/shared/resources/filters.ts) as query parameters: each checked by the
// list's querystring schema (a bad value is a 400 naming the parameter and what it takes, documented in
// the OpenAPI document), then read into the values the module's query applies to its `base`.
import { z } from 'zod';
import { CREATED_RANGES, type ListFilterDeclaration, paramsOf, YES_NO } from '@shared/resources/index';
import { isoDay } from '@shared/resources/values';
import { MAX_INT } from '@shared/validation/common';
import type { CreatedBetween } from '@server/db/filters';
import { badRequest } from './errors';

const oneOf = (name: string, values: readonly string[]) =>
  z.enum(values as [string, ...string[]], { error: `${name} must be one of: ${values.join(', ')}` });

const recordId = (name: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${name} must be a record id`)
    .refine((text) => Number(text) > 0 && Number(text) <= MAX_INT, `${name} must be a record id`);

const day = (name: string) =>
  z
    .string()
    .refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && isoDay(text) !== null, `${name} must be a day, YYYY-MM-DD`)
    .describe(`${name}: a day, YYYY-MM-DD (UTC), inclusive`);

/** One filter's query parameters and their rules. */
function paramSchemas(filter: ListFilterDeclaration): [string, z.ZodType][] {
  const { name } = filter;
  switch (filter.kind) {
    case 'choice':
      return [[name, oneOf(name, filter.choices ?? []).optional().describe(`only the rows whose ${name} is this`)]];
    case 'yesNo':
      return [[name, oneOf(name, YES_NO).optional().describe(`yes or no`)]];
    case 'reference':
      return [[name, recordId(name).optional().describe(`only the rows of this ${filter.reference} (its id)`)]];
    case 'country':
      return [[name, z.string().trim().min(1, `${name} must be a country name`).max(100, `${name} must be a country name`).optional().describe('a country, by its English name')]];
    case 'created': {
      const [, from, to] = paramsOf(filter);
      return [
        [name, oneOf(name, CREATED_RANGES).optional().describe('created today, in the last 7 or 30 days (UTC)')],
        [from, day(from).optional()],
        [to, day(to).optional()],
      ];
    }
  }
}

/** The querystring shape of a list's filters (extend the list's schema with it). */
export const filterQueryShape = (filters: readonly ListFilterDeclaration[]) => Object.fromEntries(filters.flatMap(paramSchemas));


/** The filters a request set: a choice's or country's text, a yes/no, a record id, a creation range. */
export type FilterValues = Record<string, string | boolean | number | CreatedBetween>;

const DAY_MS = 86_400_000;
const dayStart = (text: string) => `${text}T00:00:00.000Z`;
const nextDay = (text: string) => new Date(Date.parse(dayStart(text)) + DAY_MS).toISOString();

/**
 * The moments a created range stands for: typed days (`_from`, `_to`) first, else a relative range from
 * `now`, the request's time (relative: a saved view stays "7 days").
 */
function createdBetween(range: string | undefined, from: string | undefined, to: string | undefined, name: string, now: Date): CreatedBetween | undefined {
  if (from && to && from > to) throw badRequest(`${name}_from must not be after ${name}_to`, { [`${name}_from`]: `must not be after ${name}_to` });
  if (from || to) return { ...(from ? { from: dayStart(from) } : {}), ...(to ? { before: nextDay(to) } : {}) };
  if (!range) return undefined;
  const today = Date.parse(dayStart(now.toISOString().slice(0, 10)));
  const days = range === 'today' ? 0 : range === '7d' ? 6 : 29;
  return { from: new Date(today - days * DAY_MS).toISOString() };
}

/** The filters a checked querystring sets, read into their values (none set: an empty object). */
export function readFilters(q: Record<string, unknown>, filters: readonly ListFilterDeclaration[], now = new Date()): FilterValues {
  const values: FilterValues = {};
  for (const filter of filters) {
    const raw = q[filter.name] as string | undefined;
    if (filter.kind === 'created') {
      const [, from, to] = paramsOf(filter);
      const between = createdBetween(raw, q[from] as string | undefined, q[to] as string | undefined, filter.name, now);
      if (between) values[filter.name] = between;
      continue;
    }
    if (raw === undefined) continue;
    values[filter.name] = filter.kind === 'yesNo' ? raw === 'yes' : filter.kind === 'reference' ? Number(raw) : raw;
  }
  return values;
}

/** A stable text of the values set, for the names of a list's kept statements and its totals. */
export const filtersKey = (values: FilterValues) => (Object.keys(values).length ? JSON.stringify(values) : '');
