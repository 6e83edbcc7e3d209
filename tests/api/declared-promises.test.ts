// What a field's declaration promises, kept by the declared server whatever resource declares it (issue
// 33): rich text stored only after the content pages' allow-list (no stored XSS), a `unique` field refused
// when taken (case and accents aside, race-safe: the database's unique index decides), a blank slug made
// from the title, and a table whose values are already taken twice not silently declared unique.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { RESOURCES, type ResourceDeclaration } from '../../src/shared/resources/index';
import { ensureTable } from '../../src/server/modules/declared/store';
import { ADMIN, bearer, dialects, loginAs, startTestApp, type TestApp } from '../support/api';
import { notice } from '../support/notice';

const REGISTRY: readonly ResourceDeclaration[] = [...RESOURCES, notice];
const HOSTILE = [
  '<p onclick="steal()">Sale<script>alert(1)</script></p>',
  '<a href="javascript:alert(1)">open</a><img src=x onerror="alert(2)"><iframe src="https://evil.example"></iframe>',
  '<p style="position:fixed;background:url(javascript:alert(3))">styled</p>',
].join('');

describe.each(dialects)('the promises of a declaration, kept on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const create = (values: object) => call('POST', '/api/testnotice/create', { status: 'Active', body: '<p>Body</p>', ...values });

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { resources: REGISTRY });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  it('stores a richText field only after the allow-list, on create and on update (no stored XSS)', async () => {
    const res = await create({ title: 'Script sale', body: HOSTILE });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    const stored = async () => (await t.ctx.db.selectFrom('test_notices' as never).select('body' as never).where('id' as never, '=', id as never).executeTakeFirstOrThrow()) as { body: string };
    for (const body of [res.json().data.data.body, (await stored()).body]) {
      expect(body).toContain('Sale');
      expect(body).toContain('open');
      expect(body).not.toMatch(/<script|onclick|onerror|javascript:|<iframe|position/i);
    }
    const edited = await call('POST', '/api/testnotice/update', { id, title: 'Script sale', slug: 'script-sale', status: 'Active', body: `<p>Edited</p>${HOSTILE}` });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await stored()).body).toMatch(/^<p>Edited<\/p>/);
    expect((await stored()).body).not.toMatch(/<script|onclick|onerror|javascript:|<iframe/i);
  });

  it('refuses a unique field already taken, case and accents aside, with a 409 naming it; an edit too', async () => {
    const first = await create({ title: 'Yaz İndirimi' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await create({ title: 'YAZ INDIRIMI' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, message: 'Already taken: YAZ INDIRIMI.', data: { duplicates: ['YAZ INDIRIMI'] } });
    const other = await create({ title: 'Kış İndirimi' });
    expect(other.statusCode).toBe(200);
    const renamed = await call('POST', '/api/testnotice/update', { id: other.json().data.id, title: 'yaz indirimi', slug: 'kis', status: 'Active', body: '<p>x</p>' });
    expect(renamed.statusCode, renamed.body).toBe(409);
    // nothing half-written: the record keeps its title
    expect((await call('GET', `/api/testnotice/${other.json().data.id}`)).json().data.data.title).toBe('Kış İndirimi');
    // its own title, saved again, is no clash
    const same = await call('POST', '/api/testnotice/update', { id: first.json().data.id, title: 'Yaz İndirimi', slug: 'yaz', status: 'Inactive', body: '<p>x</p>' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('takes one of 8 creates of the same title sent at once and refuses the 7 others with a 409', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => create({ title: 'Flash sale' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(7).fill(409)]);
    const rows = await t.ctx.db.selectFrom('test_notices' as never).select(sql<number>`count(*)`.as('n')).where('title' as never, '=', 'Flash sale' as never).executeTakeFirstOrThrow();
    expect(Number((rows as { n: number }).n)).toBe(1);
    // and the refused ones wrote no audit entry
    const created = await t.ctx.db.selectFrom('audit_log').select('entity_id').where('entity', '=', 'testnotice').where('action', '=', 'create').execute();
    expect(new Set(created.map((c) => c.entity_id)).size).toBe(created.length);
  });

  it('makes a blank slug from the title (Turkish letters to ASCII, Arabic kept); a typed one stays', async () => {
    const made = await create({ title: 'Kargo ve İade Koşulları' });
    expect(made.json().data.data.slug).toBe('kargo-ve-iade-kosullari');
    const arabic = await create({ title: 'عرض الصيف', slug: '' });
    expect(arabic.json().data.data.slug).toBe('عرض-الصيف');
    const typed = await create({ title: 'Typed slug', slug: 'my-own' });
    expect(typed.json().data.data.slug).toBe('my-own');
    const blanked = await call('POST', '/api/testnotice/update', { id: typed.json().data.id, title: 'Typed slug', slug: '', status: 'Active', body: '<p>Body</p>' });
    expect(blanked.json().data.data.slug).toBe('typed-slug');
  });

  it('does not start with a unique field whose values are already taken twice: it names them', async () => {
    const plain = { ...notice, name: 'testlegacy', storage: { table: 'test_legacy' }, fields: { ...notice.fields, title: { ...notice.fields.title, unique: undefined } } } as ResourceDeclaration;
    await ensureTable(t.ctx.db, t.ctx.dialect, plain);
    for (const title of ['Twin', 'twin', 'Single']) await t.ctx.db.insertInto('test_legacy' as never).values({ title, body: '<p/>', status: 'Active' } as never).execute();
    await expect(ensureTable(t.ctx.db, t.ctx.dialect, { ...plain, fields: notice.fields } as ResourceDeclaration)).rejects.toThrow(/test_legacy\.title is declared unique but some values are taken twice \(twin\)/);
  });
});
