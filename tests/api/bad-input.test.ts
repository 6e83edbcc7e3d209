import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasControlCharacters } from '@shared/validation/common';
import { ADMIN, bearer, dialects, loginAs, multipart, startTestApp, type TestApp } from '../support/api';

// Every malformed request gets a 4xx envelope with a message: never a 500, never a stack trace.
describe('bad input to the auth and list endpoints', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    token = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  const json = { 'content-type': 'application/json' };
  const cases: { name: string; method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string; auth?: boolean }[] = [
    { name: 'login with an array body', method: 'POST', url: '/api/auth/login', headers: json, payload: '[1,2]' },
    { name: 'login with a string body', method: 'POST', url: '/api/auth/login', headers: json, payload: '"hello"' },
    { name: 'login with numbers', method: 'POST', url: '/api/auth/login', headers: json, payload: '{"email":5,"password":7}' },
    { name: 'login with no body', method: 'POST', url: '/api/auth/login' },
    { name: 'login as plain text', method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'x' },
    { name: 'login url-encoded with a bad email', method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=x&password=abcd' },
    { name: 'refresh with an object token', method: 'POST', url: '/api/auth/refresh-token', headers: json, payload: '{"token":{"a":1}}' },
    { name: 'forgot with no email', method: 'POST', url: '/api/auth/forgot-password', headers: json, payload: '{}' },
    { name: 'reset with a short token', method: 'POST', url: '/api/auth/reset-password', headers: json, payload: '{"token":"x","password":"Abcdefg1"}' },
    { name: 'register with nothing', method: 'POST', url: '/api/auth/register', headers: json, payload: '{}' },
    { name: 'profile with a number for a name', method: 'POST', url: '/api/auth/user/update', headers: json, payload: '{"name":12345}', auth: true },
    { name: 'list with a negative page', method: 'GET', url: '/api/user?user_type=User&page=-1', auth: true },
    { name: 'list with a huge page', method: 'GET', url: '/api/user?user_type=User&page=99999999&limit=100', auth: true },
    { name: 'list with broken order JSON', method: 'GET', url: '/api/category?order=%7Bnope', auth: true },
    { name: 'list with an unknown user_type', method: 'GET', url: '/api/user?user_type=Admin', auth: true },
    { name: 'user detail with a text id', method: 'GET', url: '/api/user/login/abc', auth: true },
  ];

  it.each(cases)('$name: a 4xx with a message', async ({ method, url, headers, payload, auth }) => {
    const res = await t.app.inject({ method, url, headers: { ...headers, ...(auth ? bearer(token) : {}) }, payload });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(body.status).toBe(res.statusCode);
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
    expect(res.body).not.toContain('    at ');
  });
});

/** A 4xx envelope with a message, no stack trace. */
function expectClientError(res: { statusCode: number; body: string; json(): { status: number; message: string } }, status?: number) {
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = res.json();
  expect(body.status).toBe(res.statusCode);
  expect(body.message.length).toBeGreaterThan(0);
  expect(res.body).not.toContain('    at ');
}

// The 13 lists of the back-office.
const LISTS = [
  '/api/user?user_type=User',
  '/api/user?user_type=Sub-Admin',
  '/api/category',
  '/api/tag',
  '/api/reportCategory',
  '/api/email-template',
  '/api/page',
  '/api/spot',
  '/api/post?type=post',
  '/api/post?type=itinerary',
  '/api/user/reports?type=post',
  '/api/user/reports?type=comment',
  '/api/user/reports?type=user',
];
const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

// Every endpoint that reads a form (JSON, url-encoded or multipart).
const FORM_ENDPOINTS = [
  '/api/auth/user/update',
  '/api/user',
  '/api/user/update-user',
  '/api/category/create',
  '/api/category/update',
  '/api/tag/create',
  '/api/tag/update',
  '/api/reportCategory/create',
  '/api/reportCategory/update',
  '/api/email-template',
  '/api/page',
  '/api/spot',
  '/api/post/createUpdateAdminPost',
  '/api/post',
];

