// Property-based fuzzing of the whole API: every operation of the OpenAPI document gets hostile path
// parameters, query strings and bodies (every shape and transport) from every kind of caller. Whatever
// arrives, the answer is below 500 and, when JSON, the envelope { status, message } with a message; and
// it conforms to the document, as Schemathesis's default checks ask (support/conformance.ts): a status
// the operation lists, a content type listed for it, a body that matches its schema.
// Each operation first gets a sweep (its valid form or query with each field, and each path parameter,
// set to each edge value), then random requests; a failing request is shrunk by fast-check and reported
// with the route module that answered it and the server's own error. A second test sends every write
// operation Schemathesis's negative data (negativeBodies): bodies that break its documented schema, each
// to be refused with a documented 4xx in the envelope.
// FUZZ_RUNS=n: random requests per operation; FUZZ_SEED=s: replay a reported run; FUZZ_PROFILE=1: print
// the time and the statuses of each operation.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@server/auth/passwords';
import { nameKey } from '@shared/text';
import { ADMIN, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';
import { type Answer, conformanceOf } from '../support/conformance';

/** Random requests per operation, on top of its sweep: 63 operations x 90 is over 5,000 requests alone. */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS) || 90;
const MIN_REQUESTS = 5000;
/** FUZZ_SEED replays a reported run. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** scrypt cost of the fuzz's app (a sixteenth of the other API tests': the fuzz signs in hundreds of times). */
const FUZZ_SCRYPT_N = 2 ** 10;
const SUB_ADMIN = { email: 'fuzz-sub@example.com', password: 'Fuzz@Sub123', permission: 'Categories-list' };
const USER_PASSWORD = 'Str0ng@Pass';

type Method = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
interface Operation {
  method: Method;
  /** OpenAPI path: /api/user/login/{id} */
  path: string;
  pathParams: string[];
  query: { name: string; values: string[] }[];
  bodyFields: { name: string; values: unknown[] }[];
  /** the request body as documented: its JSON type, required fields, each field's JSON types, its content types */
  body?: { type?: string; required: string[]; types: Record<string, string[]>; transports: string[] };
}

type Caller = 'anonymous' | 'forged' | 'unsigned' | 'garbage' | 'admin' | 'subadmin';
type Damage = 'none' | 'truncated' | 'no-boundary' | 'wrong-boundary' | 'garbage-after-boundary' | 'garbage';
interface FileSpec {
  field: string;
  filename: string;
  type: string;
  content: 'png' | 'text' | 'random' | 'svg-script' | 'svg-huge' | 'empty' | 'png-truncated' | 'png-as-jpg';
}
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'urlencoded'; fields: [string, string][] }
  | { kind: 'multipart'; fields: [string, string][]; files: FileSpec[]; damage: Damage };
interface FuzzRequest {
  caller: Caller;
  pathParams: string[];
  query: { pairs: [string, string][]; raw: string };
  body: Body;
}

// ---- values ---------------------------------------------------------------------------------------

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'prototype'];
const orderOf = (name: unknown, direction: unknown = 'ASC') => JSON.stringify({ direction, name, type: 'default' });
const ORDER_VALUES = [
  ...PROTOTYPE_NAMES.map((n) => orderOf(n)),
  orderOf('id'),
  orderOf('name', 'DESC'),
  orderOf('created_at', 'desc'),
  orderOf('title'),
  orderOf('users.name; DROP TABLE users'),
  orderOf('id', 'SIDEWAYS'),
  orderOf(5),
  orderOf(null),
  '{"name":"id"',
  '[]',
  'null',
  '5',
  '"id"',
  '{"__proto__":{"name":"id"}}',
];
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'ab\u0000',
  'abc\u0000def',
  '%00',
  '\u0001\u0002\u001f',
  '\u007f',
  '\t\n\r',
  'line\nbreak',
  '\u202eevil\u202c',
  '\u200f\u200e\u200b',
  'مرحبا بالعالم',
  'שלום',
  'İstanbul ığüşöç',
  '😀👍🏽🇹🇷👨‍👩‍👧',
  '\ud800',
  '\udfff',
  '\uffff\ufffe',
  'a'.repeat(300),
  'ü'.repeat(5000),
  'x'.repeat(70_000),
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '../../etc/passwd',
  '..%2f..%2f',
  '%',
  '%%',
  '_',
  '\\',
  '"',
  "'",
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1',
  '-0',
  '1.5',
  '1e3',
  '1e309',
  '0x10',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999',
  'true',
  'false',
  '[]',
  '{}',
  '[1,2]',
  '[[[[[[1]]]]]]',
  '{"a":1}',
  '["\\u0000"]',
  '{"name":"\\u0000"}',
  '[' + '1,'.repeat(500) + '1]',
  ...PROTOTYPE_NAMES,
  'spot:1',
  'spot:abc',
  'spot:99999999999',
  'spot:-1',
  'spot:1.5',
  'spot:',
  'offline:1',
  'Istanbul',
  'restaurant in Istanbul',
  '3 days in Istanbul',
];

/** Numbers at the edges: ids and counts past the integer columns, fractions, exponents, non-numbers. */
const EDGE_NUMBERS: unknown[] = ['0', '-1', '-0', '2147483647', '2147483648', '-2147483649', '4294967296', '99999999999999999999', '1e309', '1e-320', '1.5', 'NaN', 'Infinity', '9007199254740993', '0x7fffffff', ' 1', '1 ', 2147483648, -1, 0, 1.5, 1e300, Number.MAX_SAFE_INTEGER + 2];

