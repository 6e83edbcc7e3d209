// No secret in the log (ASVS 5.0 V16.2.5): at the most talkative level, a session's access and refresh
// tokens sent in a URL (the spec's GET calls), a reset link opened in the browser and a failure whose
// message names such a URL are logged with the secret replaced, never as they were sent. The requests are
// still logged (method, path, the query's names), so the log keeps saying what was asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, dialects, latestMail, loginAs, resetTokenFromMail, startTestApp, type TestApp } from '../support/api';

interface LogLine {
  msg?: string;
  req?: { url: string };
}

describe.each(dialects)('secrets kept out of the log on %s', (dialect) => {
  let t: TestApp;
  const logged: string[] = [];
  const lines = () => logged.join('').split('\n').filter(Boolean);
  const urls = () => lines().map((l) => (JSON.parse(l) as LogLine).req?.url).filter((u): u is string => !!u);
  beforeAll(async () => {
    t = await startTestApp(dialect, { logLevel: 'trace' }, { logStream: { write: (line) => void logged.push(line) } });
    // a failure whose message names the URL it was asked with (as Fastify's "reply already sent" does)
    t.app.get('/api/test-failure', async (request) => {
      throw new Error(`could not answer ${request.url}`);
    });
  });
  afterAll(async () => t.close());

  it('logs the GET token check, the GET refresh, a reset link and a failure without their tokens', async () => {
    const session = await loginAs(t, ADMIN.email, ADMIN.password);
    const check = await t.app.inject({ url: `/api/auth/access-token?token=${session.token}` });
    expect(check.statusCode).toBe(200);
    const refreshed = await t.app.inject({ url: `/api/auth/refresh-token?token=${session.refresh_token}&lang=en` });
    expect(refreshed.statusCode).toBe(200);
    const renewed = refreshed.json().data as { token: string; refresh_token: string };
    expect((await t.app.inject({ url: `/api/auth/refresh-token?refresh_token=${renewed.refresh_token}` })).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ADMIN.email } })).statusCode).toBe(200);
    const resetToken = resetTokenFromMail(await latestMail(t));
    expect(resetToken).toBeTruthy();
    // the mailed link, opened (the admin's page; this test app serves no admin, so a 404)
    await t.app.inject({ url: `/reset-password/${resetToken}` });
    await t.app.inject({ url: `/reset-password/${resetToken}?lang=tr` });
    // a mailed appeal link (issue 34), opened and posted to: its page answers "not valid", the token stays out
    const appealToken = 'an-appeal-token-0123456789abcdefghijklmnopq';
    expect((await t.app.inject({ url: `/appeal/${appealToken}` })).statusCode).toBe(404);
    await t.app.inject({ method: 'POST', url: `/Appeal/${appealToken}`, payload: { text: 'x' } });
    expect((await t.app.inject({ url: `/api/test-failure?token=${renewed.token}` })).statusCode).toBe(500);
    expect((await t.app.inject({ url: `/api/no-such-thing?token=${renewed.token}`, headers: bearer(renewed.token) })).statusCode).toBe(404);

    const secrets = [session.token, session.refresh_token, renewed.token, renewed.refresh_token, resetToken!, appealToken];
    for (const line of lines()) for (const secret of secrets) expect(line).not.toContain(secret);
    // every request is still logged, with its path and the names of its query
    expect(urls()).toEqual(
      expect.arrayContaining([
        '/api/auth/access-token?token=[redacted]',
        '/api/auth/refresh-token?token=[redacted]&lang=[redacted]',
        '/api/auth/refresh-token?refresh_token=[redacted]',
        '/reset-password/[redacted]',
        '/reset-password/[redacted]?lang=[redacted]',
        '/appeal/[redacted]',
        '/Appeal/[redacted]',
        '/api/test-failure?token=[redacted]',
      ]),
    );
    expect(lines().some((l) => l.includes('could not answer /api/test-failure?token=[redacted]'))).toBe(true);
  });

  it("answers the token check to the token in the Authorization header (the admin's way), none in the URL", async () => {
    const { token, user } = await loginAs(t, ADMIN.email, ADMIN.password);
    const check = await t.app.inject({ url: '/api/auth/access-token', headers: bearer(token) });
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toMatchObject({ token, user: { id: user.id } });
    const forged = await t.app.inject({ url: '/api/auth/access-token', headers: bearer(`${token}x`) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ status: 401, data: null });
    expect((await t.app.inject({ url: '/api/auth/access-token' })).statusCode).toBe(401);
  });
});
