// The demo seed on a fresh database: the demo accounts work, every list holds the requested rows,
// reports cover all three kinds, pictures exist on disk and a second run only adds rows.
// Runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@server/auth/passwords';
import { type Db, openDatabase } from '@server/db/index';
import { migrateToLatest } from '@server/db/migrate';
import type { Database } from '@server/db/schema';
import { bootstrap } from '@server/seed/bootstrap';
import { type SeedOptions, seedDemo } from '@server/seed/demo';
import { NAME_PATTERN } from '@shared/validation/user';

const SCRYPT_N = 16384;
const DEMO_PASSWORD = 'Demo@1234';
const OPTIONS: SeedOptions = {
  users: 40,
  subAdmins: 6,
  spots: 30,
  posts: 20,
  itineraries: 12,
  categories: 10,
  tags: 15,
  reportCategories: 6,
  reports: 18,
  comments: 40,
  contentPages: 5,
};

async function count(db: Kysely<Database>, table: keyof Database, where?: [string, string]): Promise<number> {
  let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (where) q = q.where(sql.ref(where[0]), '=', where[1]);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Where to seed: an SQLite file in the test's temp folder, or the shared PostgreSQL test database. */
const targets: [string, (tmp: string) => Promise<Db>][] = [
  ['SQLite', async (tmp) => openDatabase({ dataDir: tmp, sqliteFile: path.join(tmp, 't.sqlite') })],
];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  targets.push([
    'PostgreSQL',
    async (tmp) => {
      const database = openDatabase({ databaseUrl: pgUrl, dataDir: tmp });
      // the test database is shared between files: start from an empty schema
      await sql`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`.execute(database.db);
      return database;
    },
  ]);
}

