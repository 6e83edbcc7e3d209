// The moderation desk's cases (issue 34): the list (filters, search, sorts), a case's page with each
// reporter's accuracy, claims by two moderators (one is told who holds it), a claim that lapses, an
// Admin's assignment, private notes kept as text, the audit trail of each, and the desk's figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PLAN } from '@server/db/list';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';
import { insertPost, insertReport } from '../support/moderationFixtures';

const PASSWORD = 'Str0ng@Pass';
const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

interface Row {
  id: number;
  kind: string;
  target_id: number;
  report_count: number;
  priority: number;
  preview: { title: string | null; author: { id: number; name: string | null } | null };
  holder: { id: number; name: string | null } | null;
  reasons: string | null;
}

describe.each(dialects)('the moderation desk on %s', (dialect) => {
  let t: TestApp;
  const people: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const cases: Record<'flights' | 'sunset' | 'troll', number> = { flights: 0, sunset: 0, troll: 0 };
  let spam = 0;
  let hate = 0;

  const db = () => t.ctx.db;
  const call = async (who: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const list = async (who: string, query = '') => {
    const res = await call(who, 'GET', `/api/moderation/cases${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { data: Row[]; meta: { total: number } };
  };
  const ids = async (query: string) => (await list('admin', query)).data.map((r) => r.id);

  const post = (title: string) => insertPost(db(), people.author, title, ago(5000));
  const report = (reporter: string, target: { post_id?: number; other_user_id?: number }, minutesAgo: number, categoryId: number | null = null) =>
    insertReport(db(), people[reporter], target, ago(minutesAgo), categoryId);
  const decide = (caseId: number, firstMinutesAgo: number, decidedMinutesAgo: number) =>
    db()
      .updateTable('moderation_cases')
      .set({ status: 'decided', decision: 'hide', first_reported_at: ago(firstMinutesAgo), decided_at: ago(decidedMinutesAgo) })
      .where('id', '=', caseId)
      .execute();

  beforeAll(async () => {
    // every new case above priority 0.5 reported in the last 24 h is an alert
    t = await startTestApp(dialect, { moderation: { claimIdleMinutes: 30, alertPriority: 0.5 } });
    for (const name of ['author', 'careful', 'careless', 'newcomer', 'troll']) {
      people[name] = await createUser(t, { email: `${name}@example.com`, password: PASSWORD, user_type: 'User', name: `${name[0].toUpperCase()}${name.slice(1)} Person` });
    }
    for (const [name, permissions] of [['ayla', ['Report-list']], ['omar', ['Report-list']], ['posts', ['Post-list']]] as const) {
      people[name] = await createUser(t, { email: `${name}@example.com`, password: PASSWORD, user_type: 'Sub-Admin', name: `${name[0].toUpperCase()}${name.slice(1)} Moderator`, permissions: [...permissions] });
      tokens[name] = (await loginAs(t, `${name}@example.com`, PASSWORD)).token;
    }
    people.pending = await createUser(t, { email: 'pending@example.com', password: PASSWORD, user_type: 'Sub-Admin', status: 'Request Pending', name: 'Pending Person' });
    tokens.admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    const category = async (name: string, weight: number) =>
      (await db().insertInto('report_categories').values({ name, name_key: name.toLowerCase(), status: 'Active', weight, created_at: ago(9000), updated_at: ago(9000) }).returning('id').executeTakeFirstOrThrow()).id;
    spam = await category('Spam', 1);
    hate = await category('Hate speech', 3);

    // the past: careful's earlier reports were upheld, careless's dismissed (two cases decided 1 h and 2 h after their report)
    for (const [reporter, outcome, first, decided] of [['careful', 'upheld', 180, 60], ['careless', 'dismissed', 300, 180]] as const) {
      const old = await report(reporter, { post_id: await post(`Old report by ${reporter}`) }, first);
      await db().updateTable('reports').set({ outcome, decided_at: ago(decided), status: 'Resolved' }).where('id', '=', old.id).execute();
      await decide(old.caseId, first, decided);
    }
    // today's cases: one reported two days ago and again two hours ago, one an hour ago, a user 40 days ago
    cases.flights = (await report('careful', { post_id: await post('Cheap flights here') }, 2 * 24 * 60, spam)).caseId;
    await report('careless', { post_id: (await db().selectFrom('moderation_cases').select('target_id').where('id', '=', cases.flights).executeTakeFirstOrThrow()).target_id }, 120, hate);
    cases.sunset = (await report('newcomer', { post_id: await post('Sunset over Galata') }, 60)).caseId;
    cases.troll = (await report('careful', { other_user_id: people.troll }, 40 * 24 * 60)).caseId;
  });
  afterAll(async () => t.close());

  it('refuses every desk call to a Sub-Admin without Report-list, and lets one with it through', async () => {
    const calls: [method: 'GET' | 'POST', url: string, payload?: object][] = [
      ['GET', '/api/moderation/cases'],
      ['GET', '/api/moderation/summary'],
      ['GET', `/api/moderation/cases/${cases.sunset}`],
      ['POST', `/api/moderation/cases/${cases.sunset}/claim`, {}],
      ['POST', `/api/moderation/cases/${cases.sunset}/release`, {}],
      ['POST', `/api/moderation/cases/${cases.sunset}/notes`, { body: 'Seen it' }],
      ['POST', `/api/moderation/cases/${cases.sunset}/assign`, { userId: people.ayla }],
    ];
    for (const [method, url, payload] of calls) {
      const refused = await call('posts', method, url, payload);
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body.message).toBeTruthy();
      // assigning is an Admin's: a moderator is refused it too
      expect((await call('ayla', method, url, payload)).status, `${method} ${url}`).toBe(url.endsWith('/assign') ? 403 : 200);
    }
    // nothing the refused calls asked for was done: one note (Ayla's), nobody holds the case
    expect((await db().selectFrom('moderation_case_notes').select('author_id').where('case_id', '=', cases.sunset).execute()).map((n) => n.author_id)).toEqual([people.ayla]);
    await db().deleteFrom('moderation_case_notes').execute();
  });

  it('lists the open cases by priority with their preview, figures and reasons', async () => {
    const page = await list('ayla');
    expect(page.meta.total).toBe(3);
    // flights: careful (accuracy 1: 1.75) × Spam 1 + careless (accuracy 0: 0.25) × Hate 3 = 2.5; troll 1.75; sunset 1
    expect(page.data.map((r) => r.id)).toEqual([cases.flights, cases.troll, cases.sunset]);
    expect(page.data[0]).toMatchObject({
      kind: 'post',
      status: 'open',
      report_count: 2,
      reporter_count: 2,
      reasons: 'Spam, Hate speech',
      preview: { title: 'Cheap flights here', text: 'Cheap flights here, the text', author: { id: people.author, name: 'Author Person' } },
      holder: null,
      decision: null,
      appeal: null,
    });
    expect(page.data[0].priority).toBeCloseTo(2.5);
  });

  it('filters by kind, reason, holder and age, searches the preview, author and reasons, and sorts', async () => {
    expect(await ids('?kind=user')).toEqual([cases.troll]);
    expect(await ids(`?reason=${hate}`)).toEqual([cases.flights]);
    expect(await ids('?age=1d')).toEqual([cases.sunset]);
    expect(await ids('?age=7d')).toEqual([cases.flights, cases.sunset]);
    expect(await ids('?age=older')).toEqual([cases.troll]);
    expect(await ids('?filter=galata')).toEqual([cases.sunset]);
    expect(await ids('?filter=troll%20person')).toEqual([cases.troll]);
    expect(await ids('?filter=hate')).toEqual([cases.flights]);
    // the same through the search index (a list longer than the probe): the reason a later report
    // added is in the case's kept text and its index
    const probeRows = SEARCH_PLAN.probeRows;
    SEARCH_PLAN.probeRows = 1;
    try {
      expect(await ids('?filter=hate')).toEqual([cases.flights]);
      expect(await ids('?filter=OVER%20GALATA')).toEqual([cases.sunset]);
      expect(await ids('?filter=nothing%20like%20this')).toEqual([]);
    } finally {
      SEARCH_PLAN.probeRows = probeRows;
    }
    expect(await ids('?status=decided')).toHaveLength(2);
    const order = (name: string, direction: string) => `?order=${encodeURIComponent(JSON.stringify({ direction, name, type: 'default' }))}`;
    expect(await ids(order('first_reported_at', 'ASC'))).toEqual([cases.troll, cases.flights, cases.sunset]);
    expect(await ids(order('last_reported_at', 'DESC'))).toEqual([cases.sunset, cases.flights, cases.troll]);
    expect((await ids(order('report_count', 'DESC')))[0]).toBe(cases.flights);
    expect(await ids(order('id', 'ASC'))).toEqual([cases.flights, cases.sunset, cases.troll]);
    expect((await call('admin', 'GET', `/api/moderation/cases${order('reasons', 'ASC')}`)).status).toBe(400);
    expect((await call('admin', 'GET', '/api/moderation/cases?kind=spot')).status).toBe(400);
    // a filtered list is counted up to the search's bound: beyond it, the total says "more"
    expect((await list('admin', '?age=7d')).meta).toMatchObject({ total: 2 });
    const bound = SEARCH_PLAN.exactTotalUpTo;
    SEARCH_PLAN.exactTotalUpTo = 1;
    try {
      expect((await list('admin', '?age=7d')).meta).toMatchObject({ total: 1, totalExact: false });
    } finally {
      SEARCH_PLAN.exactTotalUpTo = bound;
    }
  });

  it("shows a case's reports with each reporter's accuracy over their last decided reports", async () => {
    const res = await call('omar', 'GET', `/api/moderation/cases/${cases.flights}`);
    expect(res.status).toBe(200);
    const detail = res.body.data.data;
    const byReporter = Object.fromEntries(detail.reports.map((r: { reporter: { id: number } }) => [r.reporter.id, r]));
    expect(byReporter[people.careful]).toMatchObject({ category: { id: spam, name: 'Spam', weight: 1 }, reporter: { name: 'Careful Person', accuracy: 1, decided: 1 } });
    expect(byReporter[people.careless]).toMatchObject({ category: { id: hate, name: 'Hate speech', weight: 3 }, reporter: { accuracy: 0, decided: 1 } });
    const sunset = (await call('omar', 'GET', `/api/moderation/cases/${cases.sunset}`)).body.data.data;
    expect(sunset.reports[0].reporter).toMatchObject({ id: people.newcomer, accuracy: null, decided: 0 });
    expect((await call('omar', 'GET', '/api/moderation/cases/999999')).status).toBe(404);
  });

  it('lets one of two moderators claim a case and tells the other who holds it', async () => {
    const [a, b] = await Promise.all([
      call('ayla', 'POST', `/api/moderation/cases/${cases.flights}/claim`, {}),
      call('omar', 'POST', `/api/moderation/cases/${cases.flights}/claim`, {}),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    const winner = won === a ? 'Ayla Moderator' : 'Omar Moderator';
    expect(won.body.data.data.holder.name).toBe(winner);
    expect(won.body.data.data.held_until).toBeTruthy();
    expect(lost.body.message).toContain(winner);
    expect(lost.body.data.holder.name).toBe(winner);
    // the same moderator's claim again is a touch; the holder filter shows who holds what
    const who = winner.startsWith('Ayla') ? 'ayla' : 'omar';
    expect((await call(who, 'POST', `/api/moderation/cases/${cases.flights}/claim`, {})).status).toBe(200);
    expect((await list(who, '?holder=me')).data.map((r) => r.id)).toEqual([cases.flights]);
    expect(await ids(`?holder=${people[who]}`)).toEqual([cases.flights]);
    expect(await ids('?holder=none')).not.toContain(cases.flights);
    // make it Ayla's for what follows (an Admin's assignment)
    expect((await call('admin', 'POST', `/api/moderation/cases/${cases.flights}/assign`, { userId: people.ayla })).status).toBe(200);
  });

  it('lets a claim lapse after the idle time, so another moderator can claim the case', async () => {
    expect((await call('omar', 'POST', `/api/moderation/cases/${cases.flights}/claim`, {})).status).toBe(409);
    await db().updateTable('moderation_cases').set({ held_at: ago(31) }).where('id', '=', cases.flights).execute();
    // a lapsed claim holds nothing: listed as nobody's
    expect((await list('admin', `?holder=none`)).data.map((r) => r.id)).toContain(cases.flights);
    expect((await list('admin')).data.find((r) => r.id === cases.flights)?.holder).toBeNull();
    const claimed = await call('omar', 'POST', `/api/moderation/cases/${cases.flights}/claim`, {});
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.data.holder).toEqual({ id: people.omar, name: 'Omar Moderator' });
    // Ayla cannot let go of Omar's claim; Omar can
    const refused = await call('ayla', 'POST', `/api/moderation/cases/${cases.flights}/release`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Omar Moderator');
    const released = await call('omar', 'POST', `/api/moderation/cases/${cases.flights}/release`, {});
    expect(released.status).toBe(200);
    expect(released.body.data.data.holder).toBeNull();
  });

  it("assigns a case on an Admin's call only, to an Active staff member with Report-list", async () => {
    const assigned = await call('admin', 'POST', `/api/moderation/cases/${cases.sunset}/assign`, { userId: people.omar });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.data.holder).toEqual({ id: people.omar, name: 'Omar Moderator' });
    const bySubAdmin = await call('ayla', 'POST', `/api/moderation/cases/${cases.sunset}/assign`, { userId: people.ayla });
    expect(bySubAdmin.status).toBe(403);
    for (const userId of [people.posts, people.pending, people.author]) {
      expect((await call('admin', 'POST', `/api/moderation/cases/${cases.sunset}/assign`, { userId })).status).toBe(400);
    }
    expect((await call('omar', 'GET', `/api/moderation/cases/${cases.sunset}`)).body.data.data.holder.id).toBe(people.omar);
  });

  it('keeps private notes as the text given, bounded in length', async () => {
    const body = '<script>alert("x")</script> <b>check</b> the author\'s other posts';
    const added = await call('ayla', 'POST', `/api/moderation/cases/${cases.troll}/notes`, { body });
    expect(added.status).toBe(200);
    expect(added.body.data.data).toMatchObject({ body, author: { id: people.ayla, name: 'Ayla Moderator' } });
    const detail = (await call('omar', 'GET', `/api/moderation/cases/${cases.troll}`)).body.data.data;
    expect(detail.notes.map((n: { body: string }) => n.body)).toEqual([body]);
    for (const tooMuch of ['', '   ', 'x'.repeat(2001)]) {
      const refused = await call('ayla', 'POST', `/api/moderation/cases/${cases.troll}/notes`, { body: tooMuch });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBeTruthy();
    }
    expect((await call('ayla', 'POST', `/api/moderation/cases/${cases.troll}/notes`, { body: 'x'.repeat(2000) })).status).toBe(200);
    expect((await call('ayla', 'POST', '/api/moderation/cases/999999/notes', { body: 'hello' })).status).toBe(404);
  });

  it("writes each claim, release, assignment and note to the trail, read in the case's history", async () => {
    const history = (await call('omar', 'GET', `/api/moderation/cases/${cases.flights}`)).body.data.data.history as { action: string; entity: string; actor: { name: string } | null }[];
    const actions = history.map((e) => e.action);
    for (const action of ['moderation_claim', 'moderation_assign', 'moderation_release']) expect(actions).toContain(action);
    expect(history.every((e) => e.entity === 'moderation_case')).toBe(true);
    expect(history[0]).toMatchObject({ action: 'moderation_release', actor: { name: 'Omar Moderator' } });
    const trail = await call('ayla', 'GET', `/api/audit/moderation_case/${cases.troll}`);
    expect(trail.status).toBe(200);
    expect(trail.body.data.data.map((e: { action: string }) => e.action)).toEqual(['moderation_note', 'moderation_note']);
    // a Sub-Admin without Report-list reads no case's history
    expect((await call('posts', 'GET', `/api/audit/moderation_case/${cases.troll}`)).status).toBe(403);
  });

  it("shows a case's claims and notes in its target's History to those who may read the desk, and only to them", async () => {
    const { target_id } = await db().selectFrom('moderation_cases').select('target_id').where('id', '=', cases.flights).executeTakeFirstOrThrow();
    const actions = async (who: string) => {
      const res = await call(who, 'GET', `/api/audit/post/${target_id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.data as { action: string; entity: string }[]).map((e) => `${e.entity}:${e.action}`);
    };
    const read = await actions('admin');
    for (const action of ['moderation_claim', 'moderation_assign', 'moderation_release']) expect(read).toContain(`moderation_case:${action}`);
    // a Sub-Admin with Post-list and no Report-list reads the post's History without its cases
    expect((await actions('posts')).filter((a) => a.startsWith('moderation_case:'))).toEqual([]);
  });

  it('sums the desk up: open cases, the oldest, the median time to decision over 7 days, and alerts', async () => {
    const summary = (await call('admin', 'GET', '/api/moderation/summary')).body.data;
    expect(summary.open).toBe(3);
    const troll = await db().selectFrom('moderation_cases').select('first_reported_at').where('id', '=', cases.troll).executeTakeFirstOrThrow();
    expect(summary.oldestOpenAt).toBe(troll.first_reported_at);
    // decided 2 h and 2 h after their first report: 7,200 s each
    expect(summary.medianDecisionSeconds7d).toBeCloseTo(7200, -1);
    // new cases above 0.5 reported in the last 24 h (sunset 1 h ago, flights 2 h ago), and the waiting sub-admin
    expect(summary.alerts.filter((a: { kind: string }) => a.kind === 'case').map((a: { id: number }) => a.id)).toEqual([cases.sunset, cases.flights]);
    expect(summary.alerts).toContainEqual(expect.objectContaining({ kind: 'subadminRequest', id: people.pending, name: 'Pending Person' }));
    const forModerator = (await call('ayla', 'GET', '/api/moderation/summary')).body.data;
    expect(forModerator.alerts.some((a: { kind: string }) => a.kind === 'subadminRequest')).toBe(false);
    const stats = (await call('admin', 'GET', '/api/user/user-statistics')).body.data;
    expect(stats).toMatchObject({ moderationOpen: 3, moderationOldestOpenAt: summary.oldestOpenAt, moderationMedianDecisionSeconds: summary.medianDecisionSeconds7d });
  });
});
