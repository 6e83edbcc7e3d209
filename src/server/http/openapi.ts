// The OpenAPI document (/api/docs) from the routes themselves: each route's zod schemas (the ones
// Fastify validates with and the admin's forms share) become its parameters, body and answers, and
// what every route of its kind may answer is added here once, so no refusal goes undocumented:
// - 400 always (a NUL byte anywhere in the query or body is refused before any route, http/form.ts),
//   and for any value that breaks the route's rules; 404 when it names a record in its path, and
//   414 when that name is longer than any record's;
// - 401 and 403, and the bearer security scheme, when a guard stands before it (auth/guard.ts);
// - 413 and 415 when its method carries a body (Fastify reads the body of a POST or a DELETE before any
//   route code: too large, a content type no parser reads).
// A form that may come as JSON, url-encoded or multipart (with files) names its schema as `form` (docs
// only: such a route reads and checks it itself, http/form.ts).
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { type ZodType, z } from 'zod';
import { REFUSED_DESCRIPTION, refusalAnswer } from './answers';

declare module 'fastify' {
  interface FastifySchema {
    /** a form read by the route itself (JSON, url-encoded or multipart): documented, not validated by Fastify */
    form?: ZodType;
    /** the file fields of such a form */
    files?: readonly string[];
  }
}

const GUARD = Symbol('guard');

/** Marks an onRequest hook as the guard: the routes it stands before are documented as signed-in only. */
export const asGuard = <T extends object>(hook: T): T => Object.assign(hook, { [GUARD]: true });
const isGuarded = (route: Pick<RouteOptions, 'onRequest'> | undefined) =>
  [route?.onRequest].flat().some((hook) => !!hook && (hook as unknown as Record<symbol, unknown>)[GUARD] === true);

export const BEARER = 'bearerAuth';

const REFUSED: Record<number, string> = {
  400: 'The request is malformed or a value breaks its rule; `data.errors` names each bad field',
  401: 'Not signed in, or the session has ended',
  403: 'The signed-in person may not do this',
  404: 'No such record',
  409: 'The change conflicts with a record that exists',
  413: 'The body or a file is too large',
  414: 'A path parameter is longer than any record has',
  415: 'The body comes in a content type this call does not read',
  429: 'Too many attempts: wait and try again',
  503: 'Busy hashing other passwords: try again in a moment (Retry-After)',
};

/**
 * Patterns other validators read the same way: no Unicode property classes or code-point escapes (ECMA
 * `u`-flag syntax), no named groups. A rule that needs them is checked by the server and described in
 * words in the document.
 */
export const isPortablePattern = (pattern: string) => !/\\[pP]\{|\\u\{|\(\?<[A-Za-z]/.test(pattern);

function jsonSchema(schema: ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    unrepresentable: 'any',
    io,
    override: ({ jsonSchema: s }) => {
      if (typeof s.pattern === 'string' && !isPortablePattern(s.pattern)) {
        s.description = [s.description, 'letters, digits and the characters the rule names (checked by the server)'].filter(Boolean).join('; ');
        delete s.pattern;
      }
    },
  }) as Record<string, unknown>;
}

/** Methods whose body Fastify reads (and may refuse) before the route's own code. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const isZod = (value: unknown): value is ZodType => !!value && typeof (value as ZodType).safeParse === 'function';
const FORM_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/** @fastify/swagger transform: zod schemas -> JSON Schema, plus the refusals and security of the route's kind. */
export function openApiTransform({ schema, url, route }: { schema: FastifySchema; url: string; route?: RouteOptions }) {
  if (!schema) return { schema, url };
  const out: Record<string, unknown> = { ...schema };
  for (const key of ['body', 'querystring', 'params', 'headers'] as const) {
    const s = schema[key];
    if (isZod(s)) out[key] = jsonSchema(s, 'input');
  }
  if (schema.form) {
    const body = jsonSchema(schema.form, 'input') as { properties?: Record<string, unknown> };
    for (const file of schema.files ?? []) body.properties = { ...body.properties, [file]: { type: 'string', format: 'binary' } };
    out.body = body;
    out.consumes = FORM_TYPES;
  }
  delete out.form;
  delete out.files;

  const responses: Record<string, unknown> = {};
  for (const [code, s] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    responses[code] = isZod(s) ? jsonSchema(s, 'output') : s;
  }
  // a list that takes `format=csv` answers its whole list as a CSV file instead (http/list.ts readList)
  const format = (out.querystring as { properties?: Record<string, { enum?: unknown[] }> } | undefined)?.properties?.format;
  const json = responses[200] as { description?: string } | undefined;
  if (json && format?.enum?.includes('csv')) {
    responses[200] = {
      description: `${json.description ?? 'Success'}; with format=csv the whole list (search, order, reference; no page) as a CSV file`,
      content: { 'application/json': { schema: json }, 'text/csv': { schema: { type: 'string' } } },
    };
  }
  /** A refusal the route may give, in the envelope, with what it means (the route's own words when it gave some). */
  const refusal = (code: number) => {
    const own = responses[code] as { description?: string } | undefined;
    const description = own?.description && own.description !== REFUSED_DESCRIPTION ? own.description : (REFUSED[code] ?? 'Refused');
    responses[code] = { ...(own ?? jsonSchema(refusalAnswer, 'output')), description };
  };
  for (const code of Object.keys(responses).map(Number).filter((c) => c >= 400)) refusal(code);
  const readsBody = !!(schema.body || schema.form);
  refusal(400);
  if (schema.params) {
    refusal(404);
    refusal(414);
  }
  const methods = [route?.method ?? 'GET'].flat();
  if (readsBody || methods.some((m) => BODY_METHODS.has(m))) {
    refusal(413);
    refusal(415);
  }
  if (isGuarded(route)) {
    refusal(401);
    refusal(403);
    out.security = [{ [BEARER]: [] }];
  }
  out.response = responses;
  return { schema: out as FastifySchema, url };
}

/**
 * The document at /api/docs/json and its page at /api/docs. Answers are written with JSON.stringify:
 * the answer schemas document them, they never filter them.
 */
export async function registerApiDocs(app: FastifyInstance) {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Travel back-office API',
        version: '1.0.0',
        description:
          'Every answer is the envelope { status, message, data }; a refusal or failure adds `requestId`, the id the X-Request-Id header of every answer gives (send your own, 1-64 of A-Z a-z 0-9 . _ -, to have it used). Sign in with POST /api/auth/login and send the token it gives as `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openApiTransform as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