describe.each(targets)('demo seed on %s', (_name, open) => {
  let database: Db;
  let db: Kysely<Database>;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
  const uploadsDir = path.join(tmp, 'uploads');
  const seed = (options: SeedOptions) =>
    seedDemo(db, { options, demoPassword: DEMO_PASSWORD, scryptN: SCRYPT_N, uploadsDir, fakerSeed: 7 });

  beforeAll(async () => {
    database = await open(tmp);
    db = database.db;
    await migrateToLatest(database);
    await bootstrap(db, { adminEmail: 'admin@example.com', adminPassword: 'Admin@123', scryptN: SCRYPT_N });
    await seed(OPTIONS);
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('creates the demo accounts with the demo password', async () => {
    const accounts = await db
      .selectFrom('users')
      .select(['email', 'name', 'user_type', 'status', 'password_hash'])
      .where('email', 'in', ['subadmin@example.com', 'pending@example.com', 'user@example.com'])
      .orderBy('email')
      .execute();
    expect(accounts.map(({ password_hash: _, ...a }) => a)).toEqual([
      { email: 'pending@example.com', name: 'Pending Subadmin', user_type: 'Sub-Admin', status: 'Request Pending' },
      { email: 'subadmin@example.com', name: 'Demo Subadmin', user_type: 'Sub-Admin', status: 'Active' },
      { email: 'user@example.com', name: 'Demo User', user_type: 'User', status: 'Active' },
    ]);
    expect(await verifyPassword(DEMO_PASSWORD, accounts[2].password_hash)).toBe(true);

    const granted = await db
      .selectFrom('user_permissions as up')
      .innerJoin('users as u', 'u.id', 'up.user_id')
      .innerJoin('permissions as p', 'p.id', 'up.permission_id')
      .select('p.name')
      .where('u.email', '=', 'subadmin@example.com')
      .execute();
    expect(granted.map((g) => g.name).sort()).toEqual(['Post-list', 'User-list']);
  });

  it('words places as names, not codes: country and state names, no invented post codes, plain-text titles', async () => {
    const spots = await db.selectFrom('spots').select(['name', 'country', 'state', 'post_code', 'address']).execute();
    for (const spot of spots) {
      expect(spot.country!.length, spot.name).toBeGreaterThan(2);
      if (spot.state) expect(spot.state, spot.name).not.toMatch(/^[0-9A-Z]{1,3}$/);
      expect(spot.post_code).toBeNull();
      expect(spot.address).toContain(spot.name);
    }
    expect(spots.filter((s) => s.state).length).toBeGreaterThan(spots.length / 2);
    const encoded = await db.selectFrom('posts').select('title').where((eb) => eb.or([eb('title', 'like', '%&#%'), eb('description', 'like', '%&#%')])).execute();
    expect(encoded).toEqual([]);
  });

  it('fills every list with the requested number of rows', async () => {
    expect(await count(db, 'users', ['user_type', 'User'])).toBe(OPTIONS.users + 1);
    expect(await count(db, 'users', ['user_type', 'Sub-Admin'])).toBe(OPTIONS.subAdmins + 2);
    expect(await count(db, 'spots')).toBe(OPTIONS.spots);
    expect(await count(db, 'posts', ['type', 'post'])).toBe(OPTIONS.posts);
    expect(await count(db, 'posts', ['type', 'itinerary'])).toBe(OPTIONS.itineraries);
    expect(await count(db, 'categories')).toBe(OPTIONS.categories);
    expect(await count(db, 'tags')).toBe(OPTIONS.tags);
    expect(await count(db, 'report_categories')).toBe(OPTIONS.reportCategories);
    expect(await count(db, 'reports')).toBe(OPTIONS.reports);
    expect(await count(db, 'comments')).toBe(OPTIONS.comments);
    expect(await count(db, 'content_pages')).toBe(OPTIONS.contentPages);
    expect(await count(db, 'follows')).toBeGreaterThan(0);
    // every post and itinerary has at least one category and one spot
    const total = OPTIONS.posts + OPTIONS.itineraries;
    const distinctPosts = async (table: 'post_categories' | 'post_spots') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.count<number>('post_id').distinct().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await distinctPosts('post_categories')).toBe(total);
    expect(await distinctPosts('post_spots')).toBe(total);
  });

  it('reports posts, comments and users, each pointing at what it reports', async () => {
    const reports = await db.selectFrom('reports').selectAll().execute();
    expect(new Set(reports.map((r) => r.type))).toEqual(new Set(['post', 'comment', 'user']));
    for (const r of reports) {
      if (r.type === 'post') expect(r.post_id).not.toBeNull();
      if (r.type === 'comment') expect([r.comment_id, r.post_id]).not.toContain(null);
      if (r.type === 'user') expect(r.other_user_id).not.toBe(r.user_id);
      if (r.type === 'user') expect(r.other_user_id).not.toBeNull();
    }
  });

  it('stores valid names, unique lower-case emails and pictures that exist on disk', async () => {
    const users = await db.selectFrom('users').select(['name', 'email', 'phone', 'profile_pic']).execute();
    for (const u of users) expect(u.name).toMatch(NAME_PATTERN);
    for (const u of users) expect(u.email).toBe(u.email.toLowerCase());
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    for (const u of users.filter((u) => u.phone)) expect(u.phone).toMatch(/^\d{10,15}$/);

    const spots = await db.selectFrom('spots').select(['image', 'thumbnail_url']).execute();
    const files = new Set([
      ...spots.flatMap((s) => [s.image, s.thumbnail_url]),
      ...users.map((u) => u.profile_pic).filter(Boolean),
    ]);
    for (const url of files) {
      expect(url).toMatch(/^\/uploads\//);
      expect(fs.existsSync(path.join(uploadsDir, url!.replace('/uploads/', '')))).toBe(true);
    }
  });

  it('orders an itinerary’s stops by date', async () => {
    const stops = await db
      .selectFrom('post_spots as ps')
      .innerJoin('posts as p', 'p.id', 'ps.post_id')
      .select(['ps.post_id', 'ps.position', 'ps.itinerary_date'])
      .where('p.type', '=', 'itinerary')
      .orderBy('ps.post_id')
      .orderBy('ps.position')
      .execute();
    for (let i = 1; i < stops.length; i++) {
      if (stops[i].post_id === stops[i - 1].post_id) {
        expect(stops[i].itinerary_date! > stops[i - 1].itinerary_date!).toBe(true);
      }
    }
  });

  it('adds rows when run again, keeping emails and names unique and the demo accounts single', async () => {
    const more = {
      ...OPTIONS,
      users: 10,
      subAdmins: 2,
      categories: 10,
      tags: 15,
      reportCategories: 6,
      contentPages: 5,
    };
    await seed(more);
    expect(await count(db, 'users', ['user_type', 'User'])).toBe(OPTIONS.users + more.users + 1);
    expect(await count(db, 'users', ['email', 'subadmin@example.com'])).toBe(1);
    expect(await count(db, 'categories')).toBe(OPTIONS.categories + more.categories);
    expect(await count(db, 'content_pages')).toBe(OPTIONS.contentPages + more.contentPages);
  });
});
