// Request ids: every answer names its request in X-Request-Id, every refusal and failure also in its body
// (`requestId`), and every log line of the request carries it (`reqId`). A caller's own id is kept when
// it is safe to log and echo (1-64 of A-Z a-z 0-9 . _ -), else replaced by a generated one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, dialects, startTestApp, type TestApp } from '../support/api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  reqId?: string;
  msg?: string;
  req?: { url: string };
  res?: { statusCode: number };
  err?: { message: string };
}

describe.each(dialects)('request ids on %s', (dialect) => {
  let t: TestApp;
  const logged: string[] = [];
  const lines = () => logged.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as LogLine);
  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      { logLevel: 'info', loginThrottle: { maxFailures: 1, windowSeconds: 900, maxFailuresPerIp: 50, maxFailuresPerAccount: 100 } },
      { logStream: { write: (line) => void logged.push(line) } },
    );
    // a route that fails, before the app is ready: what a bug in a route looks like
    t.app.get('/api/test-failure', async () => {
      throw new Error('a bug in a route');
    });
  });
  afterAll(async () => t.close());

  it('generates an id for every answer, and puts it in the body of a refusal', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['x-request-id']).toMatch(UUID);
    expect(health.json()).not.toHaveProperty('requestId');

    const missing = await t.app.inject({ url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    expect(missing.json()).toEqual({ status: 404, message: 'Not found', data: null, requestId: missing.headers['x-request-id'] });
    expect(missing.headers['x-request-id']).not.toBe(health.headers['x-request-id']);
  });

  it('names the request in every kind of refusal and failure', async () => {
    const wrongLogin = { email: 'someone@example.com', password: 'Wrong@Pass1', is_web: '1' };
    const cases: { name: string; status: number; send: () => Promise<{ statusCode: number; headers: Record<string, unknown>; json(): unknown }> }[] = [
      { name: 'not signed in', status: 401, send: () => t.app.inject({ url: '/api/user/user-statistics' }) },
      { name: 'a body that breaks its schema', status: 400, send: () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }) },
      { name: 'malformed JSON', status: 400, send: () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{', headers: { 'content-type': 'application/json' } }) },
      { name: 'a NUL byte', status: 400, send: () => t.app.inject({ url: '/api/health?x=%00' }) },
      { name: 'a malformed URL', status: 400, send: () => t.app.inject({ url: '/api/user/login/%zz' }) },
      { name: 'an over-long path parameter', status: 414, send: () => t.app.inject({ url: `/api/user/login/${'9'.repeat(200)}` }) },
      { name: 'too large a body', status: 413, send: () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: JSON.stringify({ email: 'x'.repeat(3 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } }) },
      { name: 'a content type no parser reads', status: 415, send: () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '<a/>', headers: { 'content-type': 'application/xml' } }) },
      { name: 'a wrong password', status: 401, send: () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: wrongLogin, remoteAddress: '10.50.0.1' }) },
      { name: 'too many attempts', status: 429, send: () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: wrongLogin, remoteAddress: '10.50.0.1' }) },
      { name: 'a bug', status: 500, send: () => t.app.inject({ url: '/api/test-failure' }) },
    ];
    for (const c of cases) {
      const res = await c.send();
      expect(res.statusCode, c.name).toBe(c.status);
      const id = res.headers['x-request-id'];
      expect(id, c.name).toMatch(UUID);
      expect(res.json(), c.name).toMatchObject({ status: c.status, message: expect.any(String), requestId: id });
    }
  });

  it('keeps a safe id the caller sends, in the header and the body', async () => {
    for (const id of ['abc', 'client-42.retry_1', 'A'.repeat(64), '0']) {
      const res = await t.app.inject({ url: '/api/no-such-thing', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
      expect(res.json().requestId).toBe(id);
    }
    const ok = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'health-check.7' } });
    expect(ok.headers['x-request-id']).toBe('health-check.7');
  });

  it('replaces an id that is too long, empty or holds anything but letters, digits, dot, dash and underscore', async () => {
    for (const id of ['A'.repeat(65), '', 'has space', 'line\r\nX-Injected: 1', 'tab\there', 'a,b', '<script>', 'ünïcode', '../../etc', 'a;b', '"quoted"']) {
      const res = await t.app.inject({ url: '/api/no-such-thing', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id'], JSON.stringify(id)).toMatch(UUID);
      expect(res.json().requestId, JSON.stringify(id)).toBe(res.headers['x-request-id']);
      expect(res.headers['x-injected']).toBeUndefined();
    }
  });

  it('writes the id in every log line of the request', async () => {
    logged.length = 0;
    const res = await t.app.inject({ url: '/api/test-failure', headers: { 'x-request-id': 'trace-me-123' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ status: 500, requestId: 'trace-me-123' });
    const mine = lines().filter((l) => l.reqId === 'trace-me-123');
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // the error behind the 500 is found by the id the person was given
    expect(mine.some((l) => l.level === 50 && l.err?.message === 'a bug in a route')).toBe(true);
    expect(mine.find((l) => l.msg === 'request completed')?.res?.statusCode).toBe(500);

    // and every line about a request names it, whoever made the request
    logged.length = 0;
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: ADMIN.password, is_web: '1' } });
    await t.app.inject({ url: '/api/no-such-thing' });
    const requestLines = lines().filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThanOrEqual(4);
    for (const line of requestLines) expect(line.reqId).toMatch(UUID);
  });
});
