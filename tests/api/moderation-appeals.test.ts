// Appeals (issue 34): the decision mail's link opens a small public page in the person's language, where
// they appeal once, within the window, for that decision only; the page is throttled, its text stored
// as text and bounded. Another moderator than the one who decided upholds or reverses; a reversal
// restores what was done; the person is mailed the outcome; the target's History shows it all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_REQUESTS_PER_ADDRESS, APPEAL_REQUESTS_PER_LINK } from '@server/modules/moderation/appealPage';
import { ADMIN, bearer, dialects, loginAs, startTestApp, type TestApp } from '../support/api';
import { appealToken, caseRow, decide, mailsTo, type Moderator, moderator, postBy, productUser, reportOn } from '../support/moderation';

describe.each(dialects)('moderation appeals on %s', (dialect) => {
  let t: TestApp;
  let anna: Moderator;
  let ben: Moderator;
  let reporter: number;
  let addresses = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    reporter = await productUser(t, 'reporter');
    anna = await moderator(t, 'anna');
    ben = await moderator(t, 'ben');
  });
  afterAll(async () => t.close());

  /** A fresh caller address for each test's page calls (the per-address throttle is its own test). */
  let address = '';
  const page = (method: 'GET' | 'POST', token: string, text?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url: `/appeal/${token}`,
      remoteAddress: address,
      headers: { ...headers, ...(text === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
      payload: text === undefined ? undefined : new URLSearchParams({ text }).toString(),
    });

  /** A post by a new author, reported and decided by Anna; answers the case, the author, the post and the mailed token. */
  const decided = async (name: string, body: Record<string, unknown>, language?: 'tr' | 'ar') => {
    address = `10.0.0.${++addresses}`;
    const author = await productUser(t, name, language);
    const post = await postBy(t, author, `Post of ${name}`);
    const { caseId, reportId } = await reportOn(t, reporter, { post_id: post });
    expect((await decide(t, anna, caseId, body)).statusCode).toBe(200);
    const mails = await mailsTo(t, `${name}@example.com`);
    return { caseId, reportId, author, post, token: appealToken(mails[mails.length - 1].html)! };
  };

  const appealDecision = (who: Moderator, caseId: number, outcome: string, message?: string) =>
    t.app.inject({ method: 'POST', url: `/api/moderation/cases/${caseId}/appeal-decision`, headers: who.headers, payload: { outcome, message } });

  it('opens a page that shows the decision and a plain form, under a strict policy', async () => {
    const { token } = await decided('page-author', { action: 'hide', message: 'Spam links <script>alert(1)</script>' });
    const res = await page('GET', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).toContain('Our moderators hid your post &quot;Post of page-author&quot;.');
    expect(res.body).toContain('Breaks the rules');
    // the moderator's message is text, never markup
    expect(res.body).toContain('Spam links &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('<form method="post">');
    expect(res.body).toContain('maxlength="2000"');
  });

  it("speaks the person's language: Turkish, and Arabic right to left", async () => {
    const tr = await decided('turkish-author', { action: 'suspend', days: 5 }, 'tr');
    const trPage = await page('GET', tr.token);
    expect(trPage.body).toContain('<html lang="tr" dir="ltr">');
    expect(trPage.body).toContain('Moderatörlerimiz hesabınızı 5 gün');
    expect(trPage.body).toContain('İtirazımı gönder');
    const ar = await decided('arabic-author', { action: 'warn' }, 'ar');
    const arPage = await page('GET', ar.token);
    expect(arPage.body).toContain('<html lang="ar" dir="rtl">');
    expect(arPage.body).toContain('أرسل اعتراضي');
    // the moderator's words keep their own direction in the right-to-left page
    expect(arPage.body).toContain('<dd dir="auto">Breaks the rules</dd>');
    const thanks = await page('POST', ar.token, 'لم أخالف القواعد');
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('شكرًا لك');
  });

  it('takes one appeal, stored as text; the link then says it was used', async () => {
    const { caseId, token, author } = await decided('appealing-author', { action: 'hide' });
    const text = 'I did nothing wrong <img src=x onerror=alert(1)> & more';
    const res = await page('POST', token, text);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your appeal was received.');
    expect(res.body).not.toContain('onerror');
    const c = await caseRow(t, caseId);
    expect(c).toMatchObject({ status: 'appealed', appeal_text: text });
    expect(c.appealed_at).toBeTruthy();
    const entry = await t.ctx.db.selectFrom('audit_log').select(['actor_id', 'actor_name']).where('action', '=', 'moderation_appeal').where('entity_id', '=', String(caseId)).executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor_id: author, actor_name: 'appealing-author' });

    for (const again of [await page('GET', token), await page('POST', token, 'Once more')]) {
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain('This appeal link was already used');
    }
    expect((await caseRow(t, caseId)).appeal_text).toBe(text);
  });

  it('refuses an empty or over-long appeal and keeps nothing; a link works for its own case only', async () => {
    const mine = await decided('bounded-author', { action: 'warn' });
    const other = await decided('other-author', { action: 'warn' });
    for (const text of ['', '   ', 'x'.repeat(2001)]) {
      const res = await page('POST', mine.token, text);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Please write your appeal: 1 to 2,000 characters.');
    }
    expect((await caseRow(t, mine.caseId)).status).toBe('decided');
    // the form names nothing but its text: another case's id sent along changes nothing there
    const res = await t.app.inject({
      method: 'POST',
      url: `/appeal/${mine.token}`,
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `text=${'y'.repeat(2000)}&caseId=${other.caseId}&id=${other.caseId}`,
    });
    expect(res.statusCode).toBe(200);
    expect((await caseRow(t, mine.caseId)).appeal_text).toBe('y'.repeat(2000));
    expect(await caseRow(t, other.caseId)).toMatchObject({ status: 'decided', appeal_text: null });
  });

  it('gives a clear page for an unknown or an expired link', async () => {
    address = '10.0.1.1';
    const unknown = await page('GET', 'not-a-real-token', undefined, { 'accept-language': 'tr-TR,tr;q=0.9' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Bu itiraz bağlantısı geçerli değil.');
    const { caseId, token } = await decided('late-author', { action: 'warn' });
    await t.ctx.db.updateTable('moderation_cases').set({ appeal_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', caseId).execute();
    for (const late of [await page('GET', token), await page('POST', token, 'Too late?')]) {
      expect(late.statusCode).toBe(410);
      expect(late.body).toContain('This appeal link has expired');
    }
    expect((await caseRow(t, caseId)).status).toBe('decided');
  });

  it('throttles the page per link and per address', async () => {
    const { token } = await decided('throttled-author', { action: 'warn' });
    for (let i = 0; i < APPEAL_REQUESTS_PER_LINK; i++) expect((await page('GET', token)).statusCode).toBe(200);
    const tooMany = await page('GET', token);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers['retry-after']).toBeTruthy();
    expect(tooMany.body).toContain('Too many attempts.');
    // guessing links from one address
    address = '10.0.2.1';
    for (let i = 0; i < APPEAL_REQUESTS_PER_ADDRESS; i++) expect((await page('GET', `guess-${i}`)).statusCode).toBe(404);
    expect((await page('GET', 'guess-last')).statusCode).toBe(429);
  });

  it('lets another moderator reverse: the content is shown again, the reports dismissed, the person told', async () => {
    const { caseId, token, post, reportId } = await decided('reversed-author', { action: 'hide' });
    expect((await page('POST', token, 'It was a mistake')).statusCode).toBe(200);
    const own = await appealDecision(anna, caseId, 'reversed');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You decided this case: another moderator decides its appeal.');
    const res = await appealDecision(ben, caseId, 'reversed', 'Sorry, our mistake.');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toMatchObject({ status: 'closed', appeal: { outcome: 'reversed', by: { id: ben.id, name: 'ben' }, text: 'It was a mistake' } });
    expect((await t.ctx.db.selectFrom('posts').select('deleted_at').where('id', '=', post).executeTakeFirstOrThrow()).deleted_at).toBeNull();
    expect((await t.ctx.db.selectFrom('reports').select('outcome').where('id', '=', reportId).executeTakeFirstOrThrow()).outcome).toBe('dismissed');
    const mails = await mailsTo(t, 'reversed-author@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Your content was hidden', 'Your appeal was accepted']);
    expect(mails[1].html).toContain('Sorry, our mistake.');
    // once
    const again = await appealDecision(anna, caseId, 'upheld');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The appeal was already decided by ben: reversed');
    const { token: adminToken } = await loginAs(t, ADMIN.email, ADMIN.password);
    const historyRes = await t.app.inject({ url: `/api/audit/post/${post}`, headers: bearer(adminToken) });
    const actions = (historyRes.json().data.data as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['moderation_decide', 'moderation_appeal_decide']));
  });

  it('a reversed suspension makes the user Active at once; an upheld one changes nothing but the mail', async () => {
    const suspended = await decided('suspended-author', { action: 'suspend', days: 10 });
    expect((await page('POST', suspended.token, 'Please')).statusCode).toBe(200);
    expect((await appealDecision(ben, suspended.caseId, 'reversed')).statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('users').select(['status', 'suspended_until']).where('id', '=', suspended.author).executeTakeFirstOrThrow()).toEqual({ status: 'Active', suspended_until: null });

    const banned = await decided('upheld-author', { action: 'suspend', days: 10 });
    const noAppeal = await appealDecision(ben, banned.caseId, 'upheld');
    expect(noAppeal.statusCode).toBe(409);
    expect(noAppeal.json().message).toBe('No appeal waits on this case.');
    expect((await page('POST', banned.token, 'Please')).statusCode).toBe(200);
    expect((await appealDecision(ben, banned.caseId, 'upheld', 'The rules are clear.')).statusCode).toBe(200);
    expect((await t.ctx.db.selectFrom('users').select('status').where('id', '=', banned.author).executeTakeFirstOrThrow()).status).toBe('Inactive');
    const mails = await mailsTo(t, 'upheld-author@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Your account is suspended', 'Your appeal was looked at']);
    expect(mails[1].html).toContain('The rules are clear.');
  });
});
