// Schemas of the answers (DESIGN.md §3's envelope), for the OpenAPI document: a route names its 200
// answer in `schema.response` and the refusals it may give beyond those every route of its kind gives
// (http/openapi.ts adds 400/401/403/404/413/415 from the route's own schema and guard). Answers are
// written with JSON.stringify, never filtered by these schemas: the fuzz test checks that every answer
// matches the document.
import { z, type ZodType } from 'zod';

/** A row id or any other whole number of the API. */
export const whole = z.number().int();
/** A date-time as the database gives it (ISO text on PostgreSQL, 'YYYY-MM-DD HH:MM:SS' on SQLite). */
export const timestamp = z.string();
/** Text a column may lack. */
export const maybeText = z.string().nullable();

/** Every answer: `{ status, message, data }`, with `status` equal to the HTTP status. */
export const answerOf = <T extends ZodType>(data: T, description = 'Success') =>
  z.object({ status: whole, message: z.string(), data }).meta({ description });

/** One record: `data.data`. */
export const itemAnswer = <T extends ZodType>(record: T, description = 'Success') => answerOf(z.object({ data: record }), description);

/** A page of a list: `data.data` holds the rows, `data.meta` the paging. */
export const listMeta = z.object({ total: whole, page: whole, limit: whole, totalExact: z.literal(false).optional() });
export const listAnswer = <T extends ZodType>(row: T) => answerOf(z.object({ data: z.array(row), meta: listMeta }));

/** A done action with nothing to return (`data` is null). */
export const doneAnswer = answerOf(z.null());

export const REFUSED_DESCRIPTION = 'Refused: the message says why';

/**
 * A refusal: the message says why; `data.errors` names each bad field when a body or query failed its
 * schema; `requestId` is the request's id in the server's log (and its X-Request-Id header).
 */
export const refusalAnswer = z
  .object({
    status: whole,
    message: z.string().min(1),
    data: z.union([z.null(), z.looseObject({ errors: z.record(z.string(), z.string()).optional() })]),
    requestId: z.string().min(1),
  })
  .meta({ description: REFUSED_DESCRIPTION });

/** The refusals a route may give beyond the ones its kind always gives, to spread into `schema.response`. */
export const refusals = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, refusalAnswer]));

/** A refusal whose meaning on this route differs from the usual one (http/openapi.ts keeps this description). */
export const refusalBecause = (description: string) => refusalAnswer.meta({ description });

/** `true` when two types describe the same values, else `false`. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A type error unless given `true`: `Alike<Same<TheAdminsType, z.infer<typeof answer>>>`. */
export type Alike<T extends true> = T;
