// Filters on every list (issue 35): each list's declared filters as query parameters, alone, with a
// search and with a sort; a bad value is a 400 naming the parameter; a Sub-Admin's filter never shows
// rows its list would not.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PLAN } from '@server/db/list';
import { up as listFilterIndexes } from '@server/db/migrations/038_list_filter_indexes';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';
import { makeFilterRows } from '../support/filterFixtures';

const MARK = 'fq7';
const order = (name: string, direction = 'ASC') => encodeURIComponent(JSON.stringify({ direction, name, type: 'default' }));

describe.each(dialects)('list filters on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let rows: Awaited<ReturnType<typeof makeFilterRows>>;

  beforeAll(async () => {
    t = await startTestApp(dialect, { listCacheMs: 0 });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    rows = await makeFilterRows(t.ctx, MARK);
  });
  afterAll(async () => t?.close());

  /** The answer of a list call (asserted 200) and the names of its rows that carry the mark, in order. */
  const list = async (url: string, token = admin, field = 'title') => {
    const res = await t.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json().data as { data: Record<string, unknown>[]; meta: { total: number } };
    return { names: data.map((r) => String(r[field])).filter((n) => n.includes(MARK)).map((n) => n.replace(` ${MARK}`, '')), total: meta.total };
  };
  const refused = async (url: string) => {
    const res = await t.app.inject({ url, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(400);
    return res.json() as { status: number; message: string; data: unknown };
  };
  const posts = (query: string, type = 'post') => list(`/api/post?type=${type}&limit=100&filter=${MARK}&${query}`);

  it('filters the posts by category, tag, author, spot country, Public, Planned, status and date', async () => {
    expect((await posts(`category=${rows.beaches}`)).names).toEqual(['Old shore', 'Sunrise']);
    expect((await posts(`tag=${rows.sunny}`)).names).toEqual(['Sunrise']);
    expect((await posts(`author=${rows.pierre}`)).names).toEqual(['Gallery']);
    expect((await posts(`country=France`)).names).toEqual(['Gallery']);
    expect((await posts(`public=no`)).names).toEqual(['Gallery']);
    expect((await posts(`public=yes&country=T%C3%BCrkiye`)).names).toEqual(['Old shore', 'Sunrise']);
    expect((await posts('status=Inactive')).names).toEqual(['Taken down']);
    expect((await posts('status=Active&created=7d')).names).toEqual(['Sunrise']);
    expect((await posts('created=30d')).names).toEqual(['Gallery', 'Sunrise']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await posts(`created=today`)).names).toEqual(['Sunrise']);
    expect((await posts(`created_to=${today}&created_from=2000-01-01&author=${rows.aylin}`)).names).toEqual(['Old shore', 'Sunrise']);
    // itineraries: the same filters, Planned among them
    expect((await posts(`planned=yes&tag=${rows.sunny}`, 'itinerary')).names).toEqual(['Trip']);
    expect((await posts('planned=no', 'itinerary')).names).toEqual([]);
  });

  it('combines a filter with the search and with every sort', async () => {
    const sorted = await list(`/api/post?type=post&filter=${MARK}&category=${rows.beaches}&order=${order('title', 'DESC')}`);
    expect(sorted.names).toEqual(['Sunrise', 'Old shore']);
    expect(sorted.total).toBe(2);
    for (const name of ['id', 'title', 'description', 'sequence', 'created_at', 'user', 'is_planeed', 'is_public']) {
      expect((await list(`/api/post?type=post&filter=${MARK}&author=${rows.aylin}&order=${order(name)}`)).names.sort(), name).toEqual(['Old shore', 'Sunrise']);
    }
    // a search the filter narrows: only the filtered rows that match it
    expect((await list(`/api/post?type=post&filter=${encodeURIComponent(`sunrise ${MARK}`)}&public=yes`)).names).toEqual(['Sunrise']);
    expect((await list(`/api/post?type=post&filter=${encodeURIComponent(`gallery ${MARK}`)}&public=yes`)).names).toEqual([]);
    // the hidden ones are searched too
    expect((await list(`/api/post?type=post&filter=${encodeURIComponent(`down ${MARK}`)}&status=Inactive`)).names).toEqual(['Taken down']);
    expect((await list(`/api/post?type=post&filter=${encodeURIComponent(`sunrise ${MARK}`)}&status=Inactive`)).names).toEqual([]);
    // without a search: the filtered total, not the whole list's
    const alone = await list(`/api/post?type=post&tag=${rows.sunny}`);
    expect(alone).toEqual({ names: ['Sunrise'], total: 1 });
  });

  it('finds the same rows whichever leads, the filters or the search, and through a creation range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const asked: [string, string[]][] = [
      [`category=${rows.beaches}`, ['Old shore', 'Sunrise']],
      [`country=T%C3%BCrkiye&category=${rows.beaches}`, ['Old shore', 'Sunrise']],
      [`tag=${rows.sunny}&public=yes`, ['Sunrise']],
      [`created_from=2000-01-01&created_to=${today}&country=France`, ['Gallery']],
      [`created_from=2000-01-01&created_to=${today}`, ['Old shore', 'Gallery', 'Sunrise']],
    ];
    const saved = { ...SEARCH_PLAN };
    try {
      // the default sizes (the filters' few links lead); then a cap below their links (the search leads,
      // the filters' links only bound the rows) and a probe of one row (taken for common, then for rare)
      for (const sizes of [saved, { probeRows: 1, exactTotalUpTo: 1 }, { probeRows: 2, exactTotalUpTo: 0 }]) {
        Object.assign(SEARCH_PLAN, sizes);
        for (const [query, names] of asked) {
          expect((await list(`/api/post?type=post&limit=100&filter=${MARK}&${query}&order=${order('id', 'DESC')}`)).names, `${query} ${JSON.stringify(sizes)}`).toEqual(names);
        }
      }
    } finally {
      Object.assign(SEARCH_PLAN, saved);
    }
  });

  it('filters the users by status, country, having posts or spots and date', async () => {
    const users = (query: string, sort = '') => list(`/api/user?user_type=User&limit=100&filter=${MARK}&${query}${sort}`, admin, 'name');
    expect((await users('country=France')).names).toEqual(['Pierre']);
    expect((await users('has_posts=yes&country=T%C3%BCrkiye')).names).toEqual(['Aylin']);
    // Pierre's only live post is his Gallery: it counts; his Taken down does not
    expect((await users('has_posts=no')).names).toEqual([]);
    expect((await users('has_spots=yes', `&order=${order('name')}`)).names).toEqual(['Aylin', 'Pierre']);
    expect((await users('created=7d&status=Active')).names).toEqual(['Aylin']);
    expect((await users('status=Inactive')).names).toEqual([]);
    expect((await list(`/api/user?user_type=User&country=France`, admin, 'name')).total).toBe(1);
  });

  it('filters the spots by status, country and date', async () => {
    const spots = (query: string) => list(`/api/spot?typeUser=admin&limit=100&filter=${MARK}&${query}`, admin, 'name');
    expect((await spots('status=Inactive')).names).toEqual(['Louvre']);
    expect((await spots('country=T%C3%BCrkiye&status=Active')).names).toEqual(['Galata']);
    expect((await spots(`created=30d&order=${order('name')}`)).names).toEqual(['Galata']);
  });

  it('filters the reports by reason, state and date', async () => {
    const reports = (query: string) => list(`/api/user/reports?type=post&limit=100&filter=${MARK}&${query}`, admin, 'reason');
    expect((await reports(`reason=${rows.spam}`)).names).toHaveLength(1);
    expect((await reports(`reason=${rows.rude}&state=Resolved`)).names).toHaveLength(1);
    expect((await reports(`reason=${rows.rude}&state=Pending`)).names).toHaveLength(0);
    expect((await reports(`created=7d&order=${order('reported_by')}`)).names).toHaveLength(1);
    const ids = (await t.app.inject({ url: `/api/user/reports?type=post&reason=${rows.spam}`, headers: bearer(admin) })).json().data.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([rows.spamReport]);
  });

  it('filters a declared list by the filters its fields give it (status, created date)', async () => {
    const categories = (query: string) => list(`/api/category?limit=100&filter=${MARK}&${query}`, admin, 'name');
    expect((await categories('status=Active&created=7d')).names).toEqual(['Beaches', 'Museums']);
    expect((await categories('status=Inactive')).names).toEqual([]);
    await refused('/api/category?status=Sleeping');
  });

  it('refuses a bad filter value with a 400 that names the parameter, never a 500', async () => {
    expect((await refused('/api/post?type=post&category=beaches')).message).toBe('category must be a record id');
    expect((await refused('/api/post?type=post&public=maybe')).message).toBe('public must be one of: yes, no');
    expect((await refused('/api/post?type=post&created=yesterday')).message).toBe('created must be one of: today, 7d, 30d');
    expect((await refused('/api/post?type=post&created_from=2026-02-30')).message).toBe('created_from must be a day, YYYY-MM-DD');
    expect((await refused('/api/post?type=post&created_from=2026-03-02&created_to=2026-03-01')).message).toBe('created_from must not be after created_to');
    expect((await refused('/api/user?user_type=User&has_posts=1')).message).toBe('has_posts must be one of: yes, no');
    expect((await refused('/api/spot?status=Gone')).message).toBe('status must be one of: Active, Inactive');
    expect((await refused('/api/user/reports?type=post&reason=0')).message).toBe('reason must be a record id');
    expect((await refused('/api/post?type=post&status=Active&status=Inactive')).status).toBe(400);
  });

  it("never shows a Sub-Admin rows its list would not: a richer Sub-Admin stays out whatever the filter", async () => {
    await createUser(t, { email: `rich.${MARK}@example.com`, password: 'Str0ng@Pass1', user_type: 'Sub-Admin', name: `Rich ${MARK}`, permissions: ['SubAdmin-list', 'Post-list'] });
    await createUser(t, { email: `poor.${MARK}@example.com`, password: 'Str0ng@Pass1', user_type: 'Sub-Admin', name: `Poor ${MARK}`, permissions: ['SubAdmin-list'] });
    const poor = (await loginAs(t, `poor.${MARK}@example.com`, 'Str0ng@Pass1')).token;
    const subAdmins = (query: string, token: string) => list(`/api/user?user_type=Sub-Admin&limit=100&filter=${MARK}&${query}`, token, 'name');
    expect((await subAdmins('status=Active&created=today', admin)).names.sort()).toEqual(['Poor', 'Rich']);
    expect((await subAdmins('status=Active&created=today', poor)).names).toEqual(['Poor']);
    // a Sub-Admin without Post-list gets no posts, filtered or not
    const res = await t.app.inject({ url: `/api/post?type=post&category=${rows.beaches}`, headers: bearer(poor) });
    expect(res.statusCode).toBe(403);
    // one with Post-list reads them through the same filters
    const rich = (await loginAs(t, `rich.${MARK}@example.com`, 'Str0ng@Pass1')).token;
    expect((await list(`/api/post?type=post&filter=${MARK}&author=${rows.pierre}`, rich)).names).toEqual(['Gallery']);
  });

  it('reads a rare value through its own index (migration 038, which runs again over its own work)', async () => {
    await listFilterIndexes(t.ctx.db as never);
    const plans: [string, string][] = [
      [`SELECT id FROM users WHERE user_type = 'User' AND country = 'France' ORDER BY id DESC LIMIT 10`, 'users_type_country'],
      [`SELECT id FROM reports WHERE type = 'post' AND report_category_id = 3 ORDER BY id DESC LIMIT 10`, 'reports_type_category'],
    ];
    // the links' covering indexes (a few rows here: the planner rightly scans them; the bench reads them at a million)
    const { rows: indexes } =
      dialect === 'postgres'
        ? await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes`.execute(t.ctx.db)
        : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'`.execute(t.ctx.db);
    expect(indexes.map((r) => r.name)).toEqual(expect.arrayContaining(['post_tags_tag_post', 'post_categories_category_post', 'post_spots_spot_post']));
    for (const [query, index] of plans) {
      if (dialect === 'postgres') {
        await sql`SET enable_seqscan = off`.execute(t.ctx.db);
        const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${sql.raw(query)}`.execute(t.ctx.db);
        await sql`RESET enable_seqscan`.execute(t.ctx.db);
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n'), query).toContain(index);
      } else {
        const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${sql.raw(query)}`.execute(t.ctx.db);
        expect(plan.rows.map((r) => r.detail).join('\n'), query).toContain(index);
      }
    }
  });
});
