// Lists at scale answer the same rows as the plain query would (http/list.ts's search plan: probe the
// list's order, else the index up to an exact-total cap, else walk the order), and the totals kept by
// triggers (db/counts.ts) stay equal to counting, whatever staff do. The plan's sizes are made small so
// that a few thousand rows reach every branch.
import { type SelectQueryBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '@shared/text';
import { SEARCH_PLAN } from '@server/db/list';
import type { Database } from '@server/db/schema';
import { ADMIN, bearer, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const POSTS = 1500;
const WORDS = ['harbour', 'tea', 'ferry', 'market', 'walk', 'sunrise', 'mosque', 'street', 'food', 'view'];

describe.each(dialects)('lists at scale on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const saved = { ...SEARCH_PLAN };
  const people: { id: number; name: string }[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    Object.assign(SEARCH_PLAN, { probeRows: 50, exactTotalUpTo: 100 });
    const stamp = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
    const names = ['Zeynep Yıldız', 'Ayşe Kaya', 'Mehmet Öz', 'Zeynep Demir', 'Can Aksoy', 'Élodie Martin'];
    for (const [i, name] of names.entries()) {
      const user = await t.ctx.db
        .insertInto('users')
        .values({ name, email: `p${i}@example.com`, phone: null, country_code: null, password_hash: 'x', status: i === 4 ? 'Inactive' : 'Active', user_type: 'User', profile_pic: null, thumbnail: null, location: null, country: null, latitude: null, longitude: null, shortcuts: null, created_at: stamp(i), updated_at: stamp(i) })
        .returning('id')
        .executeTakeFirstOrThrow();
      people.push({ id: user.id, name });
    }
    const rows = Array.from({ length: POSTS }, (_, k) => {
      const i = k + 1;
      const words = Array.from({ length: 8 }, (_, w) => WORDS[(i * 7 + w * 3) % WORDS.length]);
      if (i % 5 < 2) words.push('bazaar'); // 40 %
      if (i % 7 === 0) words.push('Lighthouse'); // 14 %
      if (i % 250 === 3) words.push('Kumkapı'); // 6 posts
      return {
        type: i % 10 === 0 ? 'itinerary' : 'post',
        user_id: people[i % people.length].id,
        title: `${['Çarşı', 'Galata', 'Moda', 'Balat'][i % 4]} ${i % 13}`,
        description: `${words.join(' ')} #${i}`,
        latitude: null,
        longitude: null,
        itinerary_date: null,
        is_planeed: '0',
        is_public: 1,
        sequence: i % 9,
        created_at: stamp(i % 97),
        updated_at: stamp(i),
        deleted_at: i % 31 === 0 ? stamp(i) : null,
      };
    });
    for (let k = 0; k < rows.length; k += 250) await t.ctx.db.insertInto('posts').values(rows.slice(k, k + 250)).execute();
  });
  afterAll(async () => {
    Object.assign(SEARCH_PLAN, saved);
    await t.close();
  });

  const everyPost: Record<string, Promise<{ id: number; title: string; description: string | null; created_at: string; sequence: number; user: string }[]>> = {};
  /** The list as the plain query would answer it, computed from every row (read once per type). */
  async function expected(type: string, term: string, sort: 'id' | 'title' | 'created_at' | 'sequence' | 'user', direction: 'ASC' | 'DESC', page: number) {
    const all = await (everyPost[type] ??= t.ctx.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.user_id')
      .select(['posts.id', 'posts.title', 'posts.description', 'posts.created_at', 'posts.sequence', 'users.name as user'])
      .where('posts.type', '=', type)
      .where('posts.deleted_at', 'is', null)
      .execute());
    const needle = foldText(term);
    const hits = all.filter((p) => [p.title, p.description ?? '', p.user].some((text) => foldText(text).includes(needle)));
    const sign = direction === 'ASC' ? 1 : -1;
    const key = (p: (typeof all)[number]) => p[sort] as string | number;
    hits.sort((a, b) => (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : (a.id - b.id) * sign));
    return { ids: hits.slice(page * 10, page * 10 + 10).map((p) => p.id), total: hits.length };
  }

  const list = async (type: string, term: string, sort: string, direction: string, page: number) => {
    const order = encodeURIComponent(JSON.stringify({ direction, name: sort, type: 'default' }));
    const res = await t.app.inject({ url: `/api/post?type=${type}&page=${page}&limit=10&filter=${encodeURIComponent(term)}&order=${order}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    return { ids: body.data.map((p: { id: number }) => p.id), total: body.meta.total as number, exact: body.meta.totalExact !== false };
  };

  /** The plan of a list's page statement, as http/list.ts builds it: the ids in the order, the id breaking ties. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the lists' tables and aliases differ
  const pagePlan = async (q: SelectQueryBuilder<Database, any, { id: unknown }>, column: string, id: string, direction: 'asc' | 'desc', offset: number) => {
    const page = q.orderBy(sql.ref(column), direction).orderBy(sql.ref(id), direction).limit(10).offset(offset).compile();
    if (dialect === 'postgres') {
      return t.ctx.db.transaction().execute(async (trx) => {
        // the table is small here: the planner is told a million rows' choice (no whole-table read)
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...page, sql: `EXPLAIN ${page.sql}` });
        return rows.map((r) => r['QUERY PLAN']).join(' ');
      });
    }
    const { rows } = await t.ctx.db.executeQuery<{ detail: string }>({ ...page, sql: `EXPLAIN QUERY PLAN ${page.sql}` });
    return rows.map((r) => r.detail).join(' ');
  };

  // common in the first rows, common but thin there, rare, a reference, an author, nothing; typed without accents
  const terms = ['bazaar', 'lighthouse', 'kumkapi', '#12', '#123', 'zeynep', 'elodie', 'carsi 1', 'zqxv-nothing'];

  it('answers every term, sort and page with the rows of the plain query; totals exact up to the cap, else flagged', async () => {
    for (const type of ['post', 'itinerary']) {
      for (const term of terms) {
        for (const [sort, direction] of [['id', 'DESC'], ['title', 'ASC'], ['created_at', 'DESC'], ['sequence', 'ASC'], ['user', 'DESC']] as const) {
          for (const page of [0, 3]) {
            const want = await expected(type, term, sort, direction, page);
            const got = await list(type, term, sort, direction, page);
            const where = `${type} '${term}' by ${sort} ${direction}, page ${page}`;
            expect(got.ids, where).toEqual(want.ids);
            if (got.exact) expect(got.total, where).toBe(want.total);
            else {
              expect(got.total, where).toBe(SEARCH_PLAN.exactTotalUpTo);
              expect(want.total, where).toBeGreaterThan(SEARCH_PLAN.exactTotalUpTo / 2);
            }
          }
        }
      }
    }
    // the common term's first page says "more than the cap"; the rare ones are exact
    expect(await list('post', 'bazaar', 'id', 'DESC', 0)).toMatchObject({ total: 100, exact: false });
    expect(await list('post', 'kumkapi', 'id', 'DESC', 0)).toMatchObject({ total: (await expected('post', 'kumkapi', 'id', 'DESC', 0)).total, exact: true });
  }, 60_000);

  it('keeps the maintained totals equal to counting through adds, soft deletes, status changes and deletions', async () => {
    const get = async (url: string) => (await t.app.inject({ url, headers: bearer(admin) })).json().data;
    const counted = async () => {
      const n = async (q: string) => Number((await sql<{ n: number }>`${sql.raw(q)}`.execute(t.ctx.db)).rows[0].n);
      return {
        user: await n(`SELECT count(*) AS n FROM users WHERE user_type = 'User'`),
        active: await n(`SELECT count(*) AS n FROM users WHERE user_type = 'User' AND status = 'Active'`),
        post: await n(`SELECT count(*) AS n FROM posts WHERE type = 'post' AND deleted_at IS NULL`),
        itinerary: await n(`SELECT count(*) AS n FROM posts WHERE type = 'itinerary' AND deleted_at IS NULL`),
        spot: await n('SELECT count(*) AS n FROM spots'),
        report: await n('SELECT count(*) AS n FROM reports'),
      };
    };
    const shown = async () => {
      const stats = await get('/api/user/user-statistics');
      return {
        user: stats.user,
        active: stats.userByStatus.find((s: { status: string }) => s.status === 'Active').count,
        post: stats.post,
        itinerary: stats.itinerary,
        spot: stats.spot,
        report: stats.report,
      };
    };
    expect(await shown()).toEqual(await counted());
    expect((await get('/api/post?type=post&page=0&limit=10')).meta.total).toBe((await counted()).post);

    // a soft delete through the API, a status change, a deleted user (their posts go with them)
    const firstPost = (await get('/api/post?type=post&page=0&limit=1')).data[0].id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/post/adminPostDelete/${firstPost}`, headers: bearer(admin) })).statusCode).toBe(200);
    await t.ctx.db.updateTable('users').set({ status: 'Inactive' }).where('id', '=', people[0].id).execute();
    await t.ctx.db.updateTable('posts').set({ type: 'itinerary' }).where('id', '=', firstPost + 1).execute();
    await t.ctx.db.updateTable('posts').set({ user_id: people[1].id }).where('user_id', '=', people[2].id).execute();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/delete/${people[3].id}`, headers: bearer(admin) })).statusCode).toBe(200);
    expect(await shown()).toEqual(await counted());

    // the users list's per-user counts follow too, and sort
    const byPosts = encodeURIComponent(JSON.stringify({ direction: 'DESC', name: 'postCount', type: 'default' }));
    const users = (await get(`/api/user?user_type=User&page=1&limit=10&order=${byPosts}`)).data as { id: number; postCount: number; itineraryCount: number }[];
    for (const u of users) {
      const real = await t.ctx.db
        .selectFrom('posts')
        .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', u.id)
        .where('deleted_at', 'is', null)
        .groupBy('type')
        .execute();
      const of = (type: string) => Number(real.find((r) => r.type === type)?.n ?? 0);
      expect([u.postCount, u.itineraryCount]).toEqual([of('post'), of('itinerary')]);
    }
    expect(users.map((u) => u.postCount)).toEqual([...users.map((u) => u.postCount)].sort((a, b) => b - a));

    // a renamed author: the posts list shows, sorts and finds the new name
    await t.ctx.db.updateTable('users').set({ name: 'Zübeyde Renamed' }).where('id', '=', people[1].id).execute();
    const byUser = encodeURIComponent(JSON.stringify({ direction: 'DESC', name: 'user', type: 'default' }));
    const found = await get(`/api/post?type=post&page=0&limit=10&filter=zubeyde&order=${byUser}`);
    const real = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM posts WHERE type = 'post' AND deleted_at IS NULL AND user_id = ${people[1].id}`.execute(t.ctx.db)).rows[0].n);
    expect(found.meta).toMatchObject(real > SEARCH_PLAN.exactTotalUpTo ? { total: SEARCH_PLAN.exactTotalUpTo, totalExact: false } : { total: real });
    expect(new Set(found.data.map((p: { user: string }) => p.user))).toEqual(new Set(['Zübeyde Renamed']));
  });

  it('finds a post through its own type’s search index after edits, a change of type and a deletion', async () => {
    const get = async (url: string) => (await t.app.inject({ url, headers: bearer(admin) })).json().data;
    const found = async (type: string, term: string) => {
      const body = await get(`/api/post?type=${type}&page=0&limit=10&filter=${encodeURIComponent(term)}`);
      return { ids: body.data.map((p: { id: number }) => p.id), total: body.meta.total };
    };
    const [a, b] = (await t.ctx.db.selectFrom('posts').select('id').where('type', '=', 'post').where('deleted_at', 'is', null).orderBy('id').limit(2).execute()).map((p) => p.id);
    // a rare word: answered from the search index (the probe of the newest rows finds none)
    await t.ctx.db.updateTable('posts').set({ title: 'Quokka terrace' }).where('id', '=', a).execute();
    await t.ctx.db.updateTable('posts').set({ description: 'a quokka at the pier' }).where('id', '=', b).execute();
    expect(await found('post', 'QUOKKA')).toEqual({ ids: [b, a], total: 2 });
    expect(await found('itinerary', 'quokka')).toEqual({ ids: [], total: 0 });
    // moved to the itineraries: found there only
    await t.ctx.db.updateTable('posts').set({ type: 'itinerary' }).where('id', '=', a).execute();
    expect(await found('post', 'quokka')).toEqual({ ids: [b], total: 1 });
    expect(await found('itinerary', 'quokka')).toEqual({ ids: [a], total: 1 });
    // edited again, then deleted for good
    await t.ctx.db.updateTable('posts').set({ title: 'Wombat terrace' }).where('id', '=', a).execute();
    expect(await found('itinerary', 'quokka')).toEqual({ ids: [], total: 0 });
    expect(await found('itinerary', 'wombat')).toEqual({ ids: [a], total: 1 });
    await t.ctx.db.deleteFrom('post_spots').where('post_id', 'in', [a, b]).execute();
    await t.ctx.db.deleteFrom('posts').where('id', 'in', [a, b]).execute();
    expect(await found('itinerary', 'wombat')).toEqual({ ids: [], total: 0 });
    expect(await found('post', 'quokka')).toEqual({ ids: [], total: 0 });
  });

  it('answers the report lists like the joined query, and follows renames and edits of what they point at', async () => {
    const stamp = (i: number) => new Date(Date.UTC(2024, 2, 1) + i * 60_000).toISOString();
    const categories: number[] = [];
    for (const name of ['Spam', 'Nudity', 'Hate speech']) {
      categories.push(
        (await t.ctx.db.insertInto('report_categories').values({ name, name_key: name.toLowerCase(), status: 'Active', created_at: stamp(0), updated_at: stamp(0) }).returning('id').executeTakeFirstOrThrow()).id,
      );
    }
    // the people left after the test above deleted one
    const living = await t.ctx.db.selectFrom('users').select('id').where('id', 'in', people.map((p) => p.id)).execute();
    const persons = people.filter((p) => living.some((l) => l.id === p.id));
    const postIds = (await t.ctx.db.selectFrom('posts').select('id').where('type', '=', 'post').orderBy('id').limit(400).execute()).map((p) => p.id);
    const commentIds: number[] = [];
    for (let i = 0; i < 150; i++) {
      const words = ['rude', 'spam link', 'bazaar scam', 'lovely photo', 'Kumkapı fish'][i % 5];
      commentIds.push(
        (await t.ctx.db
          .insertInto('comments')
          .values({ post_id: postIds[(i * 7) % postIds.length], user_id: persons[(i + 2) % persons.length].id, comment: `${words} ${i}`, created_at: stamp(i), deleted_at: null })
          .returning('id')
          .executeTakeFirstOrThrow()).id,
      );
    }
    const reports = Array.from({ length: 330 }, (_, i) => {
      const type = (['post', 'comment', 'user'] as const)[i % 3];
      return {
        type,
        user_id: persons[i % persons.length].id,
        post_id: type === 'post' ? postIds[(i * 13) % postIds.length] : null,
        comment_id: type === 'comment' ? commentIds[(i * 11) % commentIds.length] : null,
        other_user_id: type === 'user' ? persons[(i + 1) % persons.length].id : null,
        report_category_id: i % 4 === 3 ? null : categories[i % 3],
        reason: [`advert ${i % 17}`, 'rude words', null][i % 3],
        status: i % 5 ? 'Pending' : 'Resolved',
        user_status_by_admin: i % 7 ? 'Active' : 'Inactive',
        created_at: stamp(i % 41),
        updated_at: stamp(i),
      };
    });
    await t.ctx.db.insertInto('reports').values(reports).execute();

    /** The report list as the joined query answers it, from every row. */
    async function expected(type: string, term: string, sort: string, direction: 'ASC' | 'DESC', page: number) {
      const { rows } = await sql<Record<string, string | number | null>>`
        SELECT r.id, r.type, r.reason, r.status, r.user_status_by_admin, r.created_at, reporter.name AS reported_by,
          CASE r.type WHEN 'post' THEN author.name WHEN 'comment' THEN commenter.name ELSE other.name END AS created_by,
          p.title AS post_title, p.description AS post_text, c.comment AS comment, rc.name AS category
        FROM reports r
        LEFT JOIN users reporter ON reporter.id = r.user_id
        LEFT JOIN posts p ON p.id = r.post_id LEFT JOIN users author ON author.id = p.user_id
        LEFT JOIN comments c ON c.id = r.comment_id LEFT JOIN users commenter ON commenter.id = c.user_id
        LEFT JOIN users other ON other.id = r.other_user_id
        LEFT JOIN report_categories rc ON rc.id = r.report_category_id
        WHERE r.type = ${type}`.execute(t.ctx.db);
      const needle = foldText(term);
      const texts = ['type', 'reason', 'status', 'user_status_by_admin', 'reported_by', 'created_by', 'post_title', 'post_text', 'comment', 'category'];
      const hits = rows.filter((r) => texts.some((c) => foldText(String(r[c] ?? '')).includes(needle)));
      const column = sort === 'status' ? 'user_status_by_admin' : sort;
      const sign = direction === 'ASC' ? 1 : -1;
      // NULL sorts first on SQLite, last on PostgreSQL
      const nullRank = dialect === 'postgres' ? 1 : -1;
      const cmp = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
        const x = a[column];
        const y = b[column];
        if (x === y) return 0;
        if (x === null) return nullRank;
        if (y === null) return -nullRank;
        return x < y ? -1 : 1;
      };
      hits.sort((a, b) => (cmp(a, b) || Number(a.id) - Number(b.id)) * sign);
      const shown = hits.slice(page * 10, page * 10 + 10);
      return {
        ids: shown.map((r) => Number(r.id)),
        total: hits.length,
        texts: shown.map((r) => ({ reported_by: r.reported_by, created_by: r.created_by, post_title: r.post_title, comment: r.comment, category: r.category })),
      };
    }
    interface ShownReport {
      id: number;
      user: { name: string | null };
      reportedUserInfo: { name: string | null } | null;
      post: { title: string | null } | null;
      comment: { comment: string | null } | null;
      category: { name: string } | null;
    }
    const listReports = async (type: string, term: string, sort: string, direction: string, page: number) => {
      const order = encodeURIComponent(JSON.stringify({ direction, name: sort, type: 'default' }));
      const res = await t.app.inject({ url: `/api/user/reports?type=${type}&page=${page}&limit=10&filter=${encodeURIComponent(term)}&order=${order}`, headers: bearer(admin) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json().data as { data: ShownReport[]; meta: { total: number; totalExact?: boolean } };
      return {
        ids: body.data.map((r) => r.id),
        total: body.meta.total,
        exact: body.meta.totalExact !== false,
        // the names and texts each row shows
        texts: body.data.map((r) => ({
          reported_by: r.user.name,
          created_by: r.reportedUserInfo?.name ?? null,
          post_title: r.post?.title ?? null,
          comment: r.comment?.comment ?? null,
          category: r.category?.name ?? null,
        })),
      };
    };
    const sorts = ['id', 'created_at', 'reason', 'status', 'reported_by', 'created_by', 'post_title', 'comment'];
    const compare = async (terms: string[]) => {
      for (const type of ['post', 'comment', 'user']) {
        for (const term of terms) {
          for (const [k, sort] of sorts.entries()) {
            const direction = k % 2 ? 'ASC' : 'DESC';
            for (const page of term ? [0, 2] : [0, 5]) {
              const want = await expected(type, term, sort, direction, page);
              const got = await listReports(type, term, sort, direction, page);
              const where = `${type} report '${term}' by ${sort} ${direction}, page ${page}`;
              expect(got.ids, where).toEqual(want.ids);
              expect(got.texts, where).toEqual(want.texts);
              if (got.exact) expect(got.total, where).toBe(want.total);
              else expect(got.total, where).toBe(SEARCH_PLAN.exactTotalUpTo);
            }
          }
        }
      }
    };
    // no search; a reporter's or target's name; a post word, title, reference; a comment; a category; a reason; nothing
    await compare(['', 'zeynep', 'elodie', 'bazaar', 'galata', '#12', 'fish', 'nudity', 'advert 1', 'zqxv-nothing']);

    // what the reports point at changes: the lists show, sort and find the new texts (the rows' names and texts too)
    await t.ctx.db.updateTable('users').set({ name: 'Yusuf Yenişehir' }).where('id', '=', persons[0].id).execute();
    await t.ctx.db.updateTable('posts').set({ title: 'Kızkulesi at dawn' }).where('id', 'in', postIds.slice(0, 40)).execute();
    await t.ctx.db.updateTable('posts').set({ user_id: persons[persons.length - 1].id }).where('id', 'in', postIds.slice(40, 80)).execute();
    await t.ctx.db.updateTable('comments').set({ comment: 'edited: selling followers' }).where('id', 'in', commentIds.slice(0, 30)).execute();
    await t.ctx.db.updateTable('report_categories').set({ name: 'Fraud' }).where('id', '=', categories[0]).execute();
    await t.ctx.db.deleteFrom('report_categories').where('id', '=', categories[1]).execute();
    await compare(['', 'yenisehir', 'kizkulesi', 'elodie', 'followers', 'fraud', 'nudity', 'spam']);
  }, 120_000);
  it('walks the sort key indexes of the Users, Sub-Admins and Spots lists on the first page and a deep one (m8)', async () => {
    const names = ['Çay bahçesi', 'Ödemiş', 'Şabanözü', 'İzmir', 'ırmak', 'Zoos', 'Cami', 'يوسف'];
    const stamp = new Date(Date.UTC(2024, 5, 1)).toISOString();
    const rows = Array.from({ length: 4000 }, (_, i) => ({ i, name: `${names[i % names.length]} ${i}`, place: i % 3 ? names[(i * 5) % names.length] : null }));
    for (let k = 0; k < rows.length; k += 500) {
      const batch = rows.slice(k, k + 500);
      await t.ctx.db
        .insertInto('users')
        .values(batch.map(({ i, name, place }) => ({ name, email: `sorted${i}@example.com`, phone: null, country_code: null, password_hash: 'x', status: 'Active', user_type: i % 2 ? 'User' : 'Sub-Admin', profile_pic: null, thumbnail: null, location: place, country: null, latitude: null, longitude: null, shortcuts: null, created_at: stamp, updated_at: stamp })))
        .execute();
      await t.ctx.db
        .insertInto('spots')
        .values(batch.map(({ i, name, place }) => ({ user_id: people[0].id, name, status: 'Active', address: null, country: place, state: null, city: null, post_code: null, latitude: 40 + i / 1000, longitude: 29, image: null, thumbnail_url: null, created_at: stamp, updated_at: stamp })))
        .execute();
    }
    for (const table of ['users', 'spots']) await sql`ANALYZE ${sql.table(table)}`.execute(t.ctx.db);
    const planOf = (table: 'users' | 'spots', key: string, userType: string | null, direction: 'asc' | 'desc', offset: number) => {
      let q = t.ctx.db.selectFrom(table).select(sql.ref(`${table}.id`).as('id'));
      if (userType) q = q.where(sql.ref('users.user_type'), '=', userType);
      return pagePlan(q, `${table}.${key}`, `${table}.id`, direction, offset);
    };
    const lists = [
      ['users', 'name_sort', 'User', 'users_type_name_sort'],
      ['users', 'location_sort', 'User', 'users_type_location_sort'],
      ['users', 'name_sort', 'Sub-Admin', 'users_type_name_sort'],
      ['spots', 'name_sort', null, 'spots_name_sort'],
      ['spots', 'country_sort', null, 'spots_country_sort'],
      ['spots', 'user_name_sort', null, 'spots_user_name_sort'],
    ] as const;
    for (const [table, key, userType, index] of lists) {
      for (const direction of ['asc', 'desc'] as const) {
        // the first page and page 51 (a deep page for a list this size: at a million rows a sort of every row costs far more)
        for (const offset of [0, 500]) {
          const plan = await planOf(table, key, userType, direction, offset);
          expect(plan, `${table} ${userType ?? ''} by ${key} ${direction}, offset ${offset}`).toContain(index);
          expect(plan, `${table} ${userType ?? ''} by ${key} ${direction}, offset ${offset}`).not.toMatch(/TEMP B-TREE|Sort/);
        }
      }
    }
  });
  it('walks an index of its own for the hidden posts, the users of a status and the reports of a state, in every order they are asked for (no sort step)', async () => {
    const stamp = new Date(Date.UTC(2024, 6, 1)).toISOString();
    // hidden posts and users of each status enough for the planner to prefer an index walk to a sort
    const hiddenPosts = Array.from({ length: 3000 }, (_, i) => ({ type: i % 10 ? 'post' : 'itinerary', user_id: people[0].id, title: `Hidden ${i % 97}`, description: `gone ${i}`, latitude: null, longitude: null, itinerary_date: null, is_planeed: String(i % 2), is_public: i % 2, sequence: i % 9, created_at: stamp, updated_at: stamp, deleted_at: stamp }));
    for (let k = 0; k < hiddenPosts.length; k += 500) await t.ctx.db.insertInto('posts').values(hiddenPosts.slice(k, k + 500)).execute();
    const statuses = ['Active', 'Inactive', 'Pending', 'Request Pending'] as const;
    const users = Array.from({ length: 3000 }, (_, i) => ({ name: `Kişi ${i % 211}`, email: `state${i}@example.com`, phone: null, country_code: null, password_hash: 'x', status: statuses[i % 4], user_type: 'User', profile_pic: null, thumbnail: null, location: null, country: null, latitude: null, longitude: null, shortcuts: null, created_at: stamp, updated_at: stamp }));
    for (let k = 0; k < users.length; k += 500) await t.ctx.db.insertInto('users').values(users.slice(k, k + 500)).execute();
    for (const table of ['posts', 'users', 'reports']) await sql`ANALYZE ${sql.table(table)}`.execute(t.ctx.db);

    const hidden = (type: string) => t.ctx.db.selectFrom('posts').select(sql.ref('posts.id').as('id')).where('posts.type', '=', type).where('posts.deleted_at', 'is not', null);
    const ofStatus = (status: string) => t.ctx.db.selectFrom('users').select(sql.ref('users.id').as('id')).where('users.user_type', '=', 'User').where('users.status', '=', status);
    const pending = (type: string) => t.ctx.db.selectFrom('reports as r').select(sql.ref('r.id').as('id')).where('r.type', '=', type).where('r.status', '=', 'Pending');
    const lists = [
      ...['title', 'description', 'sequence', 'created_at', 'user_name', 'is_planeed', 'is_public'].flatMap((column) =>
        ['post', 'itinerary'].map((type) => [`hidden ${type}s`, hidden(type), `posts.${column}`, 'posts.id', `posts_hidden_${column}`, 50] as const),
      ),
      ...['name_sort', 'email', 'created_at'].flatMap((column) =>
        ['Inactive', 'Pending'].map((status) => [`${status} users`, ofStatus(status), `users.${column}`, 'users.id', `users_type_status_${column}`, 50] as const),
      ),
      // some 80 pending reports of a type here: a deeper page than the second is most of them (PostgreSQL sorts them)
      ...['post', 'comment', 'user'].map((type) => [`pending ${type} reports`, pending(type), 'r.reporter_name', 'r.id', 'reports_type_status_reporter_name', 10] as const),
    ];
    for (const [list, q, column, id, index, deep] of lists) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const offset of [0, deep]) {
          const plan = await pagePlan(q, column, id, direction, offset);
          const where = `${list} by ${column} ${direction}, offset ${offset}: ${plan}`;
          expect(plan, where).toContain(index);
          expect(plan, where).not.toMatch(/TEMP B-TREE|Sort/);
        }
      }
    }
  });

  it('keeps the totals of the categories, tags and report categories in row_counts, which the dashboard and their lists read', async () => {
    const stamp = new Date(Date.UTC(2024, 7, 1)).toISOString();
    const kept = async (name: string) => Number((await t.ctx.db.selectFrom('row_counts').select('n').where('name', '=', name).executeTakeFirst())?.n ?? 0);
    const counted = async (table: 'categories' | 'tags' | 'report_categories') => Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const get = async (url: string) => (await t.app.inject({ url, headers: bearer(admin) })).json().data;
    const check = async () => {
      const stats = await get('/api/user/user-statistics');
      for (const [table, list, shown] of [['categories', '/api/category', stats.categoriescount], ['tags', '/api/tag', stats.tag], ['report_categories', '/api/reportCategory', undefined]] as const) {
        const real = await counted(table);
        expect(await kept(table), table).toBe(real);
        if (shown !== undefined) expect(shown, table).toBe(real);
        expect((await get(`${list}?page=0&limit=10`)).meta.total, table).toBe(real);
      }
    };
    await check();
    for (const table of ['categories', 'tags', 'report_categories'] as const) {
      const names = Array.from({ length: 7 }, (_, i) => `counted ${table} ${i}`);
      await t.ctx.db.insertInto(table).values(names.map((name) => ({ name, name_key: name, status: 'Active', created_at: stamp, updated_at: stamp }))).execute();
      await t.ctx.db.deleteFrom(table).where('name', 'in', names.slice(0, 3)).execute();
      await t.ctx.db.updateTable(table).set({ status: 'Inactive' }).where('name', '=', names[4]).execute();
    }
    await check();
  });
});
