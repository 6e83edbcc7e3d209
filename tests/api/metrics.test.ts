// GET /api/metrics: Prometheus text with requests by route pattern (never the raw path), failed sign-ins,
// mails by outcome, the database's connections and Node's own figures; answered to a caller with
// METRICS_TOKEN when it is set, else to this machine only.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

/** An IPv4 address of this machine other than loopback, when it has one (the real-connection test's). */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text answer. */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
      if (!m) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
      return { name: m[1], labels, value: Number(m[3]) };
    });
}

/** The value of `name` with exactly `labels` (0 when absent). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return samples.find((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted)?.value ?? 0;
}

async function scrape(t: TestApp) {
  const res = await t.app.inject({ url: '/api/metrics' });
  expect(res.statusCode).toBe(200);
  return samplesOf(res.body);
}

describe.each(dialects)('metrics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('answers the Prometheus text format to this machine, with Node and database figures', async () => {
    const res = await t.app.inject({ url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const samples = samplesOf(res.body);
    expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(samples.some((s) => s.name === 'nodejs_heap_size_used_bytes')).toBe(true);
    const total = valueOf(samples, 'db_pool_connections', { dialect });
    if (dialect === 'sqlite') expect(total).toBe(1);
    else expect(total).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'db_pool_idle_connections', { dialect })).toBeLessThanOrEqual(total);
    expect(valueOf(samples, 'db_pool_waiting_requests', { dialect })).toBe(0);
    // IPv6 loopback, also as an IPv4-mapped address
    for (const remoteAddress of ['::1', '::ffff:127.0.0.1']) expect((await t.app.inject({ url: '/api/metrics', remoteAddress })).statusCode).toBe(200);
  });

  it('counts requests by route pattern and status, never by the raw path', async () => {
    const { token } = await loginAs(t, ADMIN.email, ADMIN.password);
    const id = await createUser(t, { email: 'counted@example.com', password: 'Str0ng@Pass', user_type: 'User' });
    const route = { method: 'GET', route: '/api/user/login/:id' };
    const before = await scrape(t);
    for (const path of [id, id + 1000, 987654]) await t.app.inject({ url: `/api/user/login/${path}`, headers: bearer(token) });
    await t.app.inject({ url: '/api/no-such-thing/123' });
    await t.app.inject({ url: '/api/no-such-thing/456' });
    const after = await scrape(t);
    const grew = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(grew('http_requests_total', { ...route, status_code: '200' })).toBe(1);
    expect(grew('http_requests_total', { ...route, status_code: '404' })).toBe(2);
    expect(grew('http_request_duration_seconds_count', { ...route, status_code: '404' })).toBe(2);
    expect(valueOf(after, 'http_request_duration_seconds_bucket', { ...route, status_code: '404', le: '+Inf' })).toBe(valueOf(after, 'http_requests_total', { ...route, status_code: '404' }));
    // unknown paths are one label
    expect(grew('http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(2);
    const routes = new Set(after.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route));
    expect([...routes].filter((r) => /\d{3}/.test(r))).toEqual([]);
  });

  it('counts a failed sign-in, not a successful one', async () => {
    const before = valueOf(await scrape(t), 'auth_login_failures_total');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: 'Wrong@Pass1', is_web: '1' }, remoteAddress: '10.40.0.1' });
    expect(wrong.statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'Wrong@Pass1', is_web: '1' }, remoteAddress: '10.40.0.1' });
    expect(unknown.statusCode).toBe(401);
    await loginAs(t, ADMIN.email, ADMIN.password);
    expect(valueOf(await scrape(t), 'auth_login_failures_total')).toBe(before + 2);
  });

  it('counts the mail a forgot-password call sends', async () => {
    const sent = { outcome: 'sent' };
    const before = valueOf(await scrape(t), 'mail_messages_total', sent);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ADMIN.email } });
    expect(res.statusCode).toBe(200);
    await t.ctx.background.drain();
    const after = await scrape(t);
    expect(valueOf(after, 'mail_messages_total', sent)).toBe(before + 1);
    expect(valueOf(after, 'mail_messages_total', { outcome: 'failed' })).toBe(0);
  });

  it('counts a mail the SMTP server could not take as failed', async () => {
    // nothing listens on port 1: the connection is refused at once
    const unreachable = await startTestApp(dialect, { smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      await unreachable.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ADMIN.email } });
      await unreachable.ctx.background.drain();
      const samples = await scrape(unreachable);
      expect(valueOf(samples, 'mail_messages_total', { outcome: 'failed' })).toBe(1);
      expect(valueOf(samples, 'mail_messages_total', { outcome: 'sent' })).toBe(0);
    } finally {
      await unreachable.close();
    }
  });

  it('refuses a caller that is not on this machine when METRICS_TOKEN is unset (403)', async () => {
    const res = await t.app.inject({ url: '/api/metrics', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, message: expect.stringMatching(/METRICS_TOKEN/), data: null, requestId: res.headers['x-request-id'] });
    expect(res.body).not.toContain('http_requests_total');
  });

  it('judges the address after TRUST_PROXY: a client behind a local proxy is not local', async () => {
    const proxied = await startTestApp(dialect, { trustProxy: '127.0.0.1' });
    try {
      const relayed = await proxied.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } });
      expect(relayed.statusCode).toBe(403);
      expect((await proxied.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('never takes a forwarded address for loopback: with TRUST_PROXY as a hop count, a direct client naming 127.0.0.1 is refused', async () => {
    const hops = await startTestApp(dialect, { trustProxy: 1 });
    try {
      // a client outside, not behind any proxy, that says it is this machine
      for (const forwarded of ['127.0.0.1', '::1', '198.51.100.4, 127.0.0.1']) {
        const direct = await hops.app.inject({ url: '/api/metrics', remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': forwarded } });
        expect(direct.statusCode, forwarded).toBe(403);
        expect(direct.body).not.toContain('http_requests_total');
      }
      // a local proxy relaying an outside client: not local either
      expect((await hops.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } })).statusCode).toBe(403);
      // a scraper on this machine, directly or through a local proxy
      expect((await hops.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await hops.app.inject({ url: '/api/metrics', remoteAddress: '::1', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(200);
    } finally {
      await hops.close();
    }
  });

  // Over real TCP: the server listens on every interface and is called through this machine's own
  // non-loopback address, so the socket's peer is that address (not loopback), as for a client elsewhere.
  it.runIf(outsideAddress)('refuses a real connection from a non-loopback address that forwards 127.0.0.1 (TRUST_PROXY=1)', async () => {
    const hops = await startTestApp(dialect, { trustProxy: 1 });
    try {
      await hops.app.listen({ host: '0.0.0.0', port: 0 });
      const { port } = hops.app.server.address() as AddressInfo;
      const scrape = (host: string, headers: Record<string, string> = {}) => fetch(`http://${host}:${port}/api/metrics`, { headers });
      const spoofed = await scrape(outsideAddress!, { 'x-forwarded-for': '127.0.0.1' });
      expect(spoofed.status).toBe(403);
      expect(await spoofed.text()).not.toContain('http_requests_total');
      expect((await scrape(outsideAddress!)).status).toBe(403);
      expect((await scrape('127.0.0.1')).status).toBe(200);
    } finally {
      await hops.close();
    }
  });

  it('asks for METRICS_TOKEN when it is set (401 without, 200 with), from anywhere', async () => {
    const token = 'metrics-Token.0123456789';
    const guarded = await startTestApp(dialect, { metricsToken: token });
    try {
      const none = await guarded.app.inject({ url: '/api/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(none.json()).toMatchObject({ status: 401, data: null, requestId: none.headers['x-request-id'] });
      for (const authorization of [`Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, token, `Basic ${token}`, 'Bearer ']) {
        expect((await guarded.app.inject({ url: '/api/metrics', headers: { authorization } })).statusCode, authorization).toBe(401);
      }
      // a session token is no metrics token
      const { token: session } = await loginAs(guarded, ADMIN.email, ADMIN.password);
      expect((await guarded.app.inject({ url: '/api/metrics', headers: bearer(session) })).statusCode).toBe(401);
      const ok = await guarded.app.inject({ url: '/api/metrics', headers: bearer(token), remoteAddress: '203.0.113.7' });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      // each app has its own registry: the other app's failed sign-ins are not counted here
      expect(valueOf(samplesOf(ok.body), 'auth_login_failures_total')).toBe(0);
    } finally {
      await guarded.close();
    }
  });
});
