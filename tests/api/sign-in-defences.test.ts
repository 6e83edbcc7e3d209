// Sign-in and account endpoints that give nothing away and cannot be turned against staff: equal
// timing for known and unknown emails, throttles that count a burst atomically, ignore forged
// X-Forwarded-For and cannot lock the owner out, bounded password hashing, and a register call that
// neither activates nor enumerates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, dialects, latestMail, resetTokenFromMail, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
const login = (t: TestApp, email: string, password: string, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, is_web: '1' }, ...extra });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function timed(work: () => Promise<unknown>) {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

describe.each(dialects)('sign-in defences on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      loginThrottle: { maxFailures: 10, windowSeconds: 900, maxFailuresPerIp: 12, maxFailuresPerAccount: 40 },
      registerMaxPerWindow: 20,
    });
  });
  afterAll(async () => t.close());

  it('counts a burst of concurrent wrong passwords atomically: no more than the limit are checked', async () => {
    await createUser(t, { email: 'burst@example.com', password: PASSWORD, user_type: 'Sub-Admin' });
    const answers = await Promise.all(Array.from({ length: 25 }, () => login(t, 'burst@example.com', 'wrong-pass', { remoteAddress: '10.20.0.1' })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(15);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  });

  it('does not believe X-Forwarded-For without TRUST_PROXY', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await login(t, `nobody${i}@example.com`, 'wrong-pass', { remoteAddress: '10.21.0.1', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 12).every((c) => c === 401)).toBe(true);
    expect(codes.slice(12)).toEqual([429, 429, 429]);
  });

  it('believes X-Forwarded-For from the proxy TRUST_PROXY names', async () => {
    const proxied = await startTestApp(dialect, { trustProxy: '10.22.0.1', loginThrottle: { maxFailures: 3, windowSeconds: 900, maxFailuresPerIp: 3, maxFailuresPerAccount: 50 } });
    try {
      for (let i = 0; i < 6; i++) {
        const res = await login(proxied, `someone${i}@example.com`, 'wrong-pass', { remoteAddress: '10.22.0.1', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
        expect(res.statusCode).toBe(401);
      }
      // and a forged header from anywhere else is still ignored
      for (let i = 0; i < 3; i++) await login(proxied, `other${i}@example.com`, 'x-wrong', { remoteAddress: '10.22.0.9', headers: { 'x-forwarded-for': `198.51.100.${50 + i}` } });
      expect((await login(proxied, 'other9@example.com', 'x-wrong', { remoteAddress: '10.22.0.9', headers: { 'x-forwarded-for': '198.51.100.99' } })).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('cannot lock the real Admin out: failures from one place do not refuse the Admin elsewhere', async () => {
    for (let i = 0; i < 10; i++) expect((await login(t, ADMIN.email, 'guess-' + i, { remoteAddress: '10.23.0.1' })).statusCode).toBe(401);
    expect((await login(t, ADMIN.email, ADMIN.password, { remoteAddress: '10.23.0.1' })).statusCode).toBe(429);
    expect((await login(t, ADMIN.email, ADMIN.password, { remoteAddress: '10.23.0.2' })).statusCode).toBe(200);
  });

  it('stops an account-wide flood from many places, and the owner gets back in through a mailed reset', async () => {
    await createUser(t, { email: 'flooded@example.com', password: PASSWORD, user_type: 'Sub-Admin' });
    for (let i = 0; i < 40; i++) await login(t, 'flooded@example.com', 'nope', { remoteAddress: `10.24.${i}.1` });
    const locked = await login(t, 'flooded@example.com', PASSWORD, { remoteAddress: '10.25.0.1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/reset your password by email/);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'flooded@example.com' } });
    const token = resetTokenFromMail(await latestMail(t));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Back1n@Again' } })).statusCode).toBe(200);
    expect((await login(t, 'flooded@example.com', 'Back1n@Again', { remoteAddress: '10.25.0.1' })).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After beyond the password-hashing queue instead of piling up', async () => {
    const small = await startTestApp(dialect, { passwordHashing: { concurrency: 1, queue: 1 } });
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => login(small, `flood${i}@example.com`, 'whatever', { remoteAddress: `10.26.0.${i}` })));
      const busy = answers.filter((a) => a.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0].headers['retry-after']).toBeTruthy();
      expect(busy[0].json().message).toBe('The server is busy. Please try again in a moment.');
      expect(answers.filter((a) => a.statusCode === 401).length).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });

  it('registers eight concurrent sign-ups of one email as one Pending account, each with the same answer', async () => {
    const payload = { name: 'Same Person', email: 'same@example.com', phone: '5551112233', password: PASSWORD };
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: `10.27.0.${i}` })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const rows = await t.ctx.db.selectFrom('users').select(['status', 'user_type']).where('email', '=', 'same@example.com').execute();
    expect(rows).toEqual([{ status: 'Pending', user_type: 'User' }]);
  });

  it('throttles registrations per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Many People', email: `many${i}@example.com`, phone: '5551112233', password: PASSWORD }, remoteAddress: '10.28.0.1' });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
  });
});

describe('sign-in timing', () => {
  let t: TestApp;
  beforeAll(async () => {
    // real hashes at 2^16: slow enough that a cheaper dummy hash for unknown emails would show
    t = await startTestApp('sqlite', { passwordScryptN: 2 ** 16, loginThrottle: { maxFailures: 100, windowSeconds: 900, maxFailuresPerIp: 100, maxFailuresPerAccount: 100 } });
    const token = (await login(t, ADMIN.email, ADMIN.password)).json().data.token as string;
    // a Sub-Admin created through the API, so its hash has the configured cost
    const res = await t.app.inject({ method: 'POST', url: '/api/user', headers: { authorization: `Bearer ${token}` }, payload: { name: 'Timed Person', email: 'timed@example.com', phone: '5551234567', user_type: 'Sub-Admin' } });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it('takes as long for an unknown email as for a known one with a wrong password', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timed(() => login(t, 'timed@example.com', 'wrong-pass')));
      unknown.push(await timed(() => login(t, `ghost${i}@example.com`, 'wrong-pass')));
    }
    const ratio = median(known) / median(unknown);
    expect(ratio, `known ${median(known)} ms, unknown ${median(unknown)} ms`).toBeGreaterThan(0.5);
    expect(ratio, `known ${median(known)} ms, unknown ${median(unknown)} ms`).toBeLessThan(2);
  });

  it('answers forgot-password as fast for a known email as for an unknown one (the mail goes after the answer)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timed(() => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ADMIN.email } })));
      unknown.push(await timed(() => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: `ghost${i}@example.com` } })));
      await t.ctx.background.drain();
    }
    expect(Math.abs(median(known) - median(unknown)), `known ${median(known)} ms, unknown ${median(unknown)} ms`).toBeLessThan(15);
  });
});
