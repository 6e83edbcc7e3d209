// The OpenAPI document: a valid OpenAPI 3.0 document that describes every operation's input and answers,
// every refusal it may give, who must be signed in, and only patterns any validator reads the same way.
// (tests/api/fuzz.test.ts checks the answers themselves against it.)
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPortablePattern } from '@server/http/openapi';
import { testFaq } from '../support/faq';
import { ADMIN, loginAs, startTestApp, type TestApp } from '../support/api';
import { RESOURCES } from '@shared/resources/index';

interface Operation {
  parameters?: { in: string; name: string; schema?: object }[];
  requestBody?: { content: Record<string, { schema?: { properties?: object } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: object }> }>;
  security?: Record<string, string[]>[];
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
}

const operationsOf = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })));

/** Every `pattern` in a JSON value, with where it stands. */
function patternsIn(value: unknown, at = ''): { at: string; pattern: string }[] {
  if (!value || typeof value !== 'object') return [];
  const own = typeof (value as { pattern?: unknown }).pattern === 'string' ? [{ at, pattern: (value as { pattern: string }).pattern }] : [];
  return [...own, ...Object.entries(value).flatMap(([k, v]) => patternsIn(v, `${at}/${k}`))];
}

describe('API documentation', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    // with a throwaway declared resource: its calls are documented like every other
    t = await startTestApp('sqlite', {}, { resources: [...RESOURCES, testFaq] });
    doc = (await t.app.inject('/api/docs/json')).json();
  });
  afterAll(async () => t.close());

  it('is a valid OpenAPI 3.0 document', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every answer: a JSON schema for 200 (the metrics: Prometheus text), the envelope for every refusal', () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThanOrEqual(65);
    const missing: string[] = [];
    for (const { key, op } of ops) {
      const statuses = Object.keys(op.responses);
      const answer = key === 'GET /api/metrics' ? 'text/plain' : 'application/json';
      if (!op.responses['200']?.content?.[answer]?.schema) missing.push(`${key}: no 200 schema`);
      if (!statuses.includes('400')) missing.push(`${key}: 400 undocumented`);
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const schema = op.responses[status].content?.['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
        if (!schema?.properties?.message) missing.push(`${key}: ${status} without the envelope`);
        if (op.responses[status].description === 'Default Response') missing.push(`${key}: ${status} not described`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('describes every input: each POST its body (JSON, url-encoded or multipart), each path parameter', () => {
    const missing: string[] = [];
    for (const { key, method, path, op } of operationsOf(doc)) {
      if (method === 'post' && !op.requestBody?.content['application/json']?.schema) missing.push(`${key}: no body schema`);
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
        if (!op.parameters?.some((p) => p.in === 'path' && p.name === name && p.schema)) missing.push(`${key}: no schema for {${name}}`);
      }
    }
    expect(missing).toEqual([]);
    // a form with a picture says so
    const profile = doc.paths['/api/auth/user/update'].post.requestBody!.content;
    expect(Object.keys(profile)).toEqual(expect.arrayContaining(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']));
    expect(profile['multipart/form-data'].schema!.properties).toHaveProperty('profile_pic', { type: 'string', format: 'binary' });
  });

  it('declares the bearer scheme, and every guarded call needs it and may answer 401 and 403', async () => {
    expect(doc.components.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const guarded = operationsOf(doc).filter(({ op }) => op.security?.length);
    expect(guarded.length).toBeGreaterThan(50);
    for (const { key, op } of guarded) {
      expect(op.security, key).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['401', '403']));
    }
    // the document's word is the server's: an operation without security answers without a token,
    // one with it refuses an anonymous caller with 401
    const open = operationsOf(doc).filter(({ op }) => !op.security);
    expect(open.map((o) => o.key).sort()).toEqual(
      [
        'GET /api/health',
        // METRICS_TOKEN's or loopback only, not a session's (tests/api/metrics.test.ts)
        'GET /api/metrics',
        'POST /api/auth/login',
        'POST /api/auth/refresh-token',
        'GET /api/auth/refresh-token',
        'GET /api/auth/access-token',
        'POST /api/auth/register',
        'POST /api/auth/forgot-password',
        'POST /api/auth/reset-password',
        // the reset page's check of its link (the link is the proof)
        'POST /api/auth/reset-password/check',
        // signs out with the refresh token when the access token has expired (tests/api/session-control.test.ts)
        'POST /api/auth/logout',
        // the second step of a sign-in: its challenge stands for the password step
        'POST /api/auth/login/verify',
        'POST /api/auth/login/enrol',
        'POST /api/auth/login/enrol/confirm',
      ].sort(),
    );
    for (const { key, method, path } of guarded) {
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url: path.replace(/\{\w+\}/g, '1') });
      expect(res.statusCode, key).toBe(401);
    }
  });

  it('says where a password is hashed that the server may be too busy (503, Retry-After)', () => {
    for (const [method, path] of [
      ['post', '/api/auth/login'],
      ['post', '/api/auth/register'],
      ['post', '/api/auth/reset-password'],
      ['post', '/api/auth/user/update'],
      ['post', '/api/user'],
      ['post', '/api/user/update-user'],
    ]) {
      expect(doc.paths[path][method].responses['503']?.description, path).toMatch(/try again/);
    }
  });

  it('writes only patterns that other validators read the same way', () => {
    const patterns = patternsIn(doc.paths);
    expect(patterns.length).toBeGreaterThan(0);
    for (const { at, pattern } of patterns) {
      expect(isPortablePattern(pattern), `${at}: ${pattern}`).toBe(true);
      // without the u flag too
      expect(() => new RegExp(pattern), `${at}: ${pattern}`).not.toThrow();
    }
    // the letters-only name rule is described in words instead
    const register = doc.paths['/api/auth/register'].post.requestBody!.content['application/json'].schema as { properties: Record<string, { pattern?: string; description?: string }> };
    expect(register.properties.name.pattern).toBeUndefined();
    expect(register.properties.name.description).toMatch(/checked by the server/);
  });

  it('serves the documentation page', async () => {
    const res = await t.app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers the documented shape to a signed-in call', async () => {
    const { token } = await loginAs(t, ADMIN.email, ADMIN.password);
    const res = await t.app.inject({ url: '/api/user/user-statistics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const schema = doc.paths['/api/user/user-statistics'].get.responses['200'].content!['application/json'].schema as { properties: object };
    expect(Object.keys(res.json())).toEqual(Object.keys(schema.properties));
  });
});