describe.each(dialects)('hostile input on %s: a 4xx with a message, never a 500', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    token = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, payload: string | Buffer, contentType: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': contentType }, payload });

  it.each(LISTS)('a NUL byte in the filter of %s', async (url) => {
    for (const filter of ['ab%00', '%00', 'abc%00def']) {
      const res = await get(withQuery(url, `filter=${filter}`));
      expectClientError(res, 400);
      expect(res.json().message).toContain('NUL');
    }
    // the same list still answers normally
    expect((await get(withQuery(url, 'filter=abc'))).statusCode).toBe(200);
  });

  it('a NUL byte in the geo autocomplete, a sort key or a path', async () => {
    expectClientError(await get('/api/geo/autocomplete?input=ab%00cd'), 400);
    expectClientError(await get('/api/geo/autocomplete?in%00put=abc'), 400);
    expectClientError(await get('/api/category?order=%7B%22name%22%3A%22na%00me%22%7D'), 400);
    expectClientError(await get('/api/geo/place/spot%3A1%00'), 400);
    expectClientError(await get('/api/geo/place/spot%3Aabc'), 404);
    expectClientError(await get('/api/geo/place/spot%3A1e99'), 404);
  });

  it('a NUL byte in a JSON or url-encoded body', async () => {
    expectClientError(await post('/api/auth/login', JSON.stringify({ email: 'admin@example.com', password: 'Ad\u0000min' }), 'application/json'), 400);
    expectClientError(await post('/api/spot', JSON.stringify({ name: 'x', nested: [{ deep: 'a\u0000' }] }), 'application/json'), 400);
    expectClientError(await post('/api/category/create', 'name=Ab%00c&status=Active', 'application/x-www-form-urlencoded'), 400);
  });

  it('control characters in names and titles: a clear 400, nothing stored', async () => {
    const control = 'The text must not hold control characters (such as a NUL byte); please remove them.';
    for (const name of ['Ab\u0000c', 'Ab\u0001c', 'Tab\tname', 'Two\nlines', 'Del\u007f']) {
      const created = await post('/api/category/create', JSON.stringify({ name, status: 'Active' }), 'application/json');
      expectClientError(created, 400);
      // a NUL byte is refused by the app-wide check before the form's rules
      expect(created.json().message).toEqual(name.includes('\u0000') ? expect.stringContaining('NUL') : control);
    }
    const form = await multipart({ name: 'Null\u0000Name', status: 'Active' });
    expectClientError(await post('/api/tag/create', form.payload, form.headers['content-type']), 400);
    const names = (await t.ctx.db.selectFrom('categories').select('name').execute()).map((r) => r.name);
    expect(names.filter((n) => hasControlCharacters(n))).toEqual([]);

    const spot = await post('/api/spot', JSON.stringify({ name: 'Bad\u0002spot', status: 'Active', latitude: 1, longitude: 2 }), 'application/json');
    expectClientError(spot, 400);
    expect(spot.json().message).toBe(control);
    const page = await post('/api/page', JSON.stringify({ title: 'Ti\u0007tle', status: 'Active', description: '<p>x</p>' }), 'application/json');
    expect(page.json().message).toBe(control);
    // multi-line text keeps its line breaks and tabs
    const multiLine = await post('/api/page', JSON.stringify({ title: 'Lines', status: 'Active', description: '<p>one</p>\n\t<p>two</p>' }), 'application/json');
    expect(multiLine.statusCode, multiLine.body).toBe(200);
    const badPage = await post('/api/page', JSON.stringify({ title: 'Bell', status: 'Active', description: '<p>bell\u0007</p>' }), 'application/json');
    expect(badPage.json().message).toBe(control);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'])(
    'sorting by the Object.prototype member %s',
    async (name) => {
      const order = encodeURIComponent(JSON.stringify({ direction: 'ASC', name, type: 'default' }));
      for (const url of LISTS) {
        const res = await get(withQuery(url, `order=${order}`));
        expectClientError(res, 400);
      }
    },
  );

  it('order values that are not an object', async () => {
    for (const order of ['null', '[]', '5', '"name"', '{"name":5}', '{"name":"id","direction":"UP"}']) {
      expectClientError(await get(`/api/category?order=${encodeURIComponent(order)}`), 400);
    }
  });

  const deep = `${'['.repeat(2000)}${']'.repeat(2000)}`;
  const deepObject = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
  const notObjects: [string, string, string][] = [
    ['an array', '[1,2]', 'application/json'],
    ['a string', '"hello"', 'application/json'],
    ['a number', '42', 'application/json'],
    ['null', 'null', 'application/json'],
    ['true', 'true', 'application/json'],
    ['plain text', 'name=x', 'text/plain'],
    ['2,000-deep arrays', deep, 'application/json'],
    ['a 2,000-deep object', deepObject, 'application/json'],
    ['invalid JSON', '{"name":', 'application/json'],
  ];
  it.each(['/api/spot', '/api/page', '/api/email-template', '/api/category/create', '/api/user', '/api/post/createUpdateAdminPost'])(
    'a body that is not an object on POST %s',
    async (url) => {
      for (const [what, payload, type] of notObjects) {
        const res = await post(url, payload, type);
        expectClientError(res);
        expect(res.statusCode, what).toBe(400);
      }
    },
  );

  it.each(FORM_ENDPOINTS)('a malformed multipart body on POST %s', async (url) => {
    const good = await multipart({ name: 'Multipart Name', status: 'Active' });
    const boundary = good.headers['content-type'].split('boundary=')[1];
    const bodies: [string, Buffer | string, string][] = [
      ['truncated', good.payload.subarray(0, Math.floor(good.payload.length / 2)), good.headers['content-type']],
      ['no boundary', good.payload, 'multipart/form-data'],
      ['an empty boundary', good.payload, 'multipart/form-data; boundary='],
      ['garbage after the boundary', `--${boundary}\r\n\u0001\u0002garbage without headers`, good.headers['content-type']],
      ['garbage only', 'this is not multipart at all', good.headers['content-type']],
      ['a wrong boundary', good.payload, 'multipart/form-data; boundary=nope'],
      ['an empty body', '', good.headers['content-type']],
    ];
    for (const [what, payload, type] of bodies) {
      const res = await post(url, payload, type);
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
      expectClientError(res);
    }
  });

  it('eight concurrent creates of one email: one 200, seven 409', async () => {
    const create = () =>
      post(
        '/api/user',
        JSON.stringify({ name: 'Race Person', email: 'race@example.com', phone: '5301234567', user_type: 'User', password: 'Str0ng@Pass', status: 'Active' }),
        'application/json',
      );
    const answers = await Promise.all(Array.from({ length: 8 }, create));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes, answers.map((r) => r.body).join('\n')).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().message).toBe('This email is already registered.');
    const rows = await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'race@example.com').execute();
    expect(rows).toHaveLength(1);
  });

  it('ids too big for an integer column', async () => {
    expectClientError(await t.app.inject({ method: 'DELETE', url: '/api/category/delete/99999999999', headers: bearer(token) }), 400);
    expectClientError(await get('/api/post/99999999999'), 400);
    const spot = await post('/api/spot', JSON.stringify({ id: '99999999999', name: 'Big', status: 'Active', latitude: 1, longitude: 2 }), 'application/json');
    expectClientError(spot, 400);
    expectClientError(await post('/api/post/sequence/change', JSON.stringify({ id: 1, sequence: 1e12 }), 'application/json'), 400);
  });
});