/** Values a known field may take to get past the form's rules (the fuzz reaches the code behind them). */
function plausible(ids: number[]): Record<string, unknown[]> {
  const someIds = ids.length ? ids : [1];
  return {
    id: [...someIds, 0, '', String(someIds[0])],
    name: ['Valid Name', 'Fuzz Place', 'İstanbul Çarşı', 'Ab'],
    status: ['Active', 'Inactive', 'Pending', 'Request Pending'],
    email: ['fuzz-new@example.com', ADMIN.email, SUB_ADMIN.email, 'not-an-email'],
    phone: ['5301234567', '+905301234567', '12'],
    password: [USER_PASSWORD, ADMIN.password, 'short'],
    user_type: ['User', 'Sub-Admin', 'Admin'],
    latitude: [41.0082, '41.0082', -91, 90],
    longitude: [28.9784, '28.9784', 181, -180],
    lat: ['41.0082', '0', '-90.0001'],
    lng: ['28.9784', '0', '180.5'],
    address: ['Istanbul', 'Sultanahmet, Istanbul, Türkiye'],
    city: ['Istanbul'],
    country: ['Türkiye', 'Turkey'],
    title: ['A Fuzz Title', 'Terms & Conditions'],
    slug: ['fuzz-page', 'Fuzz Page!', 'terms'],
    description: ['<p>Fuzz text</p>', '<p></p>', '<script>alert(1)</script><p>x</p>', 'plain\ntext'],
    user_id: someIds,
    itinerary_date: ['2024-05-01 10:00:00', '2024-13-45 99:99:99', 'yesterday'],
    type: ['post', 'itinerary', 'comment', 'user'],
    is_public: [0, 1, '1', 2],
    is_planeed: ['0', '1', 'yes'],
    category_id: [someIds.slice(0, 2), JSON.stringify(someIds.slice(0, 2)), String(someIds[0])],
    tag_id: [someIds.slice(0, 2), JSON.stringify(someIds.slice(0, 2))],
    deleted_spots: [someIds.slice(0, 1), '[]'],
    spotData: [
      JSON.stringify([{ id: someIds[0] }]),
      JSON.stringify([{ name: 'Fuzz Spot', latitude: 41, longitude: 29, image: 'http://x.test/a.png' }]),
      JSON.stringify([{ name: 'Fuzz Spot', latitude: 41, longitude: 29, imageIndex: 0 }]),
      [{ id: someIds[0] }],
      '[',
    ],
    sequence: [0, 5, -1, 1e12, '3'],
    user_ids: [someIds.slice(0, 3), someIds[0], [0, -1]],
    action: ['delete', 'inactive', 'active', 'explode'],
    permissions: ['["User-list"]', '["Categories-list","Tags-list"]', '[]', '["nope"]', ['Post-list']],
    preferences: [{ mode: 'dark' }, { layout: 'layout2', fontSize: 120 }, 'dark'],
    shortcuts: [['users', 'posts'], []],
    token: ['x'.repeat(40), ''],
    refresh_token: ['x'.repeat(40)],
    query: ['restaurant in Istanbul', 'museum, park in Ankara', 'cafe'],
    pagetoken: ['abc', '1'],
    search: ['3 days in Istanbul', 'Istanbul'],
    category_ids: [JSON.stringify(someIds.slice(0, 2)), '[]', '[', '["a"]'],
    input: ['Ista', 'Ankara', 'Is'],
    reportId: someIds,
    comment_id: someIds,
    other_user_id: someIds,
    page: ['0', '1', '2', '-1', '99999999'],
    limit: ['10', '100', '0', '1000'],
    filter: ['a', 'fuzz', 'ab%', 'Istanbul'],
    order: ORDER_VALUES,
    rows: [[{ name: 'Row One', status: 'Active' }], []],
    spot_name: ['Fuzz Spot', ['A', 'B']],
    spot_id: [someIds[0], [someIds[0], 'x']],
    imageIndex: [0, 5, -1],
    image: ['http://x.test/a.png', 'javascript:alert(1)'],
    place_id: ['spot:1', 'abc'],
  };
}

const FORM_FIELDS = Object.keys(plausible([]));

/** The fields of the forms that have no body schema in the document (they read JSON, url-encoded or multipart). */
const NAMED = ['name', 'status', 'rows'];
const FORMS: Record<string, string[]> = {
  'POST /api/auth/user/update': ['name', 'password'],
  'POST /api/user': ['name', 'email', 'phone', 'user_type', 'password', 'status'],
  'POST /api/user/update-user': ['id', 'name', 'status', 'password', 'permissions'],
  'POST /api/category/create': NAMED,
  'POST /api/tag/create': NAMED,
  'POST /api/reportCategory/create': NAMED,
  'POST /api/category/update': ['id', ...NAMED],
  'POST /api/tag/update': ['id', ...NAMED],
  'POST /api/reportCategory/update': ['id', ...NAMED],
  'POST /api/email-template': ['id', 'title', 'status', 'description'],
  'POST /api/page': ['id', 'title', 'slug', 'status', 'description'],
  'POST /api/spot': ['id', 'name', 'status', 'latitude', 'longitude', 'address', 'city', 'country'],
  'POST /api/post/createUpdateAdminPost': ['id', 'user_id', 'title', 'description', 'itinerary_date', 'is_planeed', 'is_public', 'type', 'category_id', 'tag_id', 'spotData', 'deleted_spots'],
  'POST /api/post': ['id', 'title', 'description', 'itinerary_date', 'category_id', 'spot_name', 'spot_id', 'latitude', 'longitude', 'address', 'image'],
};

const DEEP_ARRAYS = `${'['.repeat(2000)}${']'.repeat(2000)}`;
const DEEP_OBJECTS = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
const RAW_JSON_BODIES = [
  '[1,2]',
  '[]',
  '"hello"',
  '42',
  '-1e309',
  'null',
  'true',
  DEEP_ARRAYS,
  DEEP_OBJECTS,
  `{"name":${DEEP_ARRAYS}}`,
  '{"name":',
  '{name:1}',
  '{"a":1}}',
  '',
  '\u0000',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"name":"\\u0000"}',
  '{"rows":[{"name":"\\u0000","status":"Active"}]}',
];
/** Ids of the real rows of each table (the fuzz picks among them for path parameters and id fields). */
type Table = 'categories' | 'tags' | 'report_categories' | 'spots' | 'posts' | 'users' | 'reports' | 'content_pages' | 'comments' | 'email_templates';
type Ids = Record<Table, number[]>;

/**
 * A form or query that passes the operation's rules (so the fuzz reaches the code behind them), which the
 * fuzz then mutates: a field dropped, or given a hostile value. `n` makes names and emails unique.
 */
