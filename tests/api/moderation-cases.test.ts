// Cases, not rows (issue 34): reports on one target gather into one open case, filed by the database as
// each report arrives (the product writes reports straight to it); a decided case leaves the next report
// to open a new one; a case's priority weighs its reporters by how often their reports were upheld.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileExistingReports, refreshPriority } from '@server/db/moderationCases';
import { up as fileCases } from '@server/db/migrations/034_moderation_cases';
import { createUser, dialects, startTestApp, type TestApp } from '../support/api';
import { insertPost, insertReport } from '../support/moderationFixtures';

const PASSWORD = 'Str0ng@Pass';

describe.each(dialects)('moderation cases on %s', (dialect) => {
  let t: TestApp;
  const people: Record<string, number> = {};
  const stamp = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes)).toISOString();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    for (const name of ['author', 'careful', 'careless', 'third', 'troll']) {
      people[name] = await createUser(t, { email: `${name}@example.com`, password: PASSWORD, user_type: 'User', name: `${name[0].toUpperCase()}${name.slice(1)} Person` });
    }
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.db;
  const post = (title: string) => insertPost(db(), people.author, title, stamp(0));
  const category = async (name: string, weight: number) =>
    (
      await db()
        .insertInto('report_categories')
        .values({ name, name_key: name.toLowerCase(), status: 'Active', weight, created_at: stamp(0), updated_at: stamp(0) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const report = async (reporter: string, target: { post_id?: number; other_user_id?: number }, at: number, categoryId: number | null = null) =>
    (await insertReport(db(), people[reporter], target, stamp(at), categoryId)).id;
  const caseOf = async (reportId: number) => {
    const { case_id } = await db().selectFrom('reports').select('case_id').where('id', '=', reportId).executeTakeFirstOrThrow();
    return db().selectFrom('moderation_cases').selectAll().where('id', '=', case_id!).executeTakeFirstOrThrow();
  };

  it('files the reports on one target into one open case, with its figures, reasons and preview', async () => {
    const spam = await category('Spam', 1);
    const hate = await category('Hate speech', 3);
    const id = await post('Cheap flights here');
    const first = await report('careful', { post_id: id }, 5, spam);
    const second = await report('careless', { post_id: id }, 9, hate);
    const third = await report('careful', { post_id: id }, 7, spam);
    const c = await caseOf(first);
    expect((await caseOf(second)).id).toBe(c.id);
    expect((await caseOf(third)).id).toBe(c.id);
    expect(c).toMatchObject({
      kind: 'post',
      target_id: id,
      status: 'open',
      report_count: 3,
      reporter_count: 2,
      first_reported_at: stamp(5),
      last_reported_at: stamp(9),
      reasons: 'Spam, Hate speech',
      target_title: 'Cheap flights here',
      target_text: 'Cheap flights here, the text',
      author_id: people.author,
      author_name: 'Author Person',
    });
    // two reporters with no decided reports (factor 1): Spam 1 + Hate speech 3
    expect(c.priority).toBeCloseTo(4);
    const reasons = await db().selectFrom('moderation_case_reasons').select('report_category_id').where('case_id', '=', c.id).orderBy('report_category_id').execute();
    expect(reasons.map((r) => r.report_category_id)).toEqual([spam, hate]);
    const counted = await db().selectFrom('row_counts').select('n').where('name', '=', 'moderation_cases:open').executeTakeFirstOrThrow();
    const open = await db().selectFrom('moderation_cases').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(Number(open.n));
  });

  it('a report on a target whose case was decided opens a new case, which counts the earlier upheld one', async () => {
    const first = await report('third', { other_user_id: people.troll }, 10);
    const decided = await caseOf(first);
    expect(decided).toMatchObject({ kind: 'user', target_id: people.troll, target_title: 'Troll Person', author_id: people.troll });
    await db().updateTable('moderation_cases').set({ status: 'decided', decision: 'ban', decided_at: stamp(11) }).where('id', '=', decided.id).execute();
    const next = await caseOf(await report('third', { other_user_id: people.troll }, 12));
    expect(next.id).not.toBe(decided.id);
    expect(next).toMatchObject({ status: 'open', report_count: 1, reporter_count: 1 });
    // one reporter (factor 1, no category: weight 1) + 2 for the earlier upheld case
    expect(next.priority).toBeCloseTo(3);
  });

  it("ranks a case whose reporter's last reports were all dismissed below one whose reporter's were upheld", async () => {
    // the past: each reporter's earlier reports, decided
    for (const [reporter, outcome] of [['careful', 'upheld'], ['careless', 'dismissed']] as const) {
      for (let i = 0; i < 3; i++) {
        const old = await report(reporter, { post_id: await post(`Old ${reporter} ${i}`) }, 20 + i);
        await db().updateTable('reports').set({ outcome, decided_at: stamp(30 + i), status: 'Resolved' }).where('id', '=', old).execute();
      }
    }
    const byCareful = await caseOf(await report('careful', { post_id: await post('Reported by a careful person') }, 40));
    const byCareless = await caseOf(await report('careless', { post_id: await post('Reported by a careless person') }, 41));
    expect(byCareful.priority).toBeCloseTo(1.75);
    expect(byCareless.priority).toBeCloseTo(0.25);
    // the full recomputation agrees with what the trigger added up
    await db().updateTable('moderation_cases').set({ priority: 0 }).where('id', 'in', [byCareful.id, byCareless.id]).execute();
    await refreshPriority(db(), [byCareful.id, byCareless.id]);
    const priorities = await db().selectFrom('moderation_cases').select(['id', 'priority']).where('id', 'in', [byCareful.id, byCareless.id]).orderBy('priority', 'desc').execute();
    expect(priorities.map((c) => c.id)).toEqual([byCareful.id, byCareless.id]);
    expect(priorities[0].priority).toBeCloseTo(1.75);
    expect(priorities[1].priority).toBeCloseTo(0.25);
  });

  it('leaves a report written already handled out of the open case; filing it makes a decided case', async () => {
    const id = await post('Handled elsewhere');
    const open = await caseOf(await report('careful', { post_id: id }, 60));
    const handled = await db()
      .insertInto('reports')
      .values({ type: 'post', user_id: people.third, post_id: id, comment_id: null, other_user_id: null, report_category_id: null, reason: 'x', status: 'Resolved', user_status_by_admin: 'Active', created_at: stamp(61), updated_at: stamp(61) })
      .returning(['id', 'case_id'])
      .executeTakeFirstOrThrow();
    expect(handled.case_id).toBeNull();
    expect((await caseOf((await db().selectFrom('reports').select('id').where('case_id', '=', open.id).executeTakeFirstOrThrow()).id)).report_count).toBe(1);
    await fileExistingReports(db(), dialect);
    const filed = await caseOf(handled.id);
    expect(filed).toMatchObject({ status: 'decided', decision: 'dismiss', kind: 'post', target_id: id, report_count: 1 });
  });

  it('files the reports already there when its migration runs, and changes nothing run again over its own work', async () => {
    const cases = () => db().selectFrom('moderation_cases').select(['kind', 'target_id', 'status', 'report_count', 'reporter_count', 'decision', 'reasons', 'author_id']).orderBy('kind').orderBy('target_id').orderBy('status').execute();
    await fileCases(db() as unknown as Kysely<unknown>, dialect);
    const before = await cases();
    expect(before.length).toBeGreaterThan(4);
    // as before the desk: no cases, the reports unfiled, one of them resolved with its post hidden
    const resolved = await report('third', { post_id: await post('Hidden long ago') }, 50);
    await db().updateTable('reports').set({ status: 'Resolved', user_status_by_admin: 'Inactive' }).where('id', '=', resolved).execute();
    await db().deleteFrom('moderation_case_reasons').execute();
    await db().deleteFrom('moderation_cases').execute();
    await db().updateTable('reports').set({ case_id: null, outcome: null, decided_at: null }).execute();
    await fileCases(db() as unknown as Kysely<unknown>, dialect);
    const after = await cases();
    expect(after.find((c) => c.status === 'decided' && c.decision === 'hide')).toMatchObject({ kind: 'post', report_count: 1, author_id: people.author });
    const open = after.filter((c) => c.status === 'open');
    expect(open.find((c) => c.reasons === 'Spam, Hate speech')).toMatchObject({ report_count: 3, reporter_count: 2 });
    const unfiled = await db().selectFrom('reports').select('id').where('case_id', 'is', null).execute();
    expect(unfiled).toEqual([]);
  });
});
