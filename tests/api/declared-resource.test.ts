// A resource declared and nothing else (tests/support/faq.ts, the README's "Adding a resource"): the
// server makes its table, answers its list with search, sort and pages, creates, shows, updates and
// deletes its records, checks every body with the declaration's schema and documents each call in the
// OpenAPI document. Its rule is tried by every kind of caller in the refusal matrix (refusals.test.ts),
// which adds the same FAQ to the registry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { ADMIN, bearer, dialects, loginAs, migrateFurther, startTestApp, type TestApp } from '../support/api';
import { testFaq } from '../support/faq';

const REGISTRY: readonly ResourceDeclaration[] = [...RESOURCES, testFaq];

describe.each(dialects)('a declared resource (FAQ) on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const listed = async (query: string) => {
    const res = await call('GET', `/api/testfaq${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { data: { id: number; question: string; status: string }[]; meta: { total: number; page: number; limit: number } };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { resources: REGISTRY });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  it('creates, lists, shows, updates and deletes records, in any of the three languages', async () => {
    const questions = ['How do I share a spot?', 'İstanbul’da hangi semtler önerilir?', 'كيف أضيف مسار رحلة؟'];
    const ids: number[] = [];
    for (const question of questions) {
      const res = await call('POST', '/api/testfaq/create', { question: `  ${question} `, answer: `Answer to ${question}\nSecond line.`, status: 'Active' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('The record has been added.');
      const { id, data } = res.json().data;
      expect(data).toMatchObject({ id, question, status: 'Active' });
      expect(data.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      ids.push(id);
    }
    // newest first, the declared default order
    const all = await listed('');
    expect(all.meta).toEqual({ total: 3, page: 0, limit: 10 });
    expect(all.data.map((r) => r.id)).toEqual([...ids].reverse());
    expect(Object.keys(all.data[0]).sort()).toEqual(['answer', 'created_at', 'id', 'question', 'status', 'updated_at']);

    // the search folds case, dots and Arabic letter forms as the other lists do
    expect((await listed('?filter=ISTANBUL')).data.map((r) => r.id)).toEqual([ids[1]]);
    expect((await listed(`?filter=${encodeURIComponent('اضيف')}`)).data.map((r) => r.id)).toEqual([ids[2]]);
    expect((await listed('?filter=second%20line')).meta.total).toBe(3);
    expect((await listed('?filter=100%25')).meta.total).toBe(0);

    // sort by a sortable field, both ways, and pages
    const order = (direction: string) => `&order=${encodeURIComponent(JSON.stringify({ direction, name: 'question', type: 'default' }))}`;
    const ascending = await listed(`?limit=2&page=0${order('ASC')}`);
    expect(ascending.meta).toEqual({ total: 3, page: 0, limit: 2 });
    const second = await listed(`?limit=2&page=1${order('ASC')}`);
    const sorted = [...ascending.data, ...second.data].map((r) => r.question);
    expect(sorted).toHaveLength(3);
    expect((await listed(`?limit=3${order('DESC')}`)).data.map((r) => r.question)).toEqual([...sorted].reverse());
    // a field the declaration does not call sortable is no sort
    const unsortable = await call('GET', `/api/testfaq?order=${encodeURIComponent(JSON.stringify({ direction: 'ASC', name: 'answer', type: 'default' }))}`);
    expect(unsortable.statusCode).toBe(400);

    const one = await call('GET', `/api/testfaq/${ids[0]}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.data).toMatchObject({ id: ids[0], question: questions[0] });

    const updated = await call('POST', '/api/testfaq/update', { id: ids[0], question: 'How do I share a lighthouse?', answer: 'Like this.', status: 'Inactive', created_at: 'ignored' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.data).toMatchObject({ id: ids[0], question: 'How do I share a lighthouse?', status: 'Inactive' });
    expect((await listed('?filter=lighthouse')).data.map((r) => r.id)).toEqual([ids[0]]);
    expect((await listed('?filter=spot')).meta.total).toBe(0);

    // a save sent with the version its form opened on: refused once another save moved it (no lost updates)
    const opened = one.json().data.data.updated_at as string;
    const stale = await call('POST', '/api/testfaq/update', { id: ids[0], question: 'Overwritten?', answer: 'No.', status: 'Active', updated_at: opened });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record was changed by someone else. Reload it to see the changes.');
    const current = updated.json().data.data.updated_at as string;
    expect(current).not.toBe(opened);
    const edit = { id: ids[0], question: 'How do I share a lighthouse?', answer: 'Like this, then save.', status: 'Inactive' };
    const fresh = await call('POST', '/api/testfaq/update', { ...edit, updated_at: current });
    expect(fresh.statusCode, fresh.body).toBe(200);
    // the same save again changes nothing: answered as saved, on the same version, with no entry
    const saved = fresh.json().data.data.updated_at as string;
    const again = await call('POST', '/api/testfaq/update', { ...edit, updated_at: saved });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.data.updated_at).toBe(saved);
    expect((await call('GET', `/api/testfaq/${ids[0]}`)).json().data.data.updated_at).toBe(saved);

    const removed = await call('DELETE', `/api/testfaq/delete/${ids[0]}`);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `/api/testfaq/${ids[0]}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/testfaq/delete/${ids[0]}`)).statusCode).toBe(404);
    expect((await listed('')).meta.total).toBe(2);
    const audited = await t.ctx.db.selectFrom('audit_log').select(['action']).where('entity', '=', 'testfaq').execute();
    expect(audited.map((a) => a.action).sort()).toEqual(['create', 'create', 'create', 'delete', 'update', 'update']);
  });

  it('answers every bad body with a 400 that names the field, and changes nothing', async () => {
    const before = (await listed('')).meta.total;
    const refused = async (payload: object, field: string, message: string) => {
      const res = await call('POST', '/api/testfaq/create', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
      expect(res.json().message).toContain(message);
    };
    await refused({ answer: 'An answer', status: 'Active' }, 'question', 'Please fill in this field.');
    await refused({ question: '   ', answer: 'An answer', status: 'Active' }, 'question', 'Please fill in this field.');
    await refused({ question: 'q'.repeat(301), answer: 'An answer', status: 'Active' }, 'question', 'This text is too long.');
    await refused({ question: 'A question', answer: 'An answer', status: 'Deleted' }, 'status', 'Please choose one of the values.');
    await refused({ question: 'A\u0007question', answer: 'An answer', status: 'Active' }, 'question', 'control characters');
    await refused({ question: 'A\u0000question', answer: 'An answer', status: 'Active' }, 'question', 'NUL bytes');
    await refused({ question: { $gt: '' }, answer: 'An answer', status: 'Active' }, 'question', 'Please fill in this field.');
    expect((await call('POST', '/api/testfaq/create', [] as unknown as object)).statusCode).toBe(400);
    expect((await call('POST', '/api/testfaq/update', { id: 999_999, question: 'Q', answer: 'A', status: 'Active' })).statusCode).toBe(404);
    expect((await call('POST', '/api/testfaq/update', { id: 'one', question: 'Q', answer: 'A', status: 'Active' })).statusCode).toBe(400);
    expect((await call('GET', '/api/testfaq/99999999999999')).statusCode).toBe(400);
    expect((await call('GET', '/api/testfaq/abc')).statusCode).toBe(400);
    expect((await call('GET', `/api/testfaq?filter=${'x'.repeat(201)}`)).statusCode).toBe(400);
    // a '__proto__' key is refused before any field is read (Fastify's JSON parser: a 400 'not valid JSON')
    const polluted = await t.app.inject({
      method: 'POST',
      url: '/api/testfaq/create',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"question":"Proto?","answer":"No.","status":"Active","__proto__":{"status":"Deleted"}}',
    });
    expect(polluted.statusCode, polluted.body).toBe(400);
    expect(polluted.json().message).toBeTruthy();
    expect(({} as Record<string, unknown>).status).toBeUndefined();
    expect((await listed('')).meta.total).toBe(before);
  });

  it('takes the same create sent 8 times at once as 8 records, every one answered', async () => {
    const before = (await listed('')).meta.total;
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('POST', '/api/testfaq/create', { question: 'Twice?', answer: 'Eight times.', status: 'Active' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(8);
    expect((await listed('')).meta.total).toBe(before + 8);
  });

  it('documents each call, with its request schema', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[]; properties: object } }> } }>> };
    expect(Object.keys(doc.paths['/api/testfaq'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/testfaq/{id}'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/testfaq/delete/{id}'])).toEqual(['delete']);
    const create = doc.paths['/api/testfaq/create'].post.requestBody!.content['application/json'].schema;
    expect(Object.keys(create.properties).sort()).toEqual(['answer', 'question', 'status']);
    expect(create.required?.sort()).toEqual(['answer', 'question', 'status']);
    const update = doc.paths['/api/testfaq/update'].post.requestBody!.content['application/json'].schema;
    // beside the fields, the version the edit form was opened on (optional: no lost updates)
    expect(Object.keys(update.properties).sort()).toEqual(['answer', 'id', 'question', 'status', 'updated_at']);
    expect(update.required?.sort()).toEqual(['answer', 'id', 'question', 'status']);
  });

  it('gives a field declared later its column through the migration generated for it, keeping the records', async () => {
    const grown = { ...testFaq, fields: { ...testFaq.fields, votes: { type: 'number', list: true, form: true, sortable: true } } } as ResourceDeclaration;
    const { changes } = await migrateFurther(t, [grown]);
    expect(changes).toEqual(['test_faqs.votes: added', 'test_faqs.votes: sorted']);
    const columns = (await t.ctx.db.introspection.getTables()).find((table) => table.name === 'test_faqs')!.columns.map((c) => c.name);
    expect(columns).toContain('votes');
    expect((await listed('')).meta.total).toBeGreaterThan(0);
  });
});