function template(op: { method: string; path: string }, ids: Ids, n: number, pick: number): Record<string, unknown> | unknown[] | null {
  const one = (table: Table) => ids[table][pick % Math.max(ids[table].length, 1)] ?? 1;
  const named = (table: Table) => (op.path.endsWith('/create') ? { name: [`Fuzz ${n}`, `Fuzz ${n} b`], status: ['Active', 'Inactive'] } : { id: one(table), name: `Fuzz ${n}`, status: 'Inactive' });
  const tableOf = (p: string): Table => (p.includes('/tag') ? 'tags' : p.includes('/reportCategory') ? 'report_categories' : 'categories');
  const key = `${op.method} ${op.path}`;
  switch (key) {
    case 'POST /api/auth/login':
      return { email: pick % 2 ? ADMIN.email : SUB_ADMIN.email, password: pick % 3 ? 'Wrong@Pass1' : ADMIN.password, is_web: '1' };
    case 'POST /api/auth/refresh-token':
      return { refresh_token: 'x'.repeat(43) };
    case 'POST /api/auth/register':
      return { name: 'Fuzz Person', email: `fuzz-reg-${n}@example.com`, phone: '5301234567', password: USER_PASSWORD };
    case 'POST /api/auth/user/preferences':
      return { preferences: { mode: pick % 2 ? 'dark' : 'light', layout: 'layout2' }, shortcuts: ['users', 'posts'] };
    case 'POST /api/auth/user/update':
      return { name: pick % 2 ? 'Fuzz Admin' : 'Admin' };
    case 'POST /api/auth/login/verify':
    case 'POST /api/auth/login/enrol/confirm':
      return { challenge: 'x'.repeat(43), code: String(100000 + (pick % 900000)) };
    case 'POST /api/auth/login/enrol':
      return { challenge: 'x'.repeat(43) };
    case 'POST /api/auth/two-factor/enable':
      return { code: String(100000 + (pick % 900000)) };
    case 'POST /api/auth/two-factor/disable':
      return pick % 2 ? { password: 'Wrong@Pass1' } : { code: String(100000 + (pick % 900000)) };
    case 'POST /api/two-factor/policy':
      // a grace period of a week at least: the fuzz's own sign-ins stay as they are
      return { required: pick % 2 === 1, grace_days: 7 + (pick % 3) };
    case 'POST /api/auth/forgot-password':
      return { email: pick % 2 ? ADMIN.email : `nobody-${n}@example.com` };
    case 'POST /api/auth/reset-password':
      return { token: 'x'.repeat(43), password: 'Abcdefg1' };
    case 'POST /api/auth/reset-password/check':
      return { token: 'x'.repeat(43) };
    case 'POST /api/user':
      return { name: 'Fuzz Person', email: `fuzz-${n}@example.com`, phone: '5301234567', user_type: pick % 3 ? 'User' : 'Sub-Admin', password: USER_PASSWORD, status: 'Active' };
    case 'POST /api/user/update-user':
      return { id: one('users'), name: 'Fuzz Person', status: pick % 2 ? 'Active' : 'Inactive', ...(pick % 3 ? {} : { permissions: '["Tags-list"]' }) };
    case 'POST /api/user/sequence/change':
    case 'POST /api/post/sequence/change':
      return { id: one(key.includes('/post/') ? 'posts' : 'users'), sequence: pick % 7 };
    case 'POST /api/user/bulk-action':
      return { user_ids: ids.users.slice(0, 2), action: ['active', 'inactive', 'delete'][pick % 3] };
    case 'POST /api/moderation/cases/{id}/decision': {
      const action = ['dismiss', 'warn', 'hide', 'suspend', 'ban'][pick % 5];
      return { action, reason: 'Fuzz', message: pick % 2 ? 'A message' : null, ...(action === 'suspend' ? { days: 1 + (pick % 30) } : {}), version: 1 + (pick % 3) };
    }
    case 'POST /api/moderation/cases/{id}/appeal-decision':
      return { outcome: pick % 2 ? 'upheld' : 'reversed', message: 'Fuzz' };
    case 'POST /api/category/create':
    case 'POST /api/tag/create':
    case 'POST /api/reportCategory/create':
    case 'POST /api/category/update':
    case 'POST /api/tag/update':
    case 'POST /api/reportCategory/update':
      return named(tableOf(op.path));
    case 'POST /api/email-template':
      return { id: one('email_templates'), title: `Fuzz template ${n}`, status: 'Active', description: '<p>Hello {{name}}</p>' };
    case 'POST /api/page':
      return { ...(pick % 2 ? { id: one('content_pages') } : {}), title: `Fuzz page ${n}`, slug: pick % 3 ? '' : `fuzz-${n}`, status: 'Active', description: '<p>Text</p>' };
    case 'POST /api/spot':
      return { ...(pick % 2 ? { id: one('spots') } : {}), name: `Fuzz spot ${n}`, status: 'Active', latitude: 41.01, longitude: 28.97, address: 'Sultanahmet', city: 'Istanbul', country: 'Türkiye' };
    case 'POST /api/post/createUpdateAdminPost':
      return {
        ...(pick % 3 ? {} : { id: one('posts') }),
        user_id: one('users'),
        title: `Fuzz post ${n}`,
        description: 'Text',
        itinerary_date: '2024-05-01 10:00:00',
        type: pick % 2 ? 'post' : 'itinerary',
        is_public: 1,
        is_planeed: '0',
        category_id: ids.categories.slice(0, 2),
        tag_id: ids.tags.slice(0, 1),
        spotData: JSON.stringify(
          pick % 2
            ? [{ id: one('spots') }]
            : [{ name: `Fuzz place ${n}`, latitude: 41, longitude: 29, imageIndex: 0, itinerary_date: '2024-05-01 10:00:00' }],
        ),
      };
    case 'POST /api/post':
      return { title: `Fuzz plan ${n}`, spot_name: ['Fuzz A', 'Fuzz B'], spot_id: [one('spots'), ''], latitude: ['', '41.1'], longitude: ['', '29.1'], category_id: ids.categories.slice(0, 1) };
    case 'POST /api/googleAPIData':
      return [{ place_id: `p${n}`, name: `Fuzz result ${n}`, formatted_address: 'Istanbul', location: { lat: 41 + (pick % 10) / 100, lng: 29 } }];
    case 'GET /api/auth/refresh-token':
    case 'GET /api/auth/access-token':
      return { token: 'x'.repeat(43) };
    case 'GET /api/geo/autocomplete':
      return { input: ['Ista', 'Ank', 'Fuzz'][pick % 3] };
    case 'GET /api/geo/geocode':
      return { address: 'Istanbul' };
    case 'GET /api/geo/reverse':
      return { lat: '41.01', lng: '28.97' };
    case 'GET /api/post/post-report-update':
      return { id: one('posts'), reportId: one('reports'), status: pick % 2 ? 'Active' : 'Inactive' };
    case 'GET /api/user/report-update':
      return { id: one('users'), status: pick % 2 ? 'Active' : 'Inactive' };
    case 'GET /api/user/approveReportByAdmin':
      return { reportId: one('reports'), status: 'Active', type: pick % 2 ? 'comment' : 'user', comment_id: one('comments'), other_user_id: one('users') };
    case 'GET /api/googleAPIData':
      return { query: ['restaurant in Istanbul', 'museum, park in Ankara'][pick % 2] };
    case 'GET /itinerarySuggestion':
    case 'GET /api/itinerarySuggestion':
      return { category_ids: JSON.stringify(ids.categories.slice(0, 2)), search: '2 days in Istanbul' };
    default:
      // the lists
      if (op.method === 'GET' && !op.path.includes('{')) {
        const orders = ['id', 'name', 'title', 'created_at', 'status'];
        return { page: String(pick % 3), limit: String([10, 50, 100][pick % 3]), filter: ['', 'fu', 'fuzz', 'Active'][pick % 4], order: orderOf(orders[pick % orders.length], pick % 2 ? 'ASC' : 'DESC') };
      }
      return null;
  }
}

// ---- negative data: bodies that break the operation's schema ------------------------------------------

