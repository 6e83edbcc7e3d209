// A report category's weight (issue 34): how much a report under it counts in a moderation case's
// priority, edited on /reportCategories like its other fields (a declared `number` field over the
// column of migration 034), on SQLite and (when configured) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

describe.each(dialects)('report category weights on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: payload as Record<string, unknown> });
  const listed = async (name: string) =>
    ((await t.app.inject({ url: `/api/reportCategory?typeUser=admin&limit=100&filter=${encodeURIComponent(name)}`, headers: bearer(admin) })).json().data.data as { name: string; weight: number }[]).find(
      (r) => r.name === name,
    );
  const stored = async (id: number) => Number((await t.ctx.db.selectFrom('report_categories').select('weight').where('id', '=', id).executeTakeFirstOrThrow()).weight);

  it('is 1 unless given, is answered by the list, and is kept by an edit that leaves it out', async () => {
    const plain = await post('/api/reportCategory/create', { name: 'Off topic', status: 'Active' });
    expect(plain.statusCode).toBe(200);
    expect(await stored(plain.json().data.id)).toBe(1);

    const heavy = await post('/api/reportCategory/create', { name: 'Violence', status: 'Active', weight: 4 });
    expect(heavy.statusCode).toBe(200);
    const id = heavy.json().data.id as number;
    expect((await listed('Violence'))?.weight).toBe(4);

    expect((await post('/api/reportCategory/update', { id, name: 'Violence or threats', status: 'Active', weight: 5 })).statusCode).toBe(200);
    expect(await stored(id)).toBe(5);
    expect((await listed('Violence or threats'))?.weight).toBe(5);
    // the spec's update call, sent without the weight, keeps it
    expect((await post('/api/reportCategory/update', { id, name: 'Violence', status: 'Active' })).statusCode).toBe(200);
    expect(await stored(id)).toBe(5);
  });

  it('refuses a weight that is no whole number, with the field named', async () => {
    const res = await post('/api/reportCategory/create', { name: 'Odd', status: 'Active', weight: 'heavy' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().data.errors)).toContain('weight');
  });
});
