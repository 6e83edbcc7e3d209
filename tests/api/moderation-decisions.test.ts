// The desk's decision ladder (issue 34): dismiss, warn, hide, suspend for N days, ban, each with its
// effect, its reports closed, its audit entries on the case and the target, and its mail (with the
// appeal link) in the author's language; one decision per case when two moderators decide at once; a
// claim held by someone else blocks; the spec's report buttons close a target's open case; and a
// suspension ends by itself (the sweep).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { endPassedSuspensions } from '@server/modules/moderation/suspensions';
import { ADMIN, bearer, dialects, loginAs, startTestApp, type TestApp } from '../support/api';
import { appealToken, caseRow, commentBy, decide, mailsTo, type Moderator, moderator, postBy, productUser, reportOn } from '../support/moderation';

describe.each(dialects)('moderation decisions on %s', (dialect) => {
  let t: TestApp;
  let anna: Moderator;
  let ben: Moderator;
  const people: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    for (const name of ['reporter', 'other-reporter']) people[name] = await productUser(t, name);
    anna = await moderator(t, 'anna');
    ben = await moderator(t, 'ben');
  });
  afterAll(async () => t.close());

  const history = async (entity: string, id: number) => {
    const { token } = await loginAs(t, ADMIN.email, ADMIN.password);
    const res = await t.app.inject({ url: `/api/audit/${entity}/${id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return (res.json().data.data as { action: string; actor: { id: number } | null }[]).map((e) => e.action);
  };

  it('dismisses: the reports are closed as not upheld, nothing happens to the author, no mail', async () => {
    const author = await productUser(t, 'dismissed-author');
    const post = await postBy(t, author, 'A fine post');
    const { reportId, caseId } = await reportOn(t, people.reporter, { post_id: post });
    const res = await decide(t, anna, caseId, { action: 'dismiss' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toMatchObject({ id: caseId, status: 'decided', decision: { action: 'dismiss', reason: 'Breaks the rules', by: { id: anna.id, name: 'anna' } } });
    const report = await t.ctx.db.selectFrom('reports').selectAll().where('id', '=', reportId).executeTakeFirstOrThrow();
    expect(report).toMatchObject({ status: 'Resolved', outcome: 'dismissed' });
    expect(report.decided_at).toBeTruthy();
    expect(await mailsTo(t, 'dismissed-author@example.com')).toEqual([]);
    expect((await caseRow(t, caseId)).appeal_token_hash).toBeNull();
    expect(await history('moderation_case', caseId)).toContain('moderation_decide');
    expect(await history('post', post)).toContain('moderation_decide');
  });

  it('warns: the author gets the warning mail with the reason, the message and an appeal link, and stays Active', async () => {
    const author = await productUser(t, 'warned-author');
    const post = await postBy(t, author, 'Borderline post');
    const { reportId, caseId } = await reportOn(t, people.reporter, { post_id: post });
    const res = await decide(t, anna, caseId, { action: 'warn', message: 'Please keep it <b>civil</b>.' });
    expect(res.statusCode).toBe(200);
    const mails = await mailsTo(t, 'warned-author@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('A warning about your content');
    expect(mails[0].html).toContain('Breaks the rules');
    // the moderator's message is text in the mail, never markup
    expect(mails[0].html).toContain('Please keep it &lt;b&gt;civil&lt;/b&gt;.');
    expect(mails[0].html).toContain('your post &quot;Borderline post&quot;');
    const token = appealToken(mails[0].html);
    expect(mails[0].html).toContain(`http://admin.test/appeal/${token}`);
    // only its hash is kept
    const c = await caseRow(t, caseId);
    expect(c.appeal_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(c.appeal_token_hash).not.toContain(token);
    expect(Date.parse(c.appeal_until!) - Date.parse(c.decided_at!)).toBe(20 * 86_400_000);
    expect((await t.ctx.db.selectFrom('users').select('status').where('id', '=', author).executeTakeFirstOrThrow()).status).toBe('Active');
    expect((await t.ctx.db.selectFrom('reports').select('outcome').where('id', '=', reportId).executeTakeFirstOrThrow()).outcome).toBe('upheld');
    // the author's History shows it too
    expect(await history('user', author)).toContain('moderation_decide');
  });

  it("hides a post as the spec's hide does: the report lists show it Inactive and the report Resolved", async () => {
    const author = await productUser(t, 'hidden-author');
    const post = await postBy(t, author, 'Spam post');
    const { reportId, caseId } = await reportOn(t, people.reporter, { post_id: post });
    expect((await decide(t, anna, caseId, { action: 'hide' })).statusCode).toBe(200);
    expect((await t.ctx.db.selectFrom('posts').select('deleted_at').where('id', '=', post).executeTakeFirstOrThrow()).deleted_at).toBeTruthy();
    const detail = await t.app.inject({ url: `/api/user/reports-detail/${reportId}`, headers: anna.headers });
    expect(detail.json().data.data).toMatchObject({ status: 'Resolved', userStatusByAdmin: 'Inactive' });
    const mails = await mailsTo(t, 'hidden-author@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Your content was hidden']);
  });

  it('hides a comment; a user cannot be hidden (400), nor a staff member warned, suspended or banned (403)', async () => {
    const author = await productUser(t, 'commenter');
    const comment = await commentBy(t, author, await postBy(t, author, 'Host post'), 'Rude words');
    const { caseId } = await reportOn(t, people.reporter, { comment_id: comment });
    expect((await decide(t, anna, caseId, { action: 'hide' })).statusCode).toBe(200);
    expect((await t.ctx.db.selectFrom('comments').select('deleted_at').where('id', '=', comment).executeTakeFirstOrThrow()).deleted_at).toBeTruthy();

    const user = await productUser(t, 'reported-user');
    const userCase = (await reportOn(t, people.reporter, { other_user_id: user })).caseId;
    const hide = await decide(t, anna, userCase, { action: 'hide' });
    expect(hide.statusCode).toBe(400);
    expect(hide.json().message).toBe('Only a post or a comment can be hidden: suspend or ban a user instead.');
    const noDays = await decide(t, anna, userCase, { action: 'suspend' });
    expect(noDays.statusCode).toBe(400);
    expect((await decide(t, anna, userCase, { action: 'ban', days: 3 })).statusCode).toBe(400);
    expect((await caseRow(t, userCase)).status).toBe('open');

    const staffCase = (await reportOn(t, people.reporter, { other_user_id: ben.id })).caseId;
    for (const action of ['warn', 'ban']) {
      const res = await decide(t, anna, staffCase, { action });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Staff accounts cannot be moderated.');
    }
    // nothing was half-written
    expect(await caseRow(t, staffCase)).toMatchObject({ status: 'open', decision: null });
    expect((await t.ctx.db.selectFrom('users').select('status').where('id', '=', ben.id).executeTakeFirstOrThrow()).status).toBe('Active');
  });

  it('suspends for N days: Inactive until then, sessions ended at once; the sweep makes the user Active again, as the system', async () => {
    const author = await productUser(t, 'suspended-author');
    const before = await t.ctx.db.selectFrom('users').select('session_version').where('id', '=', author).executeTakeFirstOrThrow();
    const post = await postBy(t, author, 'Repeated spam');
    const { caseId } = await reportOn(t, people.reporter, { post_id: post });
    const res = await decide(t, anna, caseId, { action: 'suspend', days: 3, message: 'Three days off.' });
    expect(res.statusCode).toBe(200);
    const user = await t.ctx.db.selectFrom('users').select(['status', 'suspended_until', 'session_version']).where('id', '=', author).executeTakeFirstOrThrow();
    expect(user.status).toBe('Inactive');
    expect(user.session_version).toBe(before.session_version + 1);
    const c = await caseRow(t, caseId);
    expect(user.suspended_until).toBe(c.suspended_until);
    expect(Date.parse(c.suspended_until!) - Date.parse(c.decided_at!)).toBe(3 * 86_400_000);
    expect(res.json().data.data.decision).toMatchObject({ action: 'suspend', suspend_days: 3, suspended_until: c.suspended_until });
    const [mail] = await mailsTo(t, 'suspended-author@example.com');
    expect(mail.subject).toBe('Your account is suspended');
    expect(mail.html).toContain('for 3 days');

    // not yet: the sweep leaves a suspension that has not passed
    expect(await endPassedSuspensions(t.ctx)).not.toContain(author);
    await t.ctx.db.updateTable('users').set({ suspended_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', author).execute();
    expect(await endPassedSuspensions(t.ctx)).toEqual([author]);
    expect(await t.ctx.db.selectFrom('users').select(['status', 'suspended_until']).where('id', '=', author).executeTakeFirstOrThrow()).toEqual({ status: 'Active', suspended_until: null });
    // once: a second sweep (another replica) finds nothing
    expect(await endPassedSuspensions(t.ctx)).toEqual([]);
    const ended = await t.ctx.db.selectFrom('audit_log').select(['actor_id', 'entity', 'entity_id']).where('action', '=', 'moderation_suspension_end').execute();
    expect(ended).toEqual([{ actor_id: null, entity: 'user', entity_id: String(author) }]);
  });

  it('a status set otherwise (an Admin reactivating the user early) ends the suspension: the sweep leaves the user alone', async () => {
    const author = await productUser(t, 'lifted-author');
    const { caseId } = await reportOn(t, people.reporter, { post_id: await postBy(t, author, 'Lifted') });
    expect((await decide(t, anna, caseId, { action: 'suspend', days: 1 })).statusCode).toBe(200);
    const { token } = await loginAs(t, ADMIN.email, ADMIN.password);
    const lifted = await t.app.inject({ method: 'POST', url: '/api/user/bulk-action', headers: bearer(token), payload: { user_ids: [author], action: 'active' } });
    expect(lifted.statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('users').select(['status', 'suspended_until']).where('id', '=', author).executeTakeFirstOrThrow()).toEqual({ status: 'Active', suspended_until: null });
    // later set Inactive by hand: no sweep brings the user back
    await t.ctx.db.updateTable('users').set({ status: 'Inactive' }).where('id', '=', author).execute();
    expect(await endPassedSuspensions(t.ctx, new Date(Date.now() + 2 * 86_400_000).toISOString())).not.toContain(author);
    expect((await t.ctx.db.selectFrom('users').select('status').where('id', '=', author).executeTakeFirstOrThrow()).status).toBe('Inactive');
  });

  it('bans a reported user: Inactive with no end', async () => {
    const user = await productUser(t, 'banned-user');
    const { caseId } = await reportOn(t, people.reporter, { other_user_id: user });
    expect((await decide(t, anna, caseId, { action: 'ban' })).statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('users').select(['status', 'suspended_until']).where('id', '=', user).executeTakeFirstOrThrow()).toEqual({ status: 'Inactive', suspended_until: null });
    expect((await mailsTo(t, 'banned-user@example.com')).map((m) => m.subject)).toEqual(['Your account is closed']);
    expect(await history('user', user)).toContain('moderation_decide');
  });

  it('two moderators deciding one case at once: one decision, one action, one mail; the other is told who decided what', async () => {
    const author = await productUser(t, 'raced-author');
    const post = await postBy(t, author, 'Raced post');
    const { caseId } = await reportOn(t, people.reporter, { post_id: post });
    const answers = await Promise.all([decide(t, anna, caseId, { action: 'hide' }), decide(t, ben, caseId, { action: 'suspend', days: 2 })]);
    const won = answers.find((a) => a.statusCode === 200)!;
    const lost = answers.find((a) => a.statusCode !== 200)!;
    expect(lost.statusCode).toBe(409);
    const winner = won.json().data.data.decision as { action: string; by: { name: string } };
    expect(lost.json().message).toBe(`Already decided by ${winner.by.name}: ${winner.action}`);
    expect(lost.json().data.decision).toMatchObject({ action: winner.action, by: { name: winner.by.name } });
    expect(await mailsTo(t, 'raced-author@example.com')).toHaveLength(1);
    const decided = await t.ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'moderation_decide').where('entity', '=', 'moderation_case').where('entity_id', '=', String(caseId)).execute();
    expect(decided).toHaveLength(1);
    // the loser's action did nothing: a hide leaves the author Active, a suspension leaves the post shown
    const user = await t.ctx.db.selectFrom('users').select('status').where('id', '=', author).executeTakeFirstOrThrow();
    const shown = await t.ctx.db.selectFrom('posts').select('deleted_at').where('id', '=', post).executeTakeFirstOrThrow();
    expect(winner.action === 'hide' ? user.status === 'Active' : shown.deleted_at === null).toBe(true);
  });

  it("a claim held by someone else blocks the decision (409 naming the holder); a case changed since it was read is refused", async () => {
    const post = await postBy(t, people['other-reporter'], 'Claimed post');
    const { caseId } = await reportOn(t, people.reporter, { post_id: post });
    await t.ctx.db.updateTable('moderation_cases').set({ holder_id: ben.id, held_at: new Date().toISOString() }).where('id', '=', caseId).execute();
    const held = await decide(t, anna, caseId, { action: 'dismiss' });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('ben is working on this case.');
    // a lapsed claim holds nothing
    await t.ctx.db.updateTable('moderation_cases').set({ held_at: new Date(Date.now() - 31 * 60_000).toISOString() }).where('id', '=', caseId).execute();
    const { version } = await caseRow(t, caseId);
    const stale = await t.app.inject({ method: 'POST', url: `/api/moderation/cases/${caseId}/decision`, headers: anna.headers, payload: { action: 'dismiss', reason: 'Fine', version: version - 1 } });
    expect(stale.statusCode).toBe(409);
    expect((await caseRow(t, caseId)).status).toBe('open');
    expect((await decide(t, anna, caseId, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/moderation/cases/999999/decision', headers: anna.headers, payload: { action: 'dismiss', reason: 'x', version: 1 } })).statusCode).toBe(404);
  });

  it("the spec's report buttons close the target's open case as decided, with no mail, and keep answering as before", async () => {
    const author = await productUser(t, 'button-author');
    const post = await postBy(t, author, 'Button post');
    const { reportId, caseId } = await reportOn(t, people.reporter, { post_id: post });
    const hide = await t.app.inject({ url: `/api/post/post-report-update?id=${post}&reportId=${reportId}&status=Active`, headers: anna.headers });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ status: 200, message: 'Post Status has been updated Successfully', data: { status: 'Inactive', changed: true } });
    expect(await caseRow(t, caseId)).toMatchObject({ status: 'decided', decision: 'hide', decided_by: anna.id, appeal_token_hash: null });
    expect((await t.ctx.db.selectFrom('reports').select('outcome').where('id', '=', reportId).executeTakeFirstOrThrow()).outcome).toBe('upheld');

    const user = await productUser(t, 'button-user');
    const userCase = await reportOn(t, people.reporter, { other_user_id: user });
    const active = await t.app.inject({ url: `/api/user/report-update?id=${user}&status=Active`, headers: anna.headers });
    expect(active.json()).toMatchObject({ status: 200, data: { status: 'Active', changed: false } });
    expect(await caseRow(t, userCase.caseId)).toMatchObject({ status: 'decided', decision: 'dismiss' });
    const banCase = await reportOn(t, people.reporter, { other_user_id: user });
    expect(banCase.caseId).not.toBe(userCase.caseId);
    const ban = await t.app.inject({ url: `/api/user/approveReportByAdmin?reportId=${banCase.reportId}&status=Active&type=user&other_user_id=${user}`, headers: anna.headers });
    expect(ban.json()).toMatchObject({ status: 200, message: 'User Status has been updated Successfully', data: { status: 'Inactive', changed: true } });
    expect(await caseRow(t, banCase.caseId)).toMatchObject({ status: 'decided', decision: 'ban' });
    expect(await mailsTo(t, 'button-author@example.com')).toEqual([]);
    expect(await mailsTo(t, 'button-user@example.com')).toEqual([]);
    // a decided case takes no desk decision any more
    const late = await decide(t, ben, caseId, { action: 'dismiss' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Already decided by anna: hide');
  });

  it("a decision moves the priority of its reporters' other open cases (their accuracy changed)", async () => {
    const reporter = await productUser(t, 'accurate-reporter');
    const first = await reportOn(t, reporter, { post_id: await postBy(t, people.reporter, 'First reported') });
    const second = await reportOn(t, reporter, { post_id: await postBy(t, people.reporter, 'Second reported') });
    const before = (await caseRow(t, second.caseId)).priority;
    expect((await decide(t, anna, first.caseId, { action: 'hide' })).statusCode).toBe(200);
    // no decided report (0.5: factor 1) -> all upheld (factor 1.75)
    expect(before).toBeCloseTo(1);
    expect((await caseRow(t, second.caseId)).priority).toBeCloseTo(1.75);
  });

  it("writes the mail in the author's language (the template of that language), else in English", async () => {
    const turkish = await productUser(t, 'turkish-author', 'tr');
    const { caseId } = await reportOn(t, people.reporter, { post_id: await postBy(t, turkish, 'Türkçe gönderi') });
    expect((await decide(t, anna, caseId, { action: 'warn' })).statusCode).toBe(200);
    const [mail] = await mailsTo(t, 'turkish-author@example.com');
    expect(mail.subject).toMatch(/^=\?UTF-8\?Q\?=C4=B0=C3=A7eri=C4=9Finiz/);
    expect(mail.html).toContain('<p>Merhaba turkish-author,</p>');
    expect(mail.html).toContain('İçerik: &quot;Türkçe gönderi&quot; gönderiniz<br />Gerekçe: Breaks the rules');
    expect(mail.html).toContain('itirazımı yaz');
    const arabic = await productUser(t, 'arabic-author', 'ar');
    const arCase = await reportOn(t, people.reporter, { other_user_id: arabic });
    expect((await decide(t, anna, arCase.caseId, { action: 'ban' })).statusCode).toBe(200);
    expect((await mailsTo(t, 'arabic-author@example.com'))[0].html).toContain('<p style="text-align:right">أغلق مشرفونا حسابك: Breaks the rules.</p>');
    // staff turned the Turkish one off: the English one goes
    await t.ctx.db.updateTable('email_templates').set({ status: 'Inactive' }).where('slug', '=', 'moderation-warn-tr').execute();
    const next = await reportOn(t, people.reporter, { post_id: await postBy(t, turkish, 'İkinci gönderi') });
    expect((await decide(t, anna, next.caseId, { action: 'warn' })).statusCode).toBe(200);
    const english = (await mailsTo(t, 'turkish-author@example.com'))[1];
    expect(english.subject).toBe('A warning about your content');
    expect(english.html).toContain('your post &quot;İkinci gönderi&quot;');
  });
});

// Two servers on one PostgreSQL database (stateless replicas, README "Deployment"), each with its own
// connections, outbox and clock: two moderators deciding one case at once, one on each.
describe.skipIf(!process.env.TEST_DATABASE_URL)('moderation decisions on two replicas (postgres)', () => {
  const jwtSecret = 'moderation-replicas-shared-secret-0123456789abcdef';
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    one = await startTestApp('postgres', { jwtSecret });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-replica-two-'));
    const built = await buildApp(loadConfig({}, { ...one.config, dataDir }), { declared: one.declared, logger: false });
    two = { ...one, ...built, dataDir, close: async () => void (await built.app.close(), fs.rmSync(dataDir, { recursive: true, force: true })) };
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('one decision, one action, one mail; the other replica answers who decided what', async () => {
    const reporter = await productUser(one, 'replica-reporter');
    const author = await productUser(one, 'replica-author');
    const anna = await moderator(one, 'anna');
    const ben = await moderator(two, 'ben');
    const post = await postBy(one, author, 'Reported on two servers');
    const { caseId } = await reportOn(one, reporter, { post_id: post });
    const answers = await Promise.all([decide(one, anna, caseId, { action: 'hide' }), decide(two, ben, caseId, { action: 'ban' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data.data.decision as { action: string; by: { name: string } };
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(`Already decided by ${winner.by.name}: ${winner.action}`);
    const mails = [...(await mailsTo(one, 'replica-author@example.com')), ...(await mailsTo(two, 'replica-author@example.com'))];
    expect(mails.map((m) => m.subject)).toEqual([winner.action === 'hide' ? 'Your content was hidden' : 'Your account is closed']);
    const entries = await one.ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'moderation_decide').where('entity', '=', 'moderation_case').where('entity_id', '=', String(caseId)).execute();
    expect(entries).toHaveLength(1);
    const user = await one.ctx.db.selectFrom('users').select('status').where('id', '=', author).executeTakeFirstOrThrow();
    const shown = await one.ctx.db.selectFrom('posts').select('deleted_at').where('id', '=', post).executeTakeFirstOrThrow();
    expect([user.status, shown.deleted_at !== null]).toEqual(winner.action === 'hide' ? ['Active', true] : ['Inactive', false]);
  });
});