/** A value of each JSON type, the first that a field does not allow being its wrong value. */
const WRONG_VALUES: [string, unknown][] = [
  ['object', { wrong: [true] }],
  ['array', [[{}]]],
  ['boolean', true],
  ['number', 1.5],
  ['string', 'not a value'],
];
/** A value of none of `types` (an integer field gets 1.5), or undefined when the types are not known. */
const wrongValueFor = (types: string[]) => (types.length ? WRONG_VALUES.find(([type]) => !types.includes(type))?.[1] : undefined);

/** A form's values as url-encoded pairs: a list as repeated fields, anything else as its text. */
const pairsOf = (value: Record<string, unknown>): [string, string][] =>
  Object.entries(value).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item): [string, string] => [k, typeof item === 'string' ? item : JSON.stringify(item) ?? '']));

/** A request that breaks the operation's documented body, and whether it must be refused (a 4xx). */
interface Negative {
  what: string;
  refused: boolean;
  body: Body;
}

/**
 * Schemathesis's negative data, made from the document: an empty body in every transport (refused where
 * a field is required), a body of the wrong JSON type, the valid form without each required field (as
 * JSON, and url-encoded for a form), each field of a type its schema does not allow (all refused), and
 * the valid form with fields it does not know (answered as documented, whatever the answer).
 */
function negativeBodies(op: Operation, ids: Ids, n: number): Negative[] {
  const body = op.body;
  if (!body) return [];
  const listBody = body.type === 'array';
  const needsSomething = listBody || body.required.length > 0;
  const form = body.transports.includes('application/x-www-form-urlencoded');
  const out: Negative[] = [
    { what: 'an empty JSON body', refused: true, body: { kind: 'raw', contentType: 'application/json', text: '' } },
    { what: 'no body', refused: needsSomething, body: { kind: 'none' } },
    { what: 'an empty url-encoded body', refused: needsSomething, body: { kind: 'urlencoded', fields: [] } },
    { what: 'an empty multipart body', refused: needsSomething, body: { kind: 'multipart', fields: [], files: [], damage: 'none' } },
    { what: 'an empty multipart body without a boundary', refused: needsSomething, body: { kind: 'multipart', fields: [], files: [], damage: 'no-boundary' } },
    { what: 'a JSON body of the wrong type', refused: true, body: { kind: 'json', value: listBody ? { wrong: true } : ['wrong'] } },
  ];
  const valid = template(op, ids, n, 0);
  if (valid === null || Array.isArray(valid)) return out;
  for (const field of body.required) {
    const rest = Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field));
    out.push({ what: `no ${field} (JSON)`, refused: true, body: { kind: 'json', value: rest } });
    if (form) out.push({ what: `no ${field} (url-encoded)`, refused: true, body: { kind: 'urlencoded', fields: pairsOf(rest) } });
  }
  for (const [field, types] of Object.entries(body.types)) {
    const wrong = wrongValueFor(types);
    if (wrong !== undefined) out.push({ what: `${field} as ${JSON.stringify(wrong)}`, refused: true, body: { kind: 'json', value: { ...valid, [field]: wrong } } });
  }
  const junk = { junk: 'x', nested: { a: [1, { b: null }] } };
  out.push({ what: 'unknown fields (JSON)', refused: false, body: { kind: 'json', value: { ...valid, ...junk } } });
  if (form) out.push({ what: 'unknown fields (url-encoded)', refused: false, body: { kind: 'urlencoded', fields: [...pairsOf(valid), ['junk', 'x'], ['a[b]', '1']] } });
  return out;
}

/**
 * encodeURIComponent that also sends lone surrogates (it throws on them): their WTF-8 bytes, percent-
 * encoded, which is invalid UTF-8 for the server to cope with.
 */
function pct(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const ch of text) {
      const u = ch.codePointAt(0)!;
      if (u >= 0xd800 && u <= 0xdfff) {
        out += [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      } else out += encodeURIComponent(ch);
    }
    return out;
  }
}

const RAW_QUERIES = ['%', '%zz', '%E0%A4%A', '%C0%80', '%FF%FE', '&&&', '==', 'a[b]=1', 'filter[]=x', 'page=1&page=2', '__proto__=1', 'constructor[prototype]=1'];

// ---- the test -------------------------------------------------------------------------------------

