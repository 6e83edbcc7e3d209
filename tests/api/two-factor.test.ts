// Two-factor sign-in (issue 31 §2, ASVS 5.0 V6): TOTP enrolment from My Profile, the sign-in's second
// step (replay refused, recovery codes used once, throttled like the password), turning it off, an
// Admin's reset and the staff policy with its grace period. Codes are made with otpauth from the key the
// enrolment answered, as an authenticator app would.
import fs from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, latestMail, loginAs, resetTokenFromMail, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
const STEP_MS = 30_000;

/** The app's code `steps` time steps from now (1: the next one, which the server's window accepts). */
const codeOf = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * STEP_MS });

describe.each(dialects)('two-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      loginThrottle: { maxFailures: 5, windowSeconds: 900, maxFailuresPerIp: 50, maxFailuresPerAccount: 100 },
    });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object, token?: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {}, remoteAddress: ip });
  const passwordStep = (email: string, ip = '10.0.0.1') => post('/api/auth/login', { email, password: PASSWORD, is_web: '1' }, undefined, ip);
  const status = async (token: string) => (await t.app.inject({ url: '/api/auth/two-factor', headers: bearer(token) })).json().data;
  const auditOf = (action: string, userId: number) =>
    t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('entity_id', '=', String(userId)).execute();

  /** The subjects of the mails sent to `email` (after the mails still being sent). */
  async function subjectsTo(email: string): Promise<string[]> {
    await t.ctx.background.drain();
    const dir = path.join(t.dataDir, 'outbox');
    return fs
      .readdirSync(dir)
      .sort()
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((mail) => mail.includes(`To: ${email}`))
      .map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? '');
  }

  /** A Sub-Admin who enrolled from My Profile: its id, key and recovery codes. */
  async function enrolled(email: string, permissions: string[] = []) {
    const id = await createUser(t, { email, password: PASSWORD, user_type: 'Sub-Admin', permissions });
    const { token } = await loginAs(t, email, PASSWORD);
    const setup = (await post('/api/auth/two-factor/setup', {}, token)).json().data as { secret: string; uri: string; qr: string };
    const enable = await post('/api/auth/two-factor/enable', { code: codeOf(setup.secret) }, token);
    expect(enable.statusCode).toBe(200);
    await t.ctx.background.drain(); // the "two-factor is on" mail is out before the test's own mails
    return { id, token, secret: setup.secret, recoveryCodes: enable.json().data.recovery_codes as string[] };
  }

  it('enrols from My Profile: a QR code and the key once, a wrong code refused, then 10 recovery codes, a mail and an audit entry', async () => {
    const id = await createUser(t, { email: 'enrol@example.com', password: PASSWORD, user_type: 'Sub-Admin' });
    const { token } = await loginAs(t, 'enrol@example.com', PASSWORD);
    expect(await status(token)).toEqual({ enabled: false, recovery_codes_left: 0, required: false, enrol_by: null });

    const setup = await post('/api/auth/two-factor/setup', {}, token);
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qr } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Travel%20Back-office:enrol%40example\.com\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');
    // the key is kept sealed, never as the app's text
    const stored = await t.ctx.db.selectFrom('two_factor').select('secret').where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret);

    const wrong = await post('/api/auth/two-factor/enable', { code: '000000' === codeOf(secret) ? '111111' : '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The code is not correct.');
    expect((await status(token)).enabled).toBe(false);

    const enable = await post('/api/auth/two-factor/enable', { code: codeOf(secret) }, token);
    expect(enable.statusCode).toBe(200);
    const codes = enable.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await status(token)).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // the key is not answered again once enrolled
    expect((await post('/api/auth/two-factor/setup', {}, token)).statusCode).toBe(409);
    expect(JSON.stringify(await status(token))).not.toContain(secret);
    // recovery codes are stored hashed
    const hashes = await t.ctx.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', id).execute();
    expect(hashes.map((h) => h.code_hash).some((h) => codes.some((c) => h.includes(c.replace(/-/g, ''))))).toBe(false);
    expect(await subjectsTo('enrol@example.com')).toEqual(['Two-factor sign-in is on']);
    expect(await auditOf('two_factor.enable', id)).toHaveLength(1);
  });

  it('asks for the code after a right password: no tokens, a challenge; a right code opens the session, a replayed one does not', async () => {
    const { secret } = await enrolled('verify@example.com');
    const first = await passwordStep('verify@example.com');
    expect(first.statusCode).toBe(200);
    const step = first.json();
    expect(step.message).toBe('Enter the code from your authenticator app.');
    expect(step.data).toMatchObject({ two_factor: 'verify', expires_in: 300 });
    expect(step.data.token).toBeUndefined();
    expect(step.data.refresh_token).toBeUndefined();
    const { challenge } = step.data;

    const wrong = await post('/api/auth/login/verify', { challenge, code: '12345x' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The code is not correct.');

    const code = codeOf(secret, 1);
    const right = await post('/api/auth/login/verify', { challenge, code });
    expect(right.statusCode).toBe(200);
    const session = right.json().data;
    expect(session.user.email).toBe('verify@example.com');
    expect((await t.app.inject({ url: '/api/auth/two-factor', headers: bearer(session.token) })).statusCode).toBe(200);

    // the challenge is single use
    expect((await post('/api/auth/login/verify', { challenge, code: codeOf(secret, 1) })).statusCode).toBe(401);
    // the same code with a new challenge: refused (a TOTP code is accepted once), and so is an older one
    const again = (await passwordStep('verify@example.com')).json().data.challenge;
    const replay = await post('/api/auth/login/verify', { challenge: again, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('The code is not correct.');
    expect((await post('/api/auth/login/verify', { challenge: again, code: codeOf(secret, 0) })).statusCode).toBe(401);
    // a forged challenge
    expect((await post('/api/auth/login/verify', { challenge: 'x'.repeat(43), code: codeOf(secret, 1) })).json().message).toBe(
      'This sign-in has expired. Please sign in again.',
    );
  });

  it('leaves nothing counted against the address or the account once the code was right', async () => {
    const { secret } = await enrolled('counted@example.com');
    const ip = '10.9.9.1';
    const challenge = (await passwordStep('counted@example.com', ip)).json().data.challenge;
    expect((await post('/api/auth/login/verify', { challenge, code: codeOf(secret, 1) }, undefined, ip)).statusCode).toBe(200);
    const counted = await t.ctx.db.selectFrom('login_failures').select('key').where('key', 'in', [`ip:${ip}`, `pair:counted@example.com|${ip}`, 'account:counted@example.com']).execute();
    expect(counted).toEqual([]);
  });

  it('accepts each recovery code once, and audits its use', async () => {
    const { id, recoveryCodes } = await enrolled('recover@example.com');
    const use = async (code: string) => post('/api/auth/login/verify', { challenge: (await passwordStep('recover@example.com')).json().data.challenge, code });
    // typed in capitals and without dashes, as people do
    const first = await use(recoveryCodes[0].toUpperCase().replace(/-/g, ''));
    expect(first.statusCode).toBe(200);
    expect(first.json().data.token).toEqual(expect.any(String));
    expect(await status(first.json().data.token)).toMatchObject({ enabled: true, recovery_codes_left: 9 });
    const second = await use(recoveryCodes[0]);
    expect(second.statusCode).toBe(401);
    expect((await use(recoveryCodes[1])).statusCode).toBe(200);
    expect(await auditOf('two_factor.recovery_code', id)).toHaveLength(2);
  });

  it('throttles wrong codes as it throttles wrong passwords: a 429 with Retry-After, even with the right password again', async () => {
    const { secret } = await enrolled('guessed@example.com');
    const ip = '10.7.7.7';
    const challenge = (await passwordStep('guessed@example.com', ip)).json().data.challenge;
    const refused: number[] = [];
    for (let i = 0; i < 6; i++) refused.push((await post('/api/auth/login/verify', { challenge, code: String(100000 + i) }, undefined, ip)).statusCode);
    expect(refused.slice(0, 4)).toEqual([401, 401, 401, 401]);
    const limited = await post('/api/auth/login/verify', { challenge, code: codeOf(secret, 1) }, undefined, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // signing in with the password again does not clear the count of wrong codes
    expect((await passwordStep('guessed@example.com', ip)).statusCode).toBe(429);
  });

  it('turns it off with the password (a wrong one refused), mails the person, and the sign-in asks for no code after', async () => {
    const { id, token, secret } = await enrolled('off@example.com');
    expect((await post('/api/auth/two-factor/disable', {}, token)).statusCode).toBe(400);
    const wrong = await post('/api/auth/two-factor/disable', { password: 'Wr0ng@Pass' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The password is not correct.');
    expect((await post('/api/auth/two-factor/disable', { code: codeOf(secret, -5) }, token)).statusCode).toBe(400);
    const off = await post('/api/auth/two-factor/disable', { password: PASSWORD }, token);
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('Two-factor sign-in is off.');
    expect(await status(token)).toMatchObject({ enabled: false });
    expect(await subjectsTo('off@example.com')).toEqual(['Two-factor sign-in is on', 'Two-factor sign-in is off']);
    expect(await auditOf('two_factor.disable', id)).toHaveLength(1);
    const signIn = await passwordStep('off@example.com');
    expect(signIn.json().data.token).toEqual(expect.any(String));
    expect((await post('/api/auth/two-factor/disable', { password: PASSWORD }, token)).statusCode).toBe(409);
  });

  it('keeps asking for the code after a password reset: the mailed link does not bypass the second factor', async () => {
    await enrolled('forgetful@example.com');
    await post('/api/auth/forgot-password', { email: 'forgetful@example.com' });
    const token = resetTokenFromMail(await latestMail(t));
    expect((await post('/api/auth/reset-password', { token, password: 'N3w@Passw0rd' })).statusCode).toBe(200);
    const signIn = await post('/api/auth/login', { email: 'forgetful@example.com', password: 'N3w@Passw0rd', is_web: '1' });
    expect(signIn.json().data).toMatchObject({ two_factor: 'verify' });
    expect(signIn.json().data.token).toBeUndefined();
  });

  it('turns it off with a current code', async () => {
    const { token, secret } = await enrolled('off-code@example.com');
    expect((await post('/api/auth/two-factor/disable', { code: codeOf(secret, 1) }, token)).statusCode).toBe(200);
  });

  it("lets an Admin, and only an Admin, reset a Sub-Admin's second factor (audited, mailed)", async () => {
    const { id } = await enrolled('lost-phone@example.com');
    const manager = await enrolled('manager@example.com', ['SubAdmin-list']);
    const bySubAdmin = await post(`/api/user/two-factor-reset/${id}`, {}, manager.token);
    expect(bySubAdmin.statusCode).toBe(403);

    const reset = await post(`/api/user/two-factor-reset/${id}`, {}, admin);
    expect(reset.statusCode).toBe(200);
    const entries = await auditOf('two_factor.reset', id);
    expect(entries).toHaveLength(1);
    expect(await subjectsTo('lost-phone@example.com')).toEqual(['Two-factor sign-in is on', 'Your two-factor sign-in was reset']);
    expect((await passwordStep('lost-phone@example.com')).json().data.token).toEqual(expect.any(String));
    expect((await post(`/api/user/two-factor-reset/${id}`, {}, admin)).statusCode).toBe(409);
    const adminId = (await loginAs(t, ADMIN.email, ADMIN.password)).user.id;
    expect((await post(`/api/user/two-factor-reset/${adminId}`, {}, admin)).statusCode).toBe(400);
    expect((await post('/api/user/two-factor-reset/999999', {}, admin)).statusCode).toBe(404);
  });

  it('signs accounts without two-factor in as before: the same answer, tokens at once', async () => {
    await createUser(t, { email: 'plain-staff@example.com', password: PASSWORD, user_type: 'Sub-Admin' });
    const res = await passwordStep('plain-staff@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Login successfully');
    expect(Object.keys(res.json().data).sort()).toEqual(['expires_in', 'refresh_token', 'token', 'user']);
  });

  it('lets an Admin require two-factor for all staff: within the grace period sign-in is unchanged, after it enrolment comes first', async () => {
    await createUser(t, { email: 'late@example.com', password: PASSWORD, user_type: 'Sub-Admin' });
    const sub = (await loginAs(t, 'late@example.com', PASSWORD)).token;
    expect((await t.app.inject({ url: '/api/two-factor/policy', headers: bearer(sub) })).statusCode).toBe(403);
    expect((await post('/api/two-factor/policy', { required: true, grace_days: 0 }, sub)).statusCode).toBe(403);
    expect((await post('/api/two-factor/policy', { required: true, grace_days: 91 }, admin)).statusCode).toBe(400);

    const saved = await post('/api/two-factor/policy', { required: true, grace_days: 7 }, admin);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ required: true, grace_days: 7, since: expect.any(String) });
    expect((await t.ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'two_factor.policy').execute()).length).toBe(1);
    const mine = await status(sub);
    expect(mine.required).toBe(true);
    expect(Date.parse(mine.enrol_by) - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
    // within the grace period: tokens at once
    expect((await passwordStep('late@example.com')).json().data.token).toEqual(expect.any(String));

    // the grace period is over (the policy was switched on 8 days ago)
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    await t.ctx.db.updateTable('settings').set({ value: JSON.stringify({ required: true, grace_days: 7, since: eightDaysAgo }) }).where('key', '=', 'two_factor_policy').execute();
    const step = await passwordStep('late@example.com');
    expect(step.json().message).toBe('Two-factor sign-in is required for staff: set it up to continue.');
    expect(step.json().data).toMatchObject({ two_factor: 'enrol' });
    expect(step.json().data.token).toBeUndefined();
    const { challenge } = step.json().data;
    // an enrolment challenge is no sign-in code challenge, and the reverse
    expect((await post('/api/auth/login/verify', { challenge, code: '123456' })).statusCode).toBe(401);
    const setup = await post('/api/auth/login/enrol', { challenge });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data;
    expect((await post('/api/auth/login/enrol/confirm', { challenge, code: 'abcdef' })).statusCode).toBe(400);
    const done = await post('/api/auth/login/enrol/confirm', { challenge, code: codeOf(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.recovery_codes).toHaveLength(10);
    expect(await status(done.json().data.token)).toMatchObject({ enabled: true });
    expect((await post('/api/auth/login/enrol', { challenge })).statusCode).toBe(401);
    // from now on the sign-in asks for the code
    expect((await passwordStep('late@example.com')).json().data.two_factor).toBe('verify');

    expect((await post('/api/two-factor/policy', { required: false, grace_days: 7 }, admin)).json().data).toEqual({ required: false, grace_days: 7, since: null });
  });
});
