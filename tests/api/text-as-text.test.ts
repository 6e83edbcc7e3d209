// Text is stored as text: a title sent with numeric references ('Caf&#233;') is stored decoded, rows
// stored encoded by older versions are decoded by a migration, and searching 'Café' finds them.
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@server/db/migrate';
import { ADMIN, bearer, createUser, dialects, loginAs, multipart, startTestApp, type TestApp } from '../support/api';

describe.each(dialects)('text stored as text on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let owner: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    owner = await createUser(t, { email: 'writer@example.com', password: 'Str0ng@Pass', user_type: 'User', name: 'Deniz Writer' });
  });
  afterAll(async () => t.close());

  const search = async (term: string) =>
    (await t.app.inject({ url: `/api/post?type=post&filter=${encodeURIComponent(term)}`, headers: bearer(admin) })).json().data.data.map((p: { title: string }) => p.title);

  it('stores a title sent with numeric references as plain text, found by its accented word', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const body = await multipart({
      user_id: String(owner),
      title: 'Caf&#233; hopping in Kad&#305;k&#246;y',
      description: 'It&#39;s the best',
      itinerary_date: '2026-05-01 10:30:00',
      type: 'post',
      spotData: JSON.stringify([{ name: 'Moda Pier', latitude: 40.98, longitude: 29.02, city: 'Istanbul', country: 'Türkiye', imageIndex: 0 }]),
      images: { filename: 'a.png', type: 'image/png', bytes: png },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/post/createUpdateAdminPost', headers: { ...bearer(admin), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    const row = await t.ctx.db.selectFrom('posts').select(['title', 'description']).where('id', '=', res.json().data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Café hopping in Kadıköy', description: "It's the best" });
    expect(await search('Café')).toContain('Café hopping in Kadıköy');
    expect(await search('kadıköy')).toContain('Café hopping in Kadıköy');
  });

  it('finds words typed without their accents, in any case, the Turkish and Arabic ways too', async () => {
    const stamp = new Date().toISOString();
    const add = (title: string, description: string | null = null) =>
      t.ctx.db
        .insertInto('posts')
        .values({ type: 'post', user_id: owner, title, description, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
        .execute();
    await add('Kapalı Çarşı at dawn', 'Şişli to Eminönü');
    await add('قهوة في أحمد باشا');
    await add('Crème brûlée in Lyon');
    expect(await search('cafe')).toContain('Café hopping in Kadıköy');
    expect(await search('KADIKOY')).toContain('Café hopping in Kadıköy');
    expect(await search('kapali carsi')).toEqual(['Kapalı Çarşı at dawn']);
    expect(await search('KAPALI ÇARŞI')).toEqual(['Kapalı Çarşı at dawn']);
    expect(await search('eminonu')).toEqual(['Kapalı Çarşı at dawn']);
    expect(await search('احمد باشا')).toEqual(['قهوة في أحمد باشا']);
    expect(await search('creme brulee')).toEqual(['Crème brûlée in Lyon']);
    // the accent still counts when it is typed: no false friends, and a title that changes is found by its new words
    expect(await search('crema')).toEqual([]);
    await t.ctx.db.updateTable('posts').set({ title: 'Crêpes in Lyon' }).where('title', '=', 'Crème brûlée in Lyon').execute();
    expect(await search('creme')).toEqual([]);
    expect(await search('crepes')).toEqual(['Crêpes in Lyon']);
  });

  it.runIf(dialect === 'postgres')('folds on PostgreSQL through its fast paths exactly as through unaccent and translate', async () => {
    // plain ASCII (skips both), a backtick, accents, Turkish, Arabic letter forms, digits and vowel marks,
    // characters unaccent turns into a backtick, compatibility forms, control characters
    const samples = ['Plain ASCII 123 #4242', 'It`s', 'CAFÉ Crème', 'İSTANBUL Kapalı Çarşı ığüşöç', 'أحمد إيمان آمنة مدرسة مستشفى', 'یک ٣٤ ۱۲ كتـــاب', 'مَدْرَسَةٌ', "l’été ‘x’ ʼy´", 'ˋa｀', 'ﬁne ① ㎏ Ⅻ Łódź', 'straße', 'tab\there\nline', 'ΟΔΟΣ Σίσυφος'];
    for (const text of samples) {
      const { rows } = await sql<{ folded: string; full: string }>`SELECT search_fold(${text}) AS folded,
        translate(lower(public.unaccent('public.unaccent'::regdictionary, ${text})),
          'أإآةىیک٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹’‘ʼ\`´ـًٌٍَُِّْٰ', 'اااهييك01234567890123456789''''''''''') AS full`.execute(t.ctx.db);
      expect(rows[0].folded, text).toBe(rows[0].full);
    }
  });

  it('decodes rows stored encoded before, once, by a migration', async () => {
    const stamp = new Date().toISOString();
    const { id } = await t.ctx.db
      .insertInto('posts')
      .values({ type: 'post', user_id: owner, title: 'Caf&#233; crawl in Galata', description: 'We&#39;ll be back', latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await search('Café crawl')).toEqual([]);
    // run the migrations from this one on again, as an older database would
    await sql`DELETE FROM kysely_migration WHERE name >= '008_text_as_text'`.execute(t.ctx.db);
    await migrateToLatest({ db: t.ctx.db, dialect: t.ctx.dialect });
    const row = await t.ctx.db.selectFrom('posts').select(['title', 'description']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Café crawl in Galata', description: "We'll be back" });
    expect(await search('Café crawl')).toEqual(['Café crawl in Galata']);
  });
});

describe.each(dialects)('places stored by older seeds on %s', (dialect) => {
  it("read 'Spain' and 'Madrid' instead of 'ES' and '29' after the migration", async () => {
    const t = await startTestApp(dialect);
    try {
      const stamp = new Date().toISOString();
      const { id } = await t.ctx.db
        .insertInto('spots')
        .values({ user_id: null, name: 'Madrid Grand Market', status: 'Active', address: null, country: 'ES', state: '29', city: 'Madrid', post_code: null, latitude: 40.4168, longitude: -3.7038, image: null, thumbnail_url: null, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`DELETE FROM kysely_migration WHERE name >= '009_place_names'`.execute(t.ctx.db);
      await migrateToLatest({ db: t.ctx.db, dialect: t.ctx.dialect });
      const spot = await t.ctx.db.selectFrom('spots').select(['country', 'state']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(spot).toEqual({ country: 'Spain', state: 'Madrid' });
    } finally {
      await t.close();
    }
  });
});

describe.each(dialects)('one spot per place on %s', (dialect) => {
  it('offers the existing spot instead of a copy, and place search lists a place once', async () => {
    const t = await startTestApp(dialect);
    try {
      const admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
      const add = (fields: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/spot', headers: bearer(admin), payload: { status: 'Active', city: 'Paris', country: 'France', ...fields } });
      const first = await add({ name: 'Museum of Paris', latitude: '48.8606', longitude: '2.3376' });
      expect(first.statusCode).toBe(200);
      // the same name, other case and accents, 40 m away: refused with the existing spot offered
      const copy = await add({ name: 'MUSÉUM of  Paris', latitude: '48.8609', longitude: '2.3378' });
      expect(copy.statusCode).toBe(409);
      expect(copy.json().message).toBe('This place is already a spot: Museum of Paris, within 100 m. Use that spot instead of adding a copy.');
      expect(copy.json().data.existing).toMatchObject({ id: first.json().data.id, name: 'Museum of Paris' });
      // another name at the same place, or the same name 2 km away, are other spots
      expect((await add({ name: 'Museum of Paris Café', latitude: '48.8606', longitude: '2.3376' })).statusCode).toBe(200);
      expect((await add({ name: 'Museum of Paris', latitude: '48.8790', longitude: '2.3376' })).statusCode).toBe(200);
      // editing a spot keeps its own name without tripping over itself
      expect((await add({ id: String(first.json().data.id), name: 'Museum of Paris', latitude: '48.8606', longitude: '2.3376' })).statusCode).toBe(200);

      // a copy stored before the rule (directly) is not listed twice by place search
      const stamp = new Date().toISOString();
      await t.ctx.db
        .insertInto('spots')
        .values({ user_id: null, name: 'Museum of Paris', status: 'Active', address: null, country: 'France', state: null, city: 'Paris', post_code: null, latitude: 48.8607, longitude: 2.3377, image: null, thumbnail_url: null, created_at: stamp, updated_at: stamp })
        .execute();
      const search = await t.app.inject({ url: `/api/googleAPIData?query=${encodeURIComponent('museum in Paris')}`, headers: bearer(admin) });
      const names = search.json().data.results.map((r: { name: string; location: { lat: number } }) => `${r.name}@${r.location.lat.toFixed(3)}`);
      expect(names.filter((n: string) => n === 'Museum of Paris@48.861')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