describe.each(dialects)('fuzzing every API operation on %s', (dialect) => {
  let t: TestApp;
  let operations: Operation[] = [];
  let conforms: ReturnType<typeof conformanceOf> = () => null;
  let adminToken = '';
  let subToken = '';
  let adminHash = '';
  let subHash = '';
  let forged = '';
  let unsigned = '';
  let ids: number[] = [];
  const idsBy: Ids = {} as Ids;
  let requests = 0;
  let serverError: Error | null = null;
  let seedNo = 0;
  const files: Record<FileSpec['content'], Buffer> = {} as never;

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      // thousands of sign-ins, registrations and creates each hash a password: cheap hashes keep it fast
      passwordScryptN: FUZZ_SCRYPT_N,
      // the fuzz signs in thousands of times with wrong passwords: the Admin must not be locked out
      loginThrottle: { maxFailures: 1_000_000, windowSeconds: 60, maxFailuresPerIp: 1_000_000, maxFailuresPerAccount: 1_000_000 },
      registerMaxPerWindow: 1_000_000,
    });
    // the server's own error behind a 500, for the report
    t.app.addHook('onError', async (_request, _reply, error) => {
      serverError = error;
    });
    const doc = (await t.app.inject('/api/docs/json')).json();
    operations = operationsOf(doc);
    conforms = conformanceOf(doc);
    adminHash = (await t.ctx.db.selectFrom('users').select('password_hash').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).password_hash;
    await createUser(t, { email: SUB_ADMIN.email, password: SUB_ADMIN.password, user_type: 'Sub-Admin', name: 'Fuzz Sub', permissions: [SUB_ADMIN.permission] });
    subHash = await hashPassword(SUB_ADMIN.password, FUZZ_SCRYPT_N);
    forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('travel-backoffice')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(randomBytes(32));
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '1', iss: 'travel-backoffice', ver: 0, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } }).png().toBuffer();
    Object.assign(files, {
      png,
      'png-as-jpg': png,
      'png-truncated': png.subarray(0, 20),
      text: Buffer.from('this is not an image'),
      random: randomBytes(512),
      'svg-script': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><rect width="4" height="4"/></svg>'),
      'svg-huge': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200000" height="200000"><rect width="4" height="4"/></svg>'),
      empty: Buffer.alloc(0),
    });
  });
  afterAll(async () => t?.close());

  /** The callers' sessions as at the start, and a handful of rows of every kind (the fuzz deletes some). */
  async function ensureFixtures() {
    const { db } = t.ctx;
    const stamp = new Date().toISOString();
    // a session survives unless the fuzz ended it (a new password, a status change): sign in again then
    const stillValid = async (token: string) =>
      !!token && (await t.app.inject({ url: `/api/auth/access-token?token=${encodeURIComponent(token)}` })).statusCode === 200;
    await db.updateTable('users').set({ password_hash: adminHash, status: 'Active' }).where('email', '=', ADMIN.email).execute();
    if (!(await stillValid(adminToken))) adminToken = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    const sub = await db.selectFrom('users').select('id').where('email', '=', SUB_ADMIN.email).executeTakeFirst();
    if (!sub) {
      await createUser(t, { email: SUB_ADMIN.email, password: SUB_ADMIN.password, user_type: 'Sub-Admin', name: 'Fuzz Sub', permissions: [SUB_ADMIN.permission] });
    } else {
      await db.updateTable('users').set({ password_hash: subHash, status: 'Active', user_type: 'Sub-Admin' }).where('id', '=', sub.id).execute();
      await db.deleteFrom('user_permissions').where('user_id', '=', sub.id).execute();
      const p = await db.selectFrom('permissions').select('id').where('name', '=', SUB_ADMIN.permission).executeTakeFirstOrThrow();
      await db.insertInto('user_permissions').values({ user_id: sub.id, permission_id: p.id }).execute();
    }
    if (!(await stillValid(subToken))) subToken = (await loginAs(t, SUB_ADMIN.email, SUB_ADMIN.password)).token;

    const count = async (table: 'categories' | 'tags' | 'report_categories' | 'spots' | 'content_pages' | 'comments' | 'reports') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    for (const table of ['categories', 'tags', 'report_categories'] as const) {
      for (let i = await count(table); i < 3; i++) {
        const name = `Fuzz ${table} ${++seedNo}`;
        await db.insertInto(table).values({ name, name_key: nameKey(name), status: 'Active', created_at: stamp, updated_at: stamp }).onConflict((oc) => oc.doNothing()).execute();
      }
    }
    const users = await db.selectFrom('users').select('id').where('user_type', '=', 'User').execute();
    for (let i = users.length; i < 3; i++) {
      await db
        .insertInto('users')
        .values({ name: 'Fuzz Person', email: `fuzz-user-${++seedNo}@example.com`, password_hash: subHash, status: 'Active', user_type: 'User', created_at: stamp, updated_at: stamp })
        .execute();
    }
    const userIds = (await db.selectFrom('users').select('id').where('user_type', '=', 'User').execute()).map((u) => u.id);
    for (let i = await count('spots'); i < 3; i++) {
      await db
        .insertInto('spots')
        .values({ user_id: userIds[0], name: `Fuzz Spot ${++seedNo}`, status: 'Active', address: 'Sultanahmet, Istanbul', city: 'Istanbul', state: 'Istanbul', country: 'Türkiye', post_code: '34122', latitude: 41.0054 + i / 1000, longitude: 28.9768, image: null, thumbnail_url: null, created_at: stamp, updated_at: stamp })
        .execute();
    }
    const live = await db.selectFrom('posts').select('id').where('deleted_at', 'is', null).execute();
    for (let i = live.length; i < 2; i++) {
      const post = await db
        .insertInto('posts')
        .values({ type: i % 2 ? 'itinerary' : 'post', user_id: userIds[0], title: `Fuzz post ${++seedNo}`, description: 'text', latitude: null, longitude: null, itinerary_date: '2024-05-01 10:00:00', is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const spot = await db.selectFrom('spots').select('id').limit(1).executeTakeFirstOrThrow();
      await db.insertInto('post_spots').values({ post_id: post.id, spot_id: spot.id, itinerary_date: null, position: 0 }).execute();
      const category = await db.selectFrom('categories').select('id').limit(1).executeTakeFirstOrThrow();
      await db.insertInto('post_categories').values({ post_id: post.id, category_id: category.id }).execute();
    }
    const postId = (await db.selectFrom('posts').select('id').where('deleted_at', 'is', null).limit(1).executeTakeFirstOrThrow()).id;
    if ((await count('comments')) < 2) {
      await db.insertInto('comments').values({ post_id: postId, user_id: userIds[0], comment: 'Fuzz comment', created_at: stamp, deleted_at: null }).execute();
    }
    const commentId = (await db.selectFrom('comments').select('id').limit(1).executeTakeFirstOrThrow()).id;
    const categoryId = (await db.selectFrom('report_categories').select('id').limit(1).executeTakeFirstOrThrow()).id;
    const reports = await db.selectFrom('reports').select('type').execute();
    for (const type of ['post', 'comment', 'user'] as const) {
      if (reports.some((r) => r.type === type)) continue;
      await db
        .insertInto('reports')
        .values({
          type,
          user_id: userIds[1] ?? userIds[0],
          post_id: type === 'post' ? postId : null,
          comment_id: type === 'comment' ? commentId : null,
          other_user_id: type === 'user' ? userIds[0] : null,
          report_category_id: categoryId,
          reason: 'Fuzz reason',
          status: 'Pending',
          user_status_by_admin: 'Active',
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    }
    for (let i = await count('content_pages'); i < 2; i++) {
      await db.insertInto('content_pages').values({ title: 'Fuzz page', slug: `fuzz-page-${++seedNo}`, description: '<p>x</p>', status: 'Active', created_at: stamp, updated_at: stamp }).execute();
    }
    // ids of real rows: the fuzz's path parameters and id fields pick among them
    const tables: Table[] = ['categories', 'tags', 'report_categories', 'spots', 'posts', 'users', 'reports', 'content_pages', 'comments', 'email_templates'];
    for (const table of tables) {
      idsBy[table] = (await db.selectFrom(table).select('id').orderBy('id', 'desc').limit(4).execute()).map((r) => r.id);
    }
    ids = [...new Set(Object.values(idsBy).flat())].sort((a, b) => a - b);
  }

  // ---- arbitraries ----

  function arbitraries(op: Operation) {
    const known = plausible(ids);
    const scalar: fc.Arbitrary<unknown> = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
      { weight: 1, arbitrary: fc.integer() },
      { weight: 1, arbitrary: fc.double() },
      { weight: 1, arbitrary: fc.constantFrom(true, false, null, ...EDGE_NUMBERS) },
      { weight: 1, arbitrary: fc.constantFrom(...ids) },
    );
    const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
      { weight: 6, arbitrary: scalar },
      { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('name', 'id', 'status', 'a', '__proto__', 'constructor'), scalar, { maxKeys: 3 }) },
    );
    const fieldNames = [...new Set([...op.bodyFields.map((f) => f.name), ...op.query.map((q) => q.name), ...FORM_FIELDS])];
    const valueFor = (name: string): fc.Arbitrary<unknown> => {
      const good = [...(op.bodyFields.find((f) => f.name === name)?.values ?? []), ...(op.query.find((q) => q.name === name)?.values ?? []), ...(Object.hasOwn(known, name) ? known[name] : [])];
      return good.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...good) }, { weight: 2, arbitrary: jsonValue }) : jsonValue;
    };
    const fieldName = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...fieldNames) },
      { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES, 'name[]', 'category_id[]', 'a\u0000b', '', 'x'.repeat(300), 'مرحبا') },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    );
    /** A form: mostly the operation's own fields with plausible or hostile values, a few random ones. */
    const formObject = fc
      .tuple(
        fc.subarray(op.bodyFields.length ? op.bodyFields.map((f) => f.name) : (FORMS[`${op.method} ${op.path}`] ?? ['name', 'id', 'status']), { minLength: 0 }),
        fc.array(fc.tuple(fieldName, fc.constant(0)), { maxLength: 3 }),
      )
      .chain(([mine, extra]) => {
        const names = [...mine, ...extra.map(([n]) => n)];
        return fc.tuple(...names.map((n) => valueFor(n))).map((values) => names.map((n, i) => [n, values[i]] as [string, unknown]));
      });
    const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');
    const pairs = formObject.map((entries) => entries.map(([k, v]) => [k, asText(v)] as [string, string]));

    const fileSpec: fc.Arbitrary<FileSpec> = fc.record({
      field: fc.constantFrom('images', 'images[]', 'profile_pic', 'file', 'name'),
      filename: fc.constantFrom('x.png', 'x.jpg', 'x.gif', 'x.svg', 'x.bmp', 'x.exe', 'noext', '../../../etc/x.png', 'a\u0000.png', '😀.png', '', 'x.PNG', 'a"b.png'),
      type: fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/plain', 'application/octet-stream', ''),
      content: fc.constantFrom('png', 'text', 'random', 'svg-script', 'svg-huge', 'empty', 'png-truncated', 'png-as-jpg'),
    });

    const body: fc.Arbitrary<Body> = fc.oneof(
      { weight: 2, arbitrary: fc.constant<Body>({ kind: 'none' }) },
      {
        weight: 6,
        arbitrary: formObject.map((entries): Body => {
          const value: Record<string, unknown> = {};
          for (const [k, v] of entries) Object.defineProperty(value, k, { value: v, enumerable: true, configurable: true, writable: true });
          return { kind: 'json', value };
        }),
      },
      { weight: 1, arbitrary: fc.array(jsonValue, { maxLength: 3 }).map((value): Body => ({ kind: 'json', value })) },
      { weight: 1, arbitrary: scalar.map((value): Body => ({ kind: 'json', value })) },
      { weight: 2, arbitrary: fc.constantFrom(...RAW_JSON_BODIES).map((text): Body => ({ kind: 'raw', contentType: 'application/json', text })) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom('text/plain', 'application/xml', 'application/octet-stream', 'application/json; charset=latin1', 'multipart/mixed', 'application/x-www-form-urlencoded'), fc.constantFrom('name=x', '<a/>', '\u0000', '', 'x'.repeat(1000), '{"name":"x"}'))
          .map(([contentType, text]): Body => ({ kind: 'raw', contentType, text })),
      },
      { weight: 3, arbitrary: pairs.map((fields): Body => ({ kind: 'urlencoded', fields })) },
      {
        weight: 5,
        arbitrary: fc
          .record({
            fields: pairs,
            files: fc.array(fileSpec, { maxLength: 2 }),
            damage: fc.constantFrom<Damage>('none', 'none', 'none', 'truncated', 'no-boundary', 'wrong-boundary', 'garbage-after-boundary', 'garbage'),
          })
          .map((m): Body => ({ kind: 'multipart', ...m })),
      },
    );

    /** The operation's valid form or query, mutated: fields dropped or given hostile values. */
    const mutated: fc.Arbitrary<Record<string, unknown> | unknown[]> | null =
      template(op, idsBy, 0, 0) === null
        ? null
        : fc
            .record({
              n: fc.nat(),
              pick: fc.nat(),
              mutations: fc.array(
                fc.tuple(
                  fieldName,
                  fc.constantFrom('drop', 'hostile', 'hostile', 'hostile'),
                  fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...EDGE_NUMBERS) }, { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS) }, { weight: 1, arbitrary: jsonValue }),
                ),
                { maxLength: 2 },
              ),
            })
            .map(({ n, pick, mutations }) => {
              const base = template(op, idsBy, n, pick)!;
              if (Array.isArray(base)) return mutations.length ? base.map((item) => ({ ...(item as object), [mutations[0][0]]: mutations[0][2] })) : base;
              const value: Record<string, unknown> = { ...base };
              const keys = Object.keys(value);
              for (const [name, kind, hostile] of mutations) {
                // mostly a field of the form, sometimes an unknown one
                const target = keys.length && name.length % 3 !== 0 ? keys[name.length % keys.length] : name;
                if (kind === 'drop') delete value[target];
                else Object.defineProperty(value, target, { value: hostile, enumerable: true, configurable: true, writable: true });
              }
              return value;
            });
    /** A form's fields as text pairs: lists as repeated `name[]`, objects as JSON. */
    const toPairs = (value: Record<string, unknown>): [string, string][] =>
      Object.entries(value).flatMap(([k, v]): [string, string][] =>
        Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null) ? v.map((x) => [`${k}[]`, asText(x)]) : [[k, asText(v)]],
      );
    const validBody: fc.Arbitrary<Body> | null =
      mutated &&
      fc
        .tuple(mutated, fc.constantFrom('json', 'json', 'urlencoded', 'multipart'), fc.array(fileSpec, { maxLength: 1 }))
        .map(([value, transport, withFiles]): Body => {
          if (Array.isArray(value) || transport === 'json') return { kind: 'json', value };
          if (transport === 'urlencoded') return { kind: 'urlencoded', fields: toPairs(value) };
          return { kind: 'multipart', fields: toPairs(value), files: withFiles, damage: 'none' };
        });
    const validQuery: fc.Arbitrary<[string, string][]> | null =
      op.method === 'GET' && mutated
        ? mutated.map((value) => (Array.isArray(value) ? [] : Object.entries(value).map(([k, v]) => [k, asText(v)] as [string, string])))
        : null;

    const pathValue = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...ids).map(String) },
      {
        weight: 3,
        arbitrary: fc.constantFrom('0', '-1', '2147483647', '2147483648', '99999999999999999999', '1e3', '1.5', 'abc', '%00', '1%00', '%E2%80%AE1', '%ED%A0%80', '%zz', '%', pct('مرحبا'), pct('😀'), 'spot%3A1', 'spot:abc', 'spot:99999999999', 'spot:-1', '%20%31', '0x1f', 'x'.repeat(120)),
      },
      { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS).map((s) => pct(s.slice(0, 200)) || 'x') },
    );

    const queryPair = fc.oneof(
      { weight: 4, arbitrary: op.query.length ? fc.constantFrom(...op.query.map((q) => q.name)).chain((n) => valueFor(n).map((v) => [n, asText(v)] as [string, string])) : fc.constant<[string, string]>(['filter', 'a']) },
      { weight: 1, arbitrary: fc.tuple(fieldName, scalar).map(([n, v]) => [n, asText(v)] as [string, string]) },
    );
    const query = fc.record({
      pairs: validQuery ? fc.oneof({ weight: 3, arbitrary: validQuery }, { weight: 2, arbitrary: fc.array(queryPair, { maxLength: 6 }) }) : fc.array(queryPair, { maxLength: 6 }),
      raw: fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) }),
    });

    return fc.record<FuzzRequest>({
      caller: fc.oneof(
        { weight: 1, arbitrary: fc.constantFrom<Caller>('anonymous', 'forged', 'unsigned', 'garbage') },
        { weight: 3, arbitrary: fc.constant<Caller>('admin') },
        { weight: 1, arbitrary: fc.constant<Caller>('subadmin') },
      ),
      pathParams: fc.tuple(...op.pathParams.map(() => pathValue)),
      query,
      body: validBody && op.method !== 'GET' ? fc.oneof({ weight: 3, arbitrary: validBody }, { weight: 2, arbitrary: body }) : body,
    });
  }

  /**
   * The sweep run before the random requests: the Admin sends the operation's valid form (or query) with
   * each field in turn set to each edge value, and each path parameter set to each edge value.
   */
  function sweep(op: Operation): FuzzRequest[] {
    const edges: unknown[] = ['2147483648', '99999999999999999999', '-1', '0', '1.5', 'abc', '', null, [], {}, ['1', '2'], '1e309', 'x'.repeat(5000), '\u202e', '\u0001'];
    const base = template(op, idsBy, 999_999, 1);
    const validPath = op.pathParams.map(() => String(ids[ids.length - 1]));
    const out: FuzzRequest[] = [];
    const request = (pathParams: string[], value: Record<string, unknown> | unknown[] | null): FuzzRequest => ({
      caller: 'admin',
      pathParams,
      query: { pairs: op.method === 'GET' && value && !Array.isArray(value) ? Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? '']) : [], raw: '' },
      body: op.method !== 'GET' && value ? { kind: 'json', value } : { kind: 'none' },
    });
    op.pathParams.forEach((_, i) => {
      for (const edge of ['2147483648', '99999999999999999999', '-1', '0', '1.5', 'abc', '%ED%A0%80', '1e3']) {
        out.push(request(validPath.map((p, j) => (j === i ? edge : p)), base));
      }
    });
    const fields = base === null ? [] : Array.isArray(base) ? Object.keys((base[0] ?? {}) as object) : Object.keys(base);
    for (const field of fields) {
      for (const edge of edges) {
        const value = Array.isArray(base) ? base.map((item) => ({ ...(item as object), [field]: edge })) : { ...base, [field]: edge };
        out.push(request(validPath, value));
      }
    }
    return out;
  }

  // ---- sending ----

  function headersOf(caller: Caller): Record<string, string> {
    switch (caller) {
      case 'anonymous':
        return {};
      case 'forged':
        return { authorization: `Bearer ${forged}` };
      case 'unsigned':
        return { authorization: `Bearer ${unsigned}` };
      case 'garbage':
        return { authorization: 'Bearer not.a.token' };
      case 'admin':
        return { authorization: `Bearer ${adminToken}` };
      case 'subadmin':
        return { authorization: `Bearer ${subToken}` };
    }
  }

  function encode(body: Body): { headers: Record<string, string>; payload?: string | Buffer } {
    switch (body.kind) {
      case 'none':
        return { headers: {} };
      case 'json':
        return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body.value) ?? 'null' };
      case 'raw':
        return { headers: { 'content-type': body.contentType }, payload: body.text };
      case 'urlencoded':
        return {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body.fields.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&'),
        };
      case 'multipart': {
        const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
        const chunks: Buffer[] = [];
        for (const [k, v] of body.fields) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
        for (const f of body.files) {
          const type = f.type ? `\r\nContent-Type: ${f.type}` : '';
          chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"${type}\r\n\r\n`), files[f.content], Buffer.from('\r\n'));
        }
        chunks.push(Buffer.from(`--${boundary}--\r\n`));
        let payload = Buffer.concat(chunks);
        let contentType = `multipart/form-data; boundary=${boundary}`;
        switch (body.damage) {
          case 'truncated':
            payload = payload.subarray(0, Math.floor(payload.length / 2));
            break;
          case 'no-boundary':
            contentType = 'multipart/form-data';
            break;
          case 'wrong-boundary':
            contentType = 'multipart/form-data; boundary=nope';
            break;
          case 'garbage-after-boundary':
            payload = Buffer.concat([Buffer.from(`--${boundary}\r\n`), randomBytes(64), Buffer.from('\r\n\u0001garbage')]);
            break;
          case 'garbage':
            payload = randomBytes(200);
            break;
          case 'none':
            break;
        }
        return { headers: { 'content-type': contentType }, payload };
      }
    }
  }

  function urlOf(op: Operation, req: FuzzRequest): string {
    let i = 0;
    const path = op.path.replace(/\{[^}]+\}/g, () => req.pathParams[i++] ?? '1');
    const parts = req.query.pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`);
    if (req.query.raw) parts.push(req.query.raw);
    return parts.length ? `${path}?${parts.join('&')}` : path;
  }

  /** Which module answers an operation, so a failure says where to look. */
  function ownerOf(op: Operation): string {
    const p = op.path;
    const module = p.startsWith('/api/auth/')
      ? 'auth'
      : /^\/api\/user\/(reports|report-update|approveReportByAdmin)|^\/api\/post\/post-report-update/.test(p)
        ? 'reports'
        : p === '/api/user/user-statistics'
          ? 'dashboard'
          : p.startsWith('/api/user')
            ? 'users'
            : p === '/api/post' && op.method === 'POST'
              ? 'suggest'
              : p.startsWith('/api/post')
                ? 'posts'
                : /^\/api\/(googleAPIData|searchTypes)/.test(p)
                  ? 'places'
                  : /itinerarySuggestion/.test(p)
                    ? 'suggest'
                    : /^\/api\/(email-template|page|category|tag|reportCategory)/.test(p)
                      ? 'declared (the declared lists\' engine)'
                      : ({ spot: 'spots', geo: 'geo', health: '(app.ts)', uploads: '(app.ts static files)' } as Record<string, string>)[p.split('/')[p.startsWith('/api/') ? 2 : 1]] ?? p;
    return `route module src/server/modules/${module}`;
  }

  const preview = (text: string, n = 300) => (text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text);
  function describeRequest(op: Operation, req: FuzzRequest): string {
    const b = req.body;
    const body =
      b.kind === 'none'
        ? '(no body)'
        : b.kind === 'json'
          ? `JSON ${preview(JSON.stringify(b.value) ?? 'undefined')}`
          : b.kind === 'raw'
            ? `${b.contentType}: ${preview(JSON.stringify(b.text))}`
            : b.kind === 'urlencoded'
              ? `url-encoded ${preview(JSON.stringify(b.fields))}`
              : `multipart (${b.damage}) fields ${preview(JSON.stringify(b.fields))} files ${JSON.stringify(b.files)}`;
    return `${op.method} ${preview(urlOf(op, req), 400)} as ${req.caller}, body ${body}`;
  }

  async function send(op: Operation, req: FuzzRequest) {
    const { headers, payload } = encode(req.body);
    requests++;
    serverError = null;
    return t.app.inject({ method: op.method, url: urlOf(op, req), headers: { ...headersOf(req.caller), ...headers }, payload });
  }

  /** What is wrong with an answer, or null. */
  function problemOf(op: Operation, res: Answer): string | null {
    if (res.statusCode >= 500) return `answered ${res.statusCode}`;
    const unlike = conforms(op.method, op.path, res);
    if (unlike) return unlike;
    if (!String(res.headers['content-type'] ?? '').includes('application/json')) return null;
    let body: { status?: unknown; message?: unknown; code?: unknown };
    try {
      body = JSON.parse(res.body);
    } catch {
      return 'answered JSON that does not parse';
    }
    if (typeof body !== 'object' || body === null) return 'answered JSON that is not the envelope';
    // OPEN: Fastify answers these two router errors itself (a 400 / 414 with a message, before any hook or
    // error handler) until buildApp passes Fastify's `frameworkErrors` option to answer them with the envelope.
    if (body.status !== res.statusCode) return `envelope status ${String(body.status)} differs from HTTP ${res.statusCode}`;
    if (typeof body.message !== 'string' || body.message.trim() === '') return 'envelope without a message';
    if (res.body.includes('    at ')) return 'answer holds a stack trace';
    return null;
  }

  it(
    `sends at least ${MIN_REQUESTS} hostile requests to every operation: never a 5xx, always the envelope`,
    async () => {
      const started = Date.now();
      expect(operations.length).toBeGreaterThan(50);
      const failures: string[] = [];
      for (const op of operations) {
        const t0 = Date.now();
        const statuses: Record<number, number> = {};
        await ensureFixtures();
        const t1 = Date.now();
        if (process.env.FUZZ_PROFILE) process.stdout.write(`fixtures ${t1 - t0} ms; `);
        const examples = sweep(op).map((r) => [r] as [FuzzRequest]);
        const details = await fc.check(
          fc.asyncProperty(arbitraries(op), async (req) => {
            const res = await send(op, req);
            if (process.env.FUZZ_PROFILE) statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            const problem = problemOf(op, res);
            if (problem) {
              const cause = serverError ? `\nserver error: ${(serverError as Error).stack?.split('\n').slice(0, 4).join('\n')}` : '';
              throw new Error(`${problem} (${ownerOf(op)})\nrequest: ${describeRequest(op, req)}\nanswer: ${res.statusCode} ${preview(res.body)}${cause}`);
            }
          }),
          // the examples count among the runs: the random requests come on top of the sweep
          { numRuns: RUNS_PER_OPERATION + examples.length, seed: SEED, endOnFailure: false, examples },
        );
        if (process.env.FUZZ_PROFILE) process.stdout.write(`${op.method} ${op.path} ${Date.now() - t1} ms ${JSON.stringify(statuses)}\n`);
        if (details.failed) {
          failures.push(`${op.method} ${op.path}: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n(seed ${details.seed}, path ${details.counterexamplePath}; FUZZ_SEED=${details.seed} replays)`);
        }
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.info(`fuzz on ${dialect}: ${requests} requests to ${operations.length} operations in ${seconds} s`);
      if (failures.length) throw new Error(`${failures.length} operation(s) answered badly:\n\n${failures.join('\n\n')}`);
      expect(requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
    },
    600_000,
  );
  it('answers every write operation a documented 4xx in the envelope for a body that breaks its schema (negative data)', async () => {
    const started = Date.now();
    const problems: string[] = [];
    let sent = 0;
    for (const op of operations) {
      if (!op.body) continue;
      await ensureFixtures();
      for (const { what, refused, body } of negativeBodies(op, idsBy, ++seedNo)) {
        const req: FuzzRequest = { caller: 'admin', pathParams: op.pathParams.map(() => String(ids[0] ?? 1)), query: { pairs: [], raw: '' }, body };
        const res = await send(op, req);
        sent++;
        const problem = problemOf(op, res) ?? (refused && res.statusCode < 400 ? `answered ${res.statusCode}, not a refusal` : null);
        if (problem) problems.push(`${op.method} ${op.path}, ${what}: ${problem} (${ownerOf(op)})\nanswer: ${res.statusCode} ${preview(res.body)}`);
      }
    }
    console.info(`negative data on ${dialect}: ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  });
});

