// Categories, tags, report categories, email templates and content pages (spec §7): what the API
// stores and answers, on SQLite and (when configured) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, latestMail, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

describe.each(dialects)('catalogue screens on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as Record<string, unknown> });
  const get = (url: string, token = admin) => t.app.inject({ url, headers: bearer(token) });
  const del = (url: string, token = admin) => t.app.inject({ method: 'DELETE', url, headers: bearer(token) });
  const listNames = async (url: string, filter = '') =>
    (await get(`${url}?limit=100&filter=${encodeURIComponent(filter)}`)).json().data.data.map((r: { name: string }) => r.name);

  it('stores category names capitalised and adds the rest of a batch that holds duplicates', async () => {
    const first = await post('/api/category/create', { name: ['beach LIFE', 'old TOWN'], status: ['Active', 'Inactive'] });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Category has been added Successfully');
    expect(first.json().data.duplicateCategories).toBe(false);

    const mixed = await post('/api/category/create', {
      name: ['BEACH life', 'Street food', 'street FOOD', 'Museums'],
      status: ['Active', 'Active', 'Active', 'Inactive'],
    });
    expect(mixed.statusCode).toBe(200);
    const body = mixed.json();
    expect(body.message).toBe('Category has been added Successfully');
    expect(body.data.duplicateCategories).toBe(true);
    expect(body.data.data).toEqual([{ name: 'Beach life' }, { name: 'Street food' }]);
    expect(body.data.created.map((c: { name: string }) => c.name)).toEqual(['Street food', 'Museums']);

    expect(await listNames('/api/category')).toEqual(['Beach life', 'Museums', 'Old town', 'Street food']);
    const list = (await get('/api/category?filter=inactive')).json().data;
    expect(list.data.map((r: { name: string }) => r.name)).toEqual(['Museums', 'Old town']);
    expect(list.meta.total).toBe(2);

    const allDuplicates = await post('/api/category/create', { name: ['museums', 'OLD town'], status: ['Active', 'Active'] });
    expect(allDuplicates.statusCode).toBe(409);
    expect(allDuplicates.json().message).toBe('Category name such as Museums, Old town already exist.');
  });

  it('refuses blank category rows and a missing status with the spec messages', async () => {
    const blank = await post('/api/category/create', { name: ['Valid', '   '], status: ['Active', 'Active'] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Category Name should not be empty.');
    const none = await post('/api/category/create', { name: [], status: [] });
    expect(none.json().message).toBe('Category Name should not be empty.');
    const noStatus = await post('/api/category/create', { name: ['Lakes'] });
    expect(noStatus.json().message).toBe('Please select the status');
    expect(await listNames('/api/category', 'valid')).toEqual([]);
  });

  it('updates and deletes a category, refusing a name another one has', async () => {
    const created = (await post('/api/category/create', { name: ['castles'], status: ['Active'] })).json().data.created[0];
    const blank = await post('/api/category/update', { id: created.id, name: ' ', status: 'Active' });
    expect(blank.json().message).toBe('You must enter a name');
    const taken = await post('/api/category/update', { id: created.id, name: 'MUSEUMS', status: 'Active' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Category name such as Museums already exist.');
    const ok = await post('/api/category/update', { id: created.id, name: 'CASTLES and palaces', status: 'Inactive' });
    expect(ok.json().message).toBe('Category has been updated Successfully');
    expect(ok.json().data.data).toMatchObject({ name: 'Castles and palaces', status: 'Inactive' });
    // renaming to its own name in another case is not a duplicate
    expect((await post('/api/category/update', { id: created.id, name: 'castles AND palaces', status: 'Active' })).statusCode).toBe(200);

    const gone = await del(`/api/category/delete/${created.id}`);
    expect(gone.json().message).toBe('Category has been deleted Successfully');
    expect((await del(`/api/category/delete/${created.id}`)).statusCode).toBe(404);
    expect(await listNames('/api/category', 'castles')).toEqual([]);
  });

  it('stores tags lower case and reports duplicates in data.duplicateTags and data.data', async () => {
    const res = await post('/api/tag/create', { name: ['SunSet', 'Hiking'], status: ['Active', 'Active'] });
    expect(res.json().message).toBe('Tag has been added Successfully');
    const again = await post('/api/tag/create', { name: ['sunset', 'NightLife'], status: ['Active', 'Inactive'] });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ duplicateTags: true, data: ['sunset'] });
    expect(await listNames('/api/tag')).toEqual(['hiking', 'nightlife', 'sunset']);
    const dup = await post('/api/tag/create', { name: ['HIKING'], status: ['Active'] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Tag name hiking already exist.');

    const tag = (await get('/api/tag?filter=hiking')).json().data.data[0];
    const blank = await post('/api/tag/update', { id: tag.id, name: '', status: '' });
    expect(blank.json().data.errors).toMatchObject({ name: 'Please Enter Name', status: 'Please Select Status' });
    const upd = await post('/api/tag/update', { id: tag.id, name: 'Trekking', status: 'Inactive' });
    expect(upd.json()).toMatchObject({ message: 'Tag has been updated Successfully', data: { data: { name: 'trekking' } } });
    expect((await del(`/api/tag/delete/${tag.id}`)).json().message).toBe('Tag has been Deleted Successfully');
  });

  it('deleting a category or tag that posts use keeps those posts and their other links', async () => {
    const { db } = t.ctx;
    const [cat1, cat2] = (await post('/api/category/create', { name: ['Deserts', 'Islands'], status: ['Active', 'Active'] })).json().data.created;
    const [tag1, tag2] = (await post('/api/tag/create', { name: ['dunes', 'camels'], status: ['Active', 'Active'] })).json().data.created;
    const owner = await createUser(t, { email: 'owner@example.com', password: PASSWORD, user_type: 'User' });
    const stamp = new Date().toISOString();
    const { id: postId } = await db
      .insertInto('posts')
      .values({ type: 'post', user_id: owner, title: 'Sahara', description: null, latitude: null, longitude: null, itinerary_date: null, is_planeed: '1', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('post_categories').values([{ post_id: postId, category_id: cat1.id }, { post_id: postId, category_id: cat2.id }]).execute();
    await db.insertInto('post_tags').values([{ post_id: postId, tag_id: tag1.id }, { post_id: postId, tag_id: tag2.id }]).execute();

    expect((await del(`/api/category/delete/${cat1.id}`)).statusCode).toBe(200);
    expect((await del(`/api/tag/delete/${tag2.id}`)).statusCode).toBe(200);

    const stillThere = await db.selectFrom('posts').select(['id', 'deleted_at']).where('id', '=', postId).executeTakeFirst();
    expect(stillThere).toEqual({ id: postId, deleted_at: null });
    const cats = await db.selectFrom('post_categories').select('category_id').where('post_id', '=', postId).execute();
    expect(cats.map((c) => c.category_id)).toEqual([cat2.id]);
    const tags = await db.selectFrom('post_tags').select('tag_id').where('post_id', '=', postId).execute();
    expect(tags.map((c) => c.tag_id)).toEqual([tag1.id]);
  });

  // issue 34: how much a report under a category counts in a moderation case's priority (column of migration 034)
  const listedWeight = async (name: string) => ((await get(`/api/reportCategory?typeUser=admin&limit=100&filter=${encodeURIComponent(name)}`)).json().data.data as { name: string; weight: number }[]).find((r) => r.name === name)?.weight;
  const storedWeight = async (id: number) => Number((await t.ctx.db.selectFrom('report_categories').select('weight').where('id', '=', id).executeTakeFirstOrThrow()).weight);

  it('report categories have a weight: 1 unless given, answered by the list, kept by an edit that leaves it out', async () => {
    const plain = await post('/api/reportCategory/create', { name: 'Off topic', status: 'Active' });
    expect(plain.statusCode).toBe(200);
    expect(await storedWeight(plain.json().data.id)).toBe(1);

    const heavy = await post('/api/reportCategory/create', { name: 'Violence', status: 'Active', weight: 4 });
    expect(heavy.statusCode).toBe(200);
    const id = heavy.json().data.id as number;
    expect(await listedWeight('Violence')).toBe(4);

    expect((await post('/api/reportCategory/update', { id, name: 'Violence or threats', status: 'Active', weight: 5 })).statusCode).toBe(200);
    expect(await listedWeight('Violence or threats')).toBe(5);
    // the spec's update call, sent without the weight, keeps it
    expect((await post('/api/reportCategory/update', { id, name: 'Violence', status: 'Active' })).statusCode).toBe(200);
    expect(await storedWeight(id)).toBe(5);
  });

  it('refuses a report category weight that is no whole number, naming the field', async () => {
    const res = await post('/api/reportCategory/create', { name: 'Odd', status: 'Active', weight: 'heavy' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().data.errors)).toContain('weight');
  });

  it('report categories: create, duplicates, update and delete that keeps the reports', async () => {
    const res = await post('/api/reportCategory/create', { name: 'Spam', status: 'Active' });
    expect(res.json().message).toBe('Report Category has been inserted Successfully');
    const dup = await post('/api/reportCategory/create', { name: 'SPAM', status: 'Active' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: 'Category name SPAM already exist.', data: { duplicateReportCategory: true } });
    const missing = await post('/api/reportCategory/create', { name: '', status: '' });
    expect(missing.json().data.errors).toMatchObject({ 'rows.0.name': 'Please enter a name', 'rows.0.status': 'Please select the status' });

    const id = res.json().data.id;
    const upd = await post('/api/reportCategory/update', { id, name: 'Spam or scam', status: 'Inactive' });
    expect(upd.json().message).toBe('Report Category has been updated Successfully');
    expect(await listNames('/api/reportCategory?typeUser=admin')).toContain('Spam or scam');

    const reporter = await createUser(t, { email: 'reporter@example.com', password: PASSWORD, user_type: 'User' });
    const stamp = new Date().toISOString();
    const report = await t.ctx.db
      .insertInto('reports')
      .values({ type: 'user', user_id: reporter, post_id: null, comment_id: null, other_user_id: reporter, report_category_id: id, reason: 'spam', status: 'Pending', user_status_by_admin: 'Active', created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await del(`/api/reportCategory/delete/${id}`)).json().message).toBe('Report Category has been Deleted Successfully');
    const kept = await t.ctx.db.selectFrom('reports').select(['id', 'report_category_id']).where('id', '=', report.id).executeTakeFirst();
    expect(kept).toEqual({ id: report.id, report_category_id: null });
  });

  it('sanitises an email template on save, keeps its slug, and the reset mail uses the edited text', async () => {
    const list = (await get('/api/email-template?filter=forgot')).json().data.data;
    const tpl = list.find((r: { slug: string }) => r.slug === 'forgot-password');
    expect(tpl).toBeTruthy();
    const blank = await post('/api/email-template', { id: tpl.id, title: '  ', status: 'Active', description: '<p>x</p>' });
    expect(blank.json().message).toBe('Please enter a Title');

    const res = await post('/api/email-template', {
      id: tpl.id,
      title: 'Password help for {{name}}',
      status: 'Active',
      description:
        '<p style="text-align:center" onclick="steal()">Hi {{name}}, <img src="/uploads/logo.png" onerror="alert(1)"></p>' +
        '<script>alert(2)</script><p><a href="{{link}}">Choose a new password</a> <a href="javascript:alert(3)">bad</a></p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Email Template has been updated successfully');
    const saved = (await get('/api/email-template?filter=choose%20a%20new')).json().data.data[0];
    expect(saved.slug).toBe('forgot-password');
    expect(saved.description).toBe(
      '<p style="text-align:center">Hi {{name}}, <img src="/uploads/logo.png" /></p>' +
        '<p><a href="{{link}}">Choose a new password</a> <a>bad</a></p>',
    );
    expect(saved.description).not.toMatch(/onerror|onclick|script|javascript/);

    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ADMIN.email } });
    const mail = ((await latestMail(t)) ?? '').replace(/=\r?\n/g, '');
    expect(mail).toMatch(/Subject: Password help for/);
    expect(mail).toContain('Choose a new password');
  });

  it('content pages: slug from the title, unique, required fields, sanitised description, delete', async () => {
    const create = (fields: object) => post('/api/page', fields);
    const a = await create({ title: 'Privacy & Cookies', status: 'Active', description: '<p>We keep <b>little</b>.</p><script>x()</script>' });
    expect(a.json().message).toBe('Content Management has been added Successfully');
    expect(a.json().data.data).toMatchObject({ slug: 'privacy-cookies', description: '<p>We keep <b>little</b>.</p>' });
    const b = await create({ title: 'Privacy  cookies', status: 'Inactive', description: '<p>Second</p>' });
    expect(b.json().data.data.slug).toBe('privacy-cookies-2');
    const clash = await create({ title: 'Other', slug: 'privacy-cookies', status: 'Active', description: '<p>x</p>' });
    expect(clash.statusCode).toBe(409);

    const missing = await create({ title: '', status: '', description: '<p></p>' });
    expect(missing.json().data.errors).toMatchObject({
      title: 'You must enter a title',
      status: 'Please select the status',
      description: 'Please select the description',
    });

    const id = b.json().data.data.id;
    const upd = await post('/api/page', { id, title: 'About us', slug: 'about', status: 'Active', description: '<p>Hello</p>' });
    expect(upd.json()).toMatchObject({ message: 'Content Management has been updated Successfully', data: { data: { slug: 'about' } } });
    const found = (await get('/api/page?filter=about')).json().data.data;
    expect(found.map((p: { title: string }) => p.title)).toEqual(['About us']);
    expect((await del(`/api/page/delete/${id}`)).json().message).toBe('Content Management has been Deleted Successfully');
    expect((await get('/api/page?filter=about')).json().data.meta.total).toBe(0);
  });

  it('each call checks its permission; the post form may read the category and tag pickers', async () => {
    await createUser(t, { email: 'poster@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Post-list'] });
    await createUser(t, { email: 'editor@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Categories-list', 'Tags-list', 'Report-list', 'EmailTemplate-list'] });
    const poster = (await loginAs(t, 'poster@example.com', PASSWORD)).token;
    const editor = (await loginAs(t, 'editor@example.com', PASSWORD)).token;

    expect((await get('/api/category', poster)).statusCode).toBe(200);
    expect((await get('/api/tag', poster)).statusCode).toBe(200);
    expect((await post('/api/category/create', { name: ['X'], status: ['Active'] }, poster)).statusCode).toBe(403);
    expect((await post('/api/tag/create', { name: ['x'], status: ['Active'] }, poster)).statusCode).toBe(403);
    expect((await del('/api/category/delete/1', poster)).statusCode).toBe(403);
    expect((await get('/api/reportCategory', poster)).statusCode).toBe(403);
    expect((await get('/api/email-template', poster)).statusCode).toBe(403);

    expect((await post('/api/category/create', { name: ['Caves'], status: ['Active'] }, editor)).statusCode).toBe(200);
    expect((await get('/api/email-template', editor)).statusCode).toBe(200);
    // content pages are for Admins only, whatever a Sub-Admin holds
    expect((await get('/api/page', editor)).statusCode).toBe(403);
    expect((await post('/api/page', { title: 'T', status: 'Active', description: '<p>x</p>' }, editor)).statusCode).toBe(403);
    expect((await get('/api/category')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/tag' })).statusCode).toBe(401);
  });
});

describe.each(dialects)('catalogue search by status on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const at = new Date().toISOString();
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    // an Active row, an Inactive one, and an Inactive one whose name holds 'active'
    const named = [
      ['Lakes', 'Active'],
      ['Caves', 'Inactive'],
      ['Proactive trips', 'Inactive'],
    ] as const;
    for (const table of ['categories', 'tags', 'report_categories'] as const) {
      await t.ctx.db
        .insertInto(table)
        .values(named.map(([name, status]) => ({ name, name_key: name.toLowerCase(), status, created_at: at, updated_at: at })))
        .execute();
    }
    for (const table of ['content_pages', 'email_templates'] as const) {
      await t.ctx.db
        .insertInto(table)
        .values(named.map(([title, status]) => ({ title, slug: `${table}-${title.toLowerCase().replace(/ /g, '-')}`, description: `<p>${title}</p>`, status, created_at: at, updated_at: at })))
        .execute();
    }
  });
  afterAll(async () => t.close());

  const LISTS = [
    ['/api/category', 'categories', 'name'],
    ['/api/tag', 'tags', 'name'],
    ['/api/reportCategory', 'report_categories', 'name'],
    ['/api/page', 'content_pages', 'title'],
    ['/api/email-template', 'email_templates', 'title'],
  ] as const;

  it('a status term matches the status exactly, the other columns by substring, on every catalogue list', async () => {
    for (const [url, table, label] of LISTS) {
      const search = async (term: string) => {
        const res = await t.app.inject({ url: `${url}?limit=100&filter=${encodeURIComponent(term)}`, headers: bearer(admin) });
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        const body = res.json().data as { data: Record<string, string>[]; meta: { total: number } };
        expect(body.meta.total).toBe(body.data.length);
        return body.data;
      };
      const mine = (rows: Record<string, string>[]) => rows.map((r) => r[label]).filter((n) => ['Lakes', 'Caves', 'Proactive trips'].includes(n)).sort();
      for (const term of ['Active', 'active', 'ACTIVE']) {
        const rows = await search(term);
        expect(mine(rows), `${table} ${term}`).toEqual(['Lakes', 'Proactive trips']);
        // nothing Inactive comes back unless a searched column other than the status holds the word
        for (const r of rows) if (r.status !== 'Active') expect(`${r[label]} ${r.slug ?? ''} ${r.description ?? ''}`.toLowerCase(), table).toContain('active');
      }
      const inactive = await search('inactive');
      expect(mine(inactive), `${table} inactive`).toEqual(['Caves', 'Proactive trips']);
      expect(inactive.every((r) => r.status === 'Inactive'), table).toBe(true);
      // not a status value: substring over every searched column, the status too
      expect(mine(await search('ctiv')), `${table} ctiv`).toEqual(['Caves', 'Lakes', 'Proactive trips']);
    }
  });
});
