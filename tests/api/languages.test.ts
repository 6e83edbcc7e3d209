// Turkish and Arabic text as the API stores and orders it (issue 32: M7, m8, m9, m25), on SQLite and
// (when configured) PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@server/db/migrate';
import { ADMIN, bearer, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

describe.each(dialects)('Turkish and Arabic text on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: payload as Record<string, unknown> });
  const get = (url: string) => t.app.inject({ url, headers: bearer(admin) });
  const listNames = async (url: string, filter: string) =>
    (await get(`${url}?limit=100&filter=${encodeURIComponent(filter)}`)).json().data.data.map((r: { name: string }) => r.name);

  it('lower-cases a Turkish tag by Turkish rules and refuses its other spellings as duplicates (M7)', async () => {
    const res = await post('/api/tag/create', { name: ['İstanbulGezisi', 'ISTANBULGEZISI', 'KARAKÖYTURU'], status: ['Active', 'Active', 'Active'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.created.map((r: { name: string }) => r.name)).toEqual(['istanbulgezisi', 'karaköyturu']);
    expect(res.json().data.duplicates).toEqual(['istanbulgezisi']);
    const again = await post('/api/tag/create', { name: ['istanbulgezisi', 'ıstanbulgezısı'], status: ['Active', 'Active'] });
    expect(again.statusCode).toBe(409);
    expect(await listNames('/api/tag', 'gezisi')).toEqual(['istanbulgezisi']);
    // never an i with a combining dot
    expect((await listNames('/api/tag', '')).some((n: string) => n.includes('\u0307'))).toBe(false);
  });

  it('capitalises a Turkish category by Turkish rules: İSTANBUL is İstanbul, a duplicate of istanbul (M7)', async () => {
    const res = await post('/api/category/create', { name: ['İSTANBUL MÜZELERİ', 'ıSPARTA'], status: ['Active', 'Active'] });
    expect(res.json().data.created.map((r: { name: string }) => r.name)).toEqual(['İstanbul müzeleri', 'Isparta']);
    const dup = await post('/api/category/create', { name: ['istanbul müzeleri'], status: ['Active'] });
    expect(dup.statusCode).toBe(409);
  });

  it('a migration folds tags stored with a combining dot, and leaves a clash for staff (M7)', async () => {
    const stamp = new Date().toISOString();
    const values = (name: string) => ({ name, name_key: name, status: 'Active', created_at: stamp, updated_at: stamp });
    await t.ctx.db.insertInto('tags').values([values('i\u0307zmirturu'), values('kapadokya'), values('i\u0307\u0307kapadokya')]).execute();
    await t.ctx.db.insertInto('tags').values(values('i\u0307stanbulgezisi')).execute(); // beside 'istanbulgezisi' from the first test
    await sql`DELETE FROM kysely_migration WHERE name >= '028_turkish_names'`.execute(t.ctx.db);
    await migrateToLatest({ db: t.ctx.db, dialect: t.ctx.dialect });
    await migrateToLatest({ db: t.ctx.db, dialect: t.ctx.dialect });
    expect(await listNames('/api/tag', 'izmir')).toEqual(['izmirturu']);
    // the older row keeps the name; the copy stays until staff delete it
    expect((await listNames('/api/tag', 'gezisi')).length).toBe(2);
    const dup = await post('/api/tag/create', { name: ['İZMİRTURU'], status: ['Active'] });
    expect(dup.statusCode).toBe(409);
  });

  it('makes an ASCII slug of a Turkish title (m9)', async () => {
    const page = await post('/api/page', { title: 'Kargo ve İade Koşulları', status: 'Active', description: '<p>Kargo</p>' });
    expect(page.json().data.data.slug).toBe('kargo-ve-iade-kosullari');
    const typed = await post('/api/page', { title: 'Gizlilik', slug: 'gizlilik-şartları-çğüö', status: 'Active', description: '<p>x</p>' });
    expect(typed.json().data.data.slug).toBe('gizlilik-sartlari-cguo');
  });

  it('keeps the language with the profile and gives it back at the next sign-in (m25)', async () => {
    const save = (language: string) => post('/api/auth/user/preferences', { preferences: { language } });
    expect((await save('xx')).statusCode).toBe(400);
    expect((await save('ar')).statusCode).toBe(200);
    const again = await loginAs(t, ADMIN.email, ADMIN.password);
    expect((again.user as unknown as { preferences: { language?: string } }).preferences.language).toBe('ar');
  });

  it('sorts names in the Turkish alphabet, through the sort key index (m8)', async () => {
    const names = ['Zoos', 'Çay bahçesi', 'Cami', 'Ödemiş', 'Otel', 'İzmir', 'Ilgaz', 'Dağ', 'Şile', 'Sahil'];
    expect((await post('/api/category/create', { name: names, status: names.map(() => 'Active') })).statusCode).toBe(200);
    const sorted = async (direction: string) =>
      (await get(`/api/category?limit=100&order=${encodeURIComponent(JSON.stringify({ name: 'name', direction, type: 'string' }))}`)).json().data.data
        .map((r: { name: string }) => r.name)
        .filter((n: string) => names.includes(n));
    const expected = ['Cami', 'Çay bahçesi', 'Dağ', 'Ilgaz', 'İzmir', 'Otel', 'Ödemiş', 'Sahil', 'Şile', 'Zoos'];
    expect(await sorted('ASC')).toEqual(expected);
    expect(await sorted('DESC')).toEqual([...expected].reverse());
    // the order walks the index, not a sort of every row
    const plan =
      dialect === 'postgres'
        ? await t.ctx.db.transaction().execute(async (trx) => {
            await sql`SET LOCAL enable_seqscan = off`.execute(trx);
            return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM categories ORDER BY name_sort, id LIMIT 10`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join(' ');
          })
        : (await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM categories ORDER BY name_sort, id LIMIT 10`.execute(t.ctx.db)).rows.map((r) => r.detail).join(' ');
    expect(plan).toContain('categories_name_sort');
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
  });
});