/** Every operation of the OpenAPI document, with its path parameters, query parameters and body fields. */
function operationsOf(doc: {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: JsonSchema }[]; requestBody?: { content: Record<string, { schema?: JsonSchema }> } }>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content;
      const schema = content?.['application/json']?.schema;
      const properties = Object.entries(schema?.properties ?? {});
      ops.push({
        method: method.toUpperCase() as Method,
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, values: valuesOf(p.schema).map(String) })),
        bodyFields: properties.map(([name, s]) => ({ name, values: valuesOf(s) })),
        ...(content
          ? { body: { type: schema?.type, required: schema?.required ?? [], types: Object.fromEntries(properties.map(([name, s]) => [name, typesOf(s)])), transports: Object.keys(content) } }
          : {}),
      });
    }
  }
  // a few paths outside the document
  ops.push(
    { method: 'GET', path: '/api/health', pathParams: [], query: [], bodyFields: [] },
    { method: 'GET', path: '/uploads/{file}', pathParams: ['file'], query: [], bodyFields: [] },
    { method: 'POST', path: '/api/no-such-route/{id}', pathParams: ['id'], query: [], bodyFields: [] },
  );
  return ops;
}

interface JsonSchema {
  type?: string;
  format?: string;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}
/** Values a schema names (enums, defaults, constants). */
function valuesOf(schema: JsonSchema | undefined): unknown[] {
  if (!schema) return [];
  const values = [...(schema.enum ?? []), ...(schema.default !== undefined ? [schema.default] : []), ...(schema.const !== undefined ? [schema.const] : [])];
  for (const s of schema.anyOf ?? []) values.push(...valuesOf(s));
  if (schema.items) values.push(...valuesOf(schema.items).map((v) => [v]));
  return values.filter((v) => typeof v !== 'object' || v !== null);
}

/**
 * The JSON types a schema allows, or none when a branch does not say (a rule described in words) or it
 * is a file (read from a multipart body only: in JSON it is no field of the form).
 */
function typesOf(schema: JsonSchema): string[] {
  if (schema.format === 'binary') return [];
  if (schema.type) return [schema.type];
  const branches = schema.anyOf ?? [];
  return branches.length && branches.every((b) => b.type) ? branches.map((b) => b.type!) : [];
}
