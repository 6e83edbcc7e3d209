// The audit trail on screen: GET /api/audit (Admins only) with its filters, search and pages, and GET
// /api/audit/:entity/:id (a record's history, for whoever may open the record). What an edit leaves in
// the trail: the fields it changed, before and after, never a password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PLAN } from '@server/db/list';
import { foldText } from '@shared/text';
import { ADMIN, bearer, createUser, dialects, loginAs, multipart, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

interface Entry {
  id: number;
  actor: { id: number; name: string; email: string } | null;
  action: string;
  entity: string;
  entity_id: string | null;
  record_name: string | null;
  path: string | null;
  created_at: string;
  changes: { field: string; before: unknown; after: unknown }[];
}
interface Page {
  data: Entry[];
  meta: { total: number; page: number; limit: number; totalExact?: false };
}

const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(dialects)('the audit log on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  const ids = {} as { category: number; user: number; spot: number; turkish: number; arabic: number; readers: number; outsider: number };
  const tokens = {} as { turkish: string; arabic: string; readers: string; outsider: string };

  const call = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
  const trail = async (query: string, token = admin) => {
    const res = await call(`/api/audit?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Page;
  };
  const post = (url: string, body: object, token = admin) =>
    t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    t = await startTestApp(dialect, { listCacheMs: 0 });
    const session = await loginAs(t, ADMIN.email, ADMIN.password);
    admin = session.token;
    adminId = session.user.id;
    ids.turkish = await createUser(t, { email: 'sukru@example.com', password: PASSWORD, user_type: 'Sub-Admin', name: 'Şükrü Çelik', permissions: ['Categories-list'] });
    ids.arabic = await createUser(t, { email: 'ahmad@example.com', password: PASSWORD, user_type: 'Sub-Admin', name: 'أحمد الحربي', permissions: ['Tags-list'] });
    // every permission there is: still no audit log
    ids.readers = await createUser(t, {
      email: 'readers@example.com',
      password: PASSWORD,
      user_type: 'Sub-Admin',
      permissions: ['User-list', 'SubAdmin-list', 'Spot-list', 'Post-list', 'Itinerary-list', 'Categories-list', 'Tags-list', 'Report-list', 'EmailTemplate-list'],
    });
    ids.outsider = await createUser(t, { email: 'outsider@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Post-list'] });
    tokens.turkish = (await loginAs(t, 'sukru@example.com', PASSWORD)).token;
    tokens.arabic = (await loginAs(t, 'ahmad@example.com', PASSWORD)).token;
    tokens.readers = (await loginAs(t, 'readers@example.com', PASSWORD)).token;
    tokens.outsider = (await loginAs(t, 'outsider@example.com', PASSWORD)).token;
  });
  afterAll(async () => t.close());

  it('keeps the fields an Admin changed on a category, a user and a spot, before and after, never a password', async () => {
    const created = await post('/api/category/create', { name: ['lagoon trips'], status: ['Active'] });
    expect(created.statusCode, created.body).toBe(200);
    ids.category = created.json().data.id;
    expect((await post('/api/category/update', { id: ids.category, name: 'Lagoon tours', status: 'Inactive' })).statusCode).toBe(200);

    ids.user = await createUser(t, { email: 'selin@example.com', password: PASSWORD, user_type: 'User', name: 'Selin Aydın' });
    const form = await multipart({ id: String(ids.user), name: 'Selin Aydın Kaya', status: 'Active', password: 'N3w@Passw0rd' });
    const edited = await t.app.inject({ method: 'POST', url: '/api/user/update-user', headers: { ...bearer(admin), ...form.headers }, payload: form.payload });
    expect(edited.statusCode, edited.body).toBe(200);

    const spot = await post('/api/spot', { name: 'Galata Tower', status: 'Active', latitude: 41.0256, longitude: 28.9741, city: 'Istanbul', country: 'Turkey' });
    expect(spot.statusCode, spot.body).toBe(200);
    ids.spot = spot.json().data.id;
    expect((await post('/api/spot', { id: ids.spot, name: 'Galata Kulesi', status: 'Active', latitude: 41.0256, longitude: 28.9741, city: 'Istanbul', country: 'Turkey' })).statusCode).toBe(200);

    const categories = await trail('entity=category');
    const [update, create] = categories.data;
    expect(update).toMatchObject({
      action: 'update',
      entity: 'category',
      entity_id: String(ids.category),
      path: null,
      actor: { id: adminId, email: ADMIN.email },
      changes: [
        { field: 'name', before: 'Lagoon trips', after: 'Lagoon tours' },
        { field: 'status', before: 'Active', after: 'Inactive' },
      ],
    });
    // a creation lists what the record was made with
    expect(create).toMatchObject({ action: 'create', entity_id: String(ids.category) });
    expect(create.changes).toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Lagoon trips' }]));

    const users = await trail(`entity=user&entity_id=${ids.user}`);
    expect(users.data).toHaveLength(1);
    expect(users.data[0]).toMatchObject({ action: 'update', path: `/user/${ids.user}` });
    expect(users.data[0].changes).toEqual([
      { field: 'name', before: 'Selin Aydın', after: 'Selin Aydın Kaya' },
      { field: 'password', before: null, after: '(changed)' },
    ]);
    const stored = await t.ctx.db.selectFrom('audit_log').select('detail').where('entity', '=', 'user').where('entity_id', '=', String(ids.user)).executeTakeFirstOrThrow();
    expect(stored.detail).not.toMatch(/N3w@Passw0rd|scrypt|\$/);

    const spots = await trail('entity=spot');
    expect(spots.data[0]).toMatchObject({ action: 'update', entity_id: String(ids.spot), path: null, changes: [{ field: 'name', before: 'Galata Tower', after: 'Galata Kulesi' }] });
    expect(spots.data[1]).toMatchObject({ action: 'create', entity_id: String(ids.spot) });

    // a post: its edited fields, and its spots and categories by name
    const made = await post('/api/post/createUpdateAdminPost', { user_id: ids.user, title: 'Boğaz turu', itinerary_date: '2026-06-01 10:00:00', type: 'post', spotData: [{ id: ids.spot }] });
    expect(made.statusCode, made.body).toBe(200);
    const postId = made.json().data.id;
    const edit = await post('/api/post/createUpdateAdminPost', { id: postId, user_id: ids.user, title: 'جولة البوسفور', itinerary_date: '2026-06-01 10:00:00', type: 'post', category_id: [ids.category], spotData: [{ id: ids.spot }] });
    expect(edit.statusCode, edit.body).toBe(200);
    const posts = await trail(`entity=post&entity_id=${postId}`);
    expect(posts.data.map((e) => e.action)).toEqual(['update', 'create']);
    expect(posts.data[0].changes).toEqual([
      { field: 'title', before: 'Boğaz turu', after: 'جولة البوسفور' },
      { field: 'categories', before: '', after: 'Lagoon tours' },
    ]);
    expect(posts.data[1].changes).toEqual(expect.arrayContaining([{ field: 'title', before: null, after: 'Boğaz turu' }, { field: 'spots', before: null, after: 'Galata Kulesi' }]));
  });

  it('names each record on the audit log: by its name now, a deleted one by the name its delete entry kept (m5)', async () => {
    const gone = await createUser(t, { email: 'gone@example.com', password: PASSWORD, user_type: 'User', name: 'Gökçe Işık' });
    const form = await multipart({ id: String(gone), name: 'Gökçe Işık Yılmaz', status: 'Active' });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/update-user', headers: { ...bearer(admin), ...form.headers }, payload: form.payload })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/delete/${gone}`, headers: bearer(admin) })).statusCode).toBe(200);
    const entries = (await trail(`entity=user&entity_id=${gone}`)).data;
    expect(entries.map((e) => [e.action, e.record_name])).toEqual([
      ['delete', 'Gökçe Işık Yılmaz'],
      ['update', 'Gökçe Işık Yılmaz'],
    ]);
    // a category renamed since its entries were written: its name now, on every entry
    const categories = (await trail(`entity=category&entity_id=${ids.category}`)).data;
    expect(categories.length).toBeGreaterThan(1);
    expect(new Set(categories.map((e) => e.record_name))).toEqual(new Set(['Lagoon tours']));
    // a post by its title, in Arabic
    const posts = (await trail('entity=post')).data;
    expect(posts[0].record_name).toBe('جولة البوسفور');
    // a record's History names no record (the page it opens on already does)
    const history = await call(`/api/audit/category/${ids.category}`, admin);
    expect(history.json().data.data.every((e: Entry) => e.record_name === null)).toBe(true);
  });

  it('filters by person, kind of record, record and days, and searches names in every language', async () => {
    // a Turkish- and an Arabic-named Sub-Admin each leave an entry
    expect((await post('/api/category/create', { name: ['Boğaz turları'], status: ['Active'] }, tokens.turkish)).statusCode).toBe(200);
    expect((await post('/api/tag/create', { name: ['مطاعم'], status: ['Active'] }, tokens.arabic)).statusCode).toBe(200);

    const byTurkish = await trail(`actor=${ids.turkish}`);
    expect(byTurkish.meta.total).toBeGreaterThanOrEqual(2);
    expect(byTurkish.data.every((e) => e.actor?.id === ids.turkish)).toBe(true);
    expect(byTurkish.data.map((e) => e.action)).toEqual(expect.arrayContaining(['create', 'login']));
    expect(byTurkish.data.find((e) => e.action === 'create')).toMatchObject({ entity: 'category', actor: { name: 'Şükrü Çelik', email: 'sukru@example.com' } });

    const tags = await trail('entity=tag');
    expect(tags.data.map((e) => e.actor?.id)).toEqual([ids.arabic]);
    expect((await trail(`entity=category&actor=${ids.arabic}`)).meta.total).toBe(0);
    expect((await trail(`entity=category&entity_id=${ids.category}`)).data.map((e) => e.action)).toEqual(['update', 'create']);

    // days are inclusive: today from and to finds today's entries, a range before or after none
    const all = (await trail('limit=100')).meta.total;
    expect((await trail(`from=${day()}&to=${day()}&limit=100`)).meta.total).toBe(all);
    expect((await trail(`from=${day(1)}`)).meta.total).toBe(0);
    expect((await trail(`to=${day(-1)}`)).meta.total).toBe(0);

    // the actor's name or email, folded as every search is: 'sukru celik', 'احمد' (أحمد), 'AHMAD@'
    for (const [term, actor] of [
      ['sukru celik', ids.turkish],
      ['Şükrü', ids.turkish],
      ['احمد', ids.arabic],
      ['AHMAD@', ids.arabic],
    ] as const) {
      const found = await trail(`filter=${encodeURIComponent(term)}`);
      expect(found.meta.total, term).toBeGreaterThan(0);
      expect(found.data.every((e) => e.actor?.id === actor), term).toBe(true);
    }
    // an action, a kind of record, a record's id
    expect((await trail('filter=login&limit=100')).data.every((e) => e.action === 'login')).toBe(true);
    expect((await trail('filter=password')).meta.total).toBe(0);
    const spotTrail = await trail('filter=spot');
    expect(spotTrail.meta.total).toBe(2);
    const byId = await trail(`filter=${encodeURIComponent(`#${ids.spot}`)}&entity=spot`);
    expect(byId.data.map((e) => e.entity_id)).toEqual([String(ids.spot), String(ids.spot)]);
    expect((await trail('filter=zzqx-nothing')).meta.total).toBe(0);
  });

  it('pages newest first, and sorts by date', async () => {
    const all = await trail('limit=100');
    const first = await trail('limit=3&page=0');
    const second = await trail('limit=3&page=1');
    expect(first.meta).toMatchObject({ total: all.meta.total, page: 0, limit: 3 });
    // the whole trail's total and a kind's are kept, not counted: the same as counting
    const counted = async (entity?: string) =>
      Number((await t.ctx.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).$if(!!entity, (qb) => qb.where('entity', '=', entity!)).executeTakeFirstOrThrow()).n);
    expect(all.meta.total).toBe(await counted());
    for (const entity of ['category', 'user', 'spot']) expect((await trail(`entity=${entity}`)).meta.total, entity).toBe(await counted(entity));
    expect([...first.data, ...second.data].map((e) => e.id)).toEqual(all.data.slice(0, 6).map((e) => e.id));
    expect(all.data.map((e) => e.id)).toEqual([...all.data.map((e) => e.id)].sort((a, b) => b - a));
    const oldest = await trail(`limit=1&order=${encodeURIComponent(JSON.stringify({ direction: 'ASC', name: 'created_at', type: 'default' }))}`);
    expect(oldest.data[0].id).toBe(all.data[all.data.length - 1].id);
  });

  it('is the Admins’ alone; a record’s history is whoever may open the record’s', async () => {
    for (const token of Object.values(tokens)) expect((await call('/api/audit', token)).statusCode).toBe(403);
    expect((await call('/api/audit')).statusCode).toBe(401);
    expect((await call(`/api/audit/user/${ids.user}`)).statusCode).toBe(401);

    const history = await call(`/api/audit/user/${ids.user}`, admin);
    expect(history.statusCode).toBe(200);
    expect((history.json().data as Page).data.map((e) => e.action)).toEqual(['update']);
    // User-list reads a user's history; Post-list alone does not
    expect((await call(`/api/audit/user/${ids.user}`, tokens.readers)).statusCode).toBe(200);
    expect((await call(`/api/audit/user/${ids.user}`, tokens.outsider)).statusCode).toBe(403);
    // a category's with Categories-list, a spot's with Spot-list
    const category = await call(`/api/audit/category/${ids.category}`, tokens.turkish);
    expect(category.statusCode).toBe(200);
    expect((category.json().data as Page).data.map((e) => e.action)).toEqual(['update', 'create']);
    expect((await call(`/api/audit/category/${ids.category}`, tokens.arabic)).statusCode).toBe(403);
    expect((await call(`/api/audit/spot/${ids.spot}`, tokens.readers)).statusCode).toBe(200);
    expect((await call(`/api/audit/spot/${ids.spot}`, tokens.outsider)).statusCode).toBe(403);
    // an Admin's account is no Sub-Admin's business
    expect((await call(`/api/audit/user/${adminId}`, tokens.readers)).statusCode).toBe(403);
    // paged like a list
    const paged = (await call(`/api/audit/category/${ids.category}?limit=1&page=1`, admin)).json().data as Page;
    expect(paged).toMatchObject({ meta: { total: 2, page: 1, limit: 1 }, data: [{ action: 'create' }] });
  });

  it('offers the staff as the person filter, and exports the trail as it is filtered', async () => {
    const people = async (query: string, token = admin) => {
      const res = await call(`/api/audit/people?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.data as { id: number; name: string; user_type: string }[]).map((p) => p.name);
    };
    // Admins and Sub-Admins, never a plain user; by name or email, folded
    expect(await people('filter=sukru')).toEqual(['Şükrü Çelik']);
    expect(await people('filter=%D8%A7%D8%AD%D9%85%D8%AF')).toEqual(['أحمد الحربي']);
    expect(await people('filter=admin%40example')).toHaveLength(1);
    expect(await people('filter=selin')).toEqual([]);
    expect(await people(`id=${ids.turkish}`)).toEqual(['Şükrü Çelik']);
    expect(await people(`id=${ids.user}`)).toEqual([]);
    expect((await call('/api/audit/people', tokens.readers)).statusCode).toBe(403);
    expect((await call('/api/audit/people?id=abc', admin)).statusCode).toBe(400);

    const csv = await call(`/api/audit?format=csv&entity=category&entity_id=${ids.category}`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"id","actor","actor_email","actor_role","action","entity","entity_id","path","created_at","ip","user_agent","changes"');
    expect(lines).toHaveLength(3);
    // the changes as JSON in one quoted cell
    expect(lines[1]).toContain('""field"":""name"",""before"":""Lagoon trips"",""after"":""Lagoon tours""');
    expect(lines[1]).toContain('""field"":""status"",""before"":""Active"",""after"":""Inactive""');
  });

  it('refuses malformed filters with a 400, never a 500', async () => {
    const bad = [
      'from=2025-13-01',
      'from=2025-02-30',
      'to=yesterday',
      'from=2025-1-1',
      'actor=abc',
      'actor=-3',
      'actor=99999999999',
      'entity=nothing',
      'entity=__proto__',
      'entity_id=12a',
      'page=-1',
      'limit=x',
      `order=${encodeURIComponent('{"direction":"DESC","name":"detail","type":"default"}')}`,
      'actor=1&actor=2',
    ];
    for (const query of bad) {
      const res = await call(`/api/audit?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBeTruthy();
    }
    for (const path of ['/api/audit/nothing/1', '/api/audit/user/abc', '/api/audit/user/0', '/api/audit/user/99999999999', '/api/audit/constructor/1']) {
      expect((await call(path, admin)).statusCode, path).toBe(400);
    }
    // a well-formed filter that matches nothing is an empty page
    expect((await trail('actor=2147483647&entity_id=2147483647')).meta.total).toBe(0);
  });

  it('reads entries written before the changed fields were recorded', async () => {
    const at = new Date().toISOString();
    const legacy = [
      { action: 'update', entity: 'user', entity_id: String(ids.user), detail: JSON.stringify({ status: 'Inactive', password: true, permissions: ['User-list'] }) },
      { action: 'moderate', entity: 'user', entity_id: String(ids.user), detail: JSON.stringify({ reportId: 4, before: 'Active', after: 'Inactive' }) },
      { action: 'update', entity: 'category', entity_id: String(ids.category), detail: JSON.stringify({ before: { id: 1, name: 'A', status: 'Active', password_hash: 'x' }, after: { name: 'B', status: 'Active', password_hash: 'y' } }) },
      { action: 'create', entity: 'category', entity_id: '1,2', detail: JSON.stringify({ created: [{ id: 1, name: 'A' }], duplicates: [] }) },
      { action: 'delete', entity: 'category', entity_id: '99', detail: JSON.stringify({ before: { id: 99, name: 'Gone', status: 'Active' } }) },
      { action: 'login', entity: 'user', entity_id: null, detail: 'not json' },
    ];
    await t.ctx.db.insertInto('audit_log').values(legacy.map((row) => ({ ...row, actor_id: null, created_at: at }))).execute();
    const read = (await trail('limit=6')).data.reverse();
    expect(read.map((e) => e.changes)).toEqual([
      [
        { field: 'status', before: null, after: 'Inactive' },
        { field: 'password', before: null, after: '(changed)' },
        { field: 'permissions', before: null, after: 'User-list' },
      ],
      [
        { field: 'status', before: 'Active', after: 'Inactive' },
        { field: 'reportId', before: null, after: 4 },
      ],
      [
        { field: 'name', before: 'A', after: 'B' },
        { field: 'password_hash', before: null, after: '(changed)' },
      ],
      [
        { field: 'created', before: null, after: '[{"id":1,"name":"A"}]' },
        { field: 'duplicates', before: null, after: '' },
      ],
      [
        { field: 'name', before: 'Gone', after: null },
        { field: 'status', before: 'Active', after: null },
      ],
      [],
    ]);
    expect(read.map((e) => [e.actor, e.path])).toEqual([
      [null, `/user/${ids.user}`],
      [null, `/user/${ids.user}`],
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it('finds the same entries through the index as by walking the trail, for common and rare terms', async () => {
    const saved = { ...SEARCH_PLAN };
    Object.assign(SEARCH_PLAN, { probeRows: 40, exactTotalUpTo: 60 });
    try {
      const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
      const actors = [adminId, ids.turkish, ids.arabic, null];
      const actions = ['update', 'update', 'create', 'delete', 'login', 'password.reset'];
      const kinds = ['category', 'tag', 'spot', 'user'];
      const people = await t.ctx.db.selectFrom('users').select(['id', 'name', 'email', 'user_type']).where('id', 'in', actors.filter((a) => a !== null)).execute();
      const person = (id: number | null) => people.find((p) => p.id === id);
      // everyone who acted, as the trail's writer keeps them
      for (const p of people) await t.ctx.db.insertInto('audit_actors').values({ id: p.id, name: p.name, email: p.email, role: p.user_type }).onConflict((oc) => oc.doNothing()).execute();
      const rows = Array.from({ length: 400 }, (_, i) => ({
        actor_id: actors[i % 4],
        actor_name: person(actors[i % 4])?.name ?? null,
        actor_email: person(actors[i % 4])?.email ?? null,
        actor_role: person(actors[i % 4])?.user_type ?? null,
        action: actions[i % 6],
        entity: kinds[i % 4],
        entity_id: String(1000 + (i % 37)),
        detail: null,
        created_at: at(i),
      }));
      await t.ctx.db.insertInto('audit_log').values(rows).execute();
      const everything = (
        await t.ctx.db
          .selectFrom('audit_log')
          .leftJoin('users', 'users.id', 'audit_log.actor_id')
          .select(['audit_log.id', 'audit_log.created_at', 'audit_log.action', 'audit_log.entity', 'audit_log.entity_id', 'users.name', 'users.email'])
          .execute()
      ).sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id); // newest first, by time
      const holds = (text: string | null, term: string) => !!text && foldText(text).includes(foldText(term));
      // the people a term names (by who acted) listed first, then their entries through the index
      for (const term of ['update', 'reset', 'sukru', 'احمد', 'admin@', 'tag', '1010', 'zzqx', 'readers@', 'outsider', 'moderate']) {
        const want = everything.filter((e) => holds(e.name, term) || holds(e.email, term) || holds(e.action, term) || holds(e.entity, term) || e.entity_id === term);
        const got = await trail(`filter=${encodeURIComponent(term)}&limit=20&page=1`);
        if (got.meta.totalExact === false) expect(want.length, term).toBeGreaterThan(SEARCH_PLAN.exactTotalUpTo / 2);
        else expect(got.meta.total, term).toBe(want.length);
        expect(got.data.map((e) => e.id), term).toEqual(want.slice(20, 40).map((e) => e.id));
      }
    } finally {
      Object.assign(SEARCH_PLAN, saved);
    }
  });
});
