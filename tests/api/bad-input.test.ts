import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, loginAs, startTestApp, type TestApp } from '../support/api';

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
