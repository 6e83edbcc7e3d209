// What a field's declaration promises, kept by the declared server whatever resource declares it (issue
// 33): a `unique` field refused when taken (case and accents aside), a blank slug made from the title (the first
// free one: -2, -3…), and
// a table whose values are already taken twice not silently declared unique. Rich text stored only after
// the allow-list and `unique` under saves sent at once are tried over every declaration in
// declared-suite.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { ADMIN, bearer, dialects, loginAs, migrateFurther, startTestApp, type TestApp } from '../support/api';
import { notice } from '../support/notice';

const REGISTRY: readonly ResourceDeclaration[] = [...RESOURCES, notice];

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

  it('makes a blank slug from the title (Turkish letters to ASCII, Arabic kept); a typed one stays', async () => {
    const made = await create({ title: 'Kargo ve İade Koşulları' });
    expect(made.json().data.data.slug).toBe('kargo-ve-iade-kosullari');
    // a title whose slug another record holds: the first free one, as the content pages do
    const twin = await create({ title: 'Kargo ve iade koşulları?' });
    expect(twin.json().data.data.slug).toBe('kargo-ve-iade-kosullari-2');
    const arabic = await create({ title: 'عرض الصيف', slug: '' });
    expect(arabic.json().data.data.slug).toBe('عرض-الصيف');
    const typed = await create({ title: 'Typed slug', slug: 'my-own' });
    expect(typed.json().data.data.slug).toBe('my-own');
    const blanked = await call('POST', '/api/testnotice/update', { id: typed.json().data.id, title: 'Typed slug', slug: '', status: 'Active', body: '<p>Body</p>' });
    expect(blanked.json().data.data.slug).toBe('typed-slug');
    const retitled = await call('POST', '/api/testnotice/update', { id: typed.json().data.id, title: 'Kargo ve İade Koşulları!', slug: '', status: 'Active', body: '<p>Body</p>' });
    expect(retitled.json().data.data.slug).toBe('kargo-ve-iade-kosullari-3');
  });

  it('refuses to migrate a table to a unique field whose values are already taken twice: it names them', async () => {
    const plain = { ...notice, name: 'testlegacy', storage: { table: 'test_legacy' }, fields: { ...notice.fields, title: { ...notice.fields.title, unique: undefined } } } as ResourceDeclaration;
    await migrateFurther(t, [plain]);
    for (const title of ['Twin', 'twin', 'Single']) await t.ctx.db.insertInto('test_legacy' as never).values({ title, body: '<p/>', status: 'Active' } as never).execute();
    await expect(migrateFurther(t, [{ ...plain, fields: notice.fields } as ResourceDeclaration])).rejects.toThrow(/test_legacy\.title is declared unique but some values are taken twice \(twin\)/);
  });
});
