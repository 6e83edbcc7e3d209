// The bench's data set, row by row: every row is a pure function of its number (a PRNG seeded by table
// and row number), so SQLite and PostgreSQL hold the same rows and a table can be written in any batch
// size. Search terms with a known frequency are planted on purpose (see TERMS).
import { foldText, nameKey, slugify } from '@shared/text';

export interface SeedParams {
  posts: number;
  users: number;
  subAdmins: number;
  spots: number;
  reports: number;
  comments: number;
  categories: number;
  tags: number;
  reportCategories: number;
  emailTemplates: number;
  contentPages: number;
}

/** Bump when the generated rows change: it is part of the cache key. */
export const DATA_VERSION = 2;

export const FULL_SIZE: SeedParams = {
  posts: 1_000_000,
  users: 100_000,
  subAdmins: 300,
  spots: 100_000,
  // about 100,000 open moderation cases among them (see `reports` in tables())
  reports: 1_000_000,
  comments: 100_000,
  categories: 40,
  tags: 120,
  reportCategories: 12,
  emailTemplates: 30,
  contentPages: 30,
};

export const QUICK_SIZE: SeedParams = { ...FULL_SIZE, posts: 50_000, users: 10_000, spots: 10_000, reports: 10_000, comments: 10_000 };

/** Planted search terms (frequencies are of the rows of the table named). */
export const TERMS = {
  /** each in ~39% of post descriptions, report reasons and comments; 'bazaar' in ~39% of user emails and ~40% of the small tables' names, 'lighthouse' in ~39% of spot names */
  common: ['bazaar', 'lighthouse'],
  /** every post, spot, comment and report text ends with '#<n>': '#4242' matches 111 of 1M posts, '#42424' 11 */
  rare: ['#4242', '#42424'],
  /** ~1% of post descriptions, report reasons and spot names */
  phrase: 'sunset galata',
  /** nowhere */
  none: 'zqxv-nothing',
  /** the surname of ~1% of users (folded: 'demirkapi') */
  surname: 'Demirkapı',
  /** a first name + that surname: ~1/60 of those users */
  userPhrase: 'Elif Demirkapı',
  /** user emails end with '<n>@…': '4242@' matches the users numbered …4242 (10 of 100k) */
  userRare: '4242@',
} as const;

/** Time span of created_at: rows are spread over these years, in id order (with some jitter). */
const START = Date.UTC(2018, 0, 1);
const END = Date.UTC(2025, 5, 30);

// mulberry32 over a per-row seed: cheap, good enough, deterministic everywhere
export function rowRandom(salt: number, n: number): () => number {
  let a = (Math.imul(n, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export type Rng = () => number;
export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];
export const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

/** created_at of row n of count: in order over START..END, jittered by up to a day. */
function stamp(rng: Rng, n: number, count: number): string {
  const base = START + ((END - START) * (n - 1)) / Math.max(1, count);
  return new Date(Math.floor(base + rng() * 86_400_000)).toISOString();
}

// biome-ignore format: word lists
const CITIES: readonly [string, string, number, number][] = [
  ['Istanbul', 'Turkey', 41.01, 28.97], ['Ankara', 'Turkey', 39.93, 32.85], ['İzmir', 'Turkey', 38.42, 27.14],
  ['Antalya', 'Turkey', 36.9, 30.7], ['Bursa', 'Turkey', 40.19, 29.06], ['Trabzon', 'Turkey', 41.0, 39.72],
  ['Nevşehir', 'Turkey', 38.62, 34.71], ['Bodrum', 'Turkey', 37.03, 27.43], ['Edirne', 'Turkey', 41.68, 26.56],
  ['Konya', 'Turkey', 37.87, 32.48], ['Gaziantep', 'Turkey', 37.07, 37.38], ['Çanakkale', 'Turkey', 40.15, 26.41],
  ['Paris', 'France', 48.86, 2.35], ['Lyon', 'France', 45.76, 4.84], ['Marseille', 'France', 43.3, 5.37],
  ['Rome', 'Italy', 41.9, 12.5], ['Florence', 'Italy', 43.77, 11.26], ['Venice', 'Italy', 45.44, 12.32],
  ['Naples', 'Italy', 40.85, 14.27], ['Madrid', 'Spain', 40.42, -3.7], ['Barcelona', 'Spain', 41.39, 2.17],
  ['Seville', 'Spain', 37.39, -5.98], ['Lisbon', 'Portugal', 38.72, -9.14], ['Porto', 'Portugal', 41.15, -8.61],
  ['Berlin', 'Germany', 52.52, 13.4], ['Munich', 'Germany', 48.14, 11.58], ['Vienna', 'Austria', 48.21, 16.37],
  ['Prague', 'Czechia', 50.08, 14.44], ['Budapest', 'Hungary', 47.5, 19.04], ['Kraków', 'Poland', 50.06, 19.94],
  ['Amsterdam', 'Netherlands', 52.37, 4.9], ['Brussels', 'Belgium', 50.85, 4.35], ['Copenhagen', 'Denmark', 55.68, 12.57],
  ['Stockholm', 'Sweden', 59.33, 18.07], ['Oslo', 'Norway', 59.91, 10.75], ['Helsinki', 'Finland', 60.17, 24.94],
  ['Athens', 'Greece', 37.98, 23.73], ['Thessaloniki', 'Greece', 40.64, 22.94], ['Dubrovnik', 'Croatia', 42.65, 18.09],
  ['Zürich', 'Switzerland', 47.38, 8.54], ['Dublin', 'Ireland', 53.35, -6.26], ['Edinburgh', 'United Kingdom', 55.95, -3.19],
  ['Sarajevo', 'Bosnia and Herzegovina', 43.86, 18.41], ['Sofia', 'Bulgaria', 42.7, 23.32], ['Ljubljana', 'Slovenia', 46.06, 14.51],
  ['Tallinn', 'Estonia', 59.44, 24.75], ['Valletta', 'Malta', 35.9, 14.51], ['Reykjavík', 'Iceland', 64.15, -21.94],
];
// biome-ignore format: word lists
const ADJECTIVES = ['Hidden', 'Quiet', 'Golden', 'Old', 'Misty', 'Sunny', 'Blue', 'Secret', 'Ancient', 'Colourful', 'Lively',
  'Windy', 'Silent', 'Green', 'Grand', 'Little', 'Rustic', 'Charming', 'Historic', 'Wild', 'Narrow', 'Bright'];
// biome-ignore format: word lists
const NOUNS = ['Walk', 'Harbour', 'Market', 'Garden', 'Square', 'Bridge', 'Castle', 'Terrace', 'Promenade', 'Hill', 'Alley',
  'Museum', 'Cathedral', 'Mosque', 'Palace', 'Tower', 'Beach', 'Café', 'Viewpoint', 'Trail', 'Fountain', 'Quarter'];
// biome-ignore format: word lists
const WORDS = ['morning', 'evening', 'coffee', 'tea', 'simit', 'ferry', 'street', 'stairs', 'view', 'river', 'sea', 'boat',
  'walk', 'stroll', 'museum', 'church', 'mosque', 'courtyard', 'garden', 'park', 'bridge', 'market', 'fish', 'bread', 'cheese',
  'olive', 'lemon', 'orange', 'fig', 'honey', 'spice', 'carpet', 'lamp', 'tile', 'mosaic', 'fresco', 'arch', 'dome', 'tower',
  'castle', 'wall', 'gate', 'harbour', 'pier', 'beach', 'cliff', 'hill', 'valley', 'forest', 'trail', 'path', 'village',
  'square', 'fountain', 'statue', 'gallery', 'painting', 'music', 'festival', 'dinner', 'lunch', 'breakfast', 'wine', 'cafe',
  'terrace', 'rooftop', 'window', 'balcony', 'cat', 'dog', 'seagull', 'pigeon', 'tram', 'train', 'bus', 'bicycle', 'crowd',
  'quiet', 'busy', 'early', 'late', 'warm', 'cold', 'windy', 'rainy', 'sunny', 'golden', 'blue', 'green', 'red', 'white',
  'old', 'new', 'small', 'large', 'hidden', 'famous', 'local', 'friendly', 'slow', 'long', 'short', 'steep', 'narrow',
  'wide', 'bright', 'dark', 'lovely', 'great', 'nice', 'perfect', 'crowded', 'empty', 'and', 'with', 'near', 'after',
  'before', 'under', 'over', 'the', 'a', 'we', 'took', 'found', 'saw', 'ate', 'drank', 'walked', 'climbed', 'watched',
  'photographed', 'bought', 'visited', 'loved', 'missed', 'again', 'today', 'yesterday', 'weekend', 'holiday', 'trip'];
// biome-ignore format: word lists
const FIRST_NAMES = ['Elif', 'Zeynep', 'Mehmet', 'Ahmet', 'Ayşe', 'Emre', 'Can', 'Deniz', 'Selin', 'Burak', 'Ece', 'Mert',
  'Cem', 'Yusuf', 'Fatma', 'Hakan', 'Leyla', 'Omar', 'Sophie', 'Lucas', 'Emma', 'Louis', 'Marie', 'Hugo', 'Giulia', 'Marco',
  'Sofia', 'Luca', 'Lucía', 'Pablo', 'Carmen', 'Javier', 'Inês', 'João', 'Hannah', 'Felix', 'Lena', 'Jonas', 'Anna', 'Jan',
  'Eva', 'Tomasz', 'Zofia', 'Lars', 'Ingrid', 'Erik', 'Nikos', 'Eleni', 'Katarina', 'Ivan', 'Milan', 'Petra', 'Sean',
  'Aoife', 'Oliver', 'Amelia', 'Noah', 'Mia', 'Liam', 'Clara'];
// biome-ignore format: word lists
const SURNAMES = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan',
  'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek', 'Martin', 'Bernard', 'Dubois', 'Moreau',
  'Laurent', 'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'García', 'Fernández', 'López', 'Martínez', 'Sánchez',
  'Silva', 'Santos', 'Ferreira', 'Pereira', 'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Novák', 'Horváth',
  'Nowak', 'Kowalski', 'Jansen', 'de Vries', 'Peeters', 'Hansen', 'Johansson', 'Nielsen', 'Virtanen', 'Papadopoulos',
  'Horvat', 'Murphy', 'Kelly', 'Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Popescu', 'Ivanov', 'Petrović', 'Novak'];
const EMAIL_DOMAINS = ['mail.example', 'post.example', 'inbox.example', 'travel.example'];
// biome-ignore format: word lists
const REPORT_WORDS = ['spam', 'offensive', 'wrong', 'place', 'fake', 'photo', 'copied', 'from', 'another', 'account',
  'rude', 'language', 'misleading', 'advert', 'price', 'closed', 'since', 'years', 'not', 'real', 'location', 'stolen',
  'picture', 'harassment', 'in', 'comments', 'private', 'address', 'shown', 'please', 'check', 'this', 'post', 'user'];
const CATALOGUE_WORDS = ['Beaches', 'Museums', 'Food', 'Nightlife', 'Hiking', 'History', 'Architecture', 'Nature', 'Art', 'Family'];

/** Checks the word lists do not carry a planted term by accident (run once per process). */
export function checkVocabulary(): void {
  const planted = [...TERMS.common, 'sunset', 'galata', 'zqxv', foldText(TERMS.surname), '#'];
  const lists = { CITIES: CITIES.map((c) => c[0]), ADJECTIVES, NOUNS, WORDS, FIRST_NAMES, SURNAMES, EMAIL_DOMAINS, REPORT_WORDS, CATALOGUE_WORDS };
  for (const [name, list] of Object.entries(lists)) {
    for (const word of list) {
      const folded = foldText(word);
      const hit = planted.find((p) => folded.includes(p));
      if (hit) throw new Error(`bench word list ${name} holds "${word}", which carries the planted term "${hit}"`);
    }
  }
}

/** `count` words from `vocabulary`, with the planted terms at their frequencies (rate 0 leaves them out). */
function text(rng: Rng, vocabulary: readonly string[], count: number, withPlanted: boolean): string {
  const words = Array.from({ length: count }, () => pick(rng, vocabulary));
  if (withPlanted) {
    // each planted term replaces a word at a random place; the phrase takes two consecutive places
    if (rng() < 0.39) words[int(rng, 0, count - 1)] = 'bazaar';
    if (rng() < 0.39) words[int(rng, 0, count - 1)] = 'lighthouse';
    if (rng() < 0.01) words.splice(int(rng, 0, count - 2), 2, 'sunset', 'galata');
  }
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return words.join(' ');
}

const asciiName = (name: string) => foldText(name).replace(/[^a-z]/g, '');

// ---- tables -------------------------------------------------------------------------------------

export type PgType = 'integer' | 'text' | 'double precision';
export interface Column {
  name: string;
  pg: PgType;
}
export interface TableData {
  table: string;
  columns: Column[];
  /** rows 1..count */
  count: number;
  /** id of row n (explicit ids: references are computed, not read back) */
  firstId: number;
  row: (n: number) => unknown[];
}

const cols = (spec: string): Column[] =>
  spec.split(',').map((part) => {
    const [name, type] = part.trim().split(':');
    return { name, pg: type === 'i' ? 'integer' : type === 'f' ? 'double precision' : 'text' };
  });

export interface Layout {
  params: SeedParams;
  /** first id of each big table (the bootstrap's rows come before the users) */
  userBase: number;
  subAdminBase: number;
  categoryBase: number;
  tagBase: number;
  reportCategoryBase: number;
}

/** Ids: users 'User' are userBase+1..userBase+users, then the sub-admins; the others start after what the migrations and bootstrap put there. */
export function layout(params: SeedParams, maxIds: { users: number; categories: number; tags: number; report_categories: number }): Layout {
  return {
    params,
    userBase: maxIds.users,
    subAdminBase: maxIds.users + params.users,
    categoryBase: maxIds.categories,
    tagBase: maxIds.tags,
    reportCategoryBase: maxIds.report_categories,
  };
}

const SURNAME_SHARE = 0.01;

export function userName(n: number): string {
  const rng = rowRandom(1, n);
  const first = pick(rng, FIRST_NAMES);
  const last = rng() < SURNAME_SHARE ? TERMS.surname : pick(rng, SURNAMES);
  return `${first} ${last}`;
}

export function tables(l: Layout): TableData[] {
  const p = l.params;
  const userId = (rng: Rng) => l.userBase + int(rng, 1, p.users);
  const postIdOf = (n: number) => n; // posts are 1..posts
  const itineraryEvery = 10; // post n with n % 10 === 0 is an itinerary: 10%
  const users: TableData = {
    table: 'users',
    columns: cols('id:i,name,email,phone,country_code,password_hash,status,user_type,location,country,latitude:f,longitude:f,sequence:i,created_at,updated_at'),
    count: p.users + p.subAdmins,
    firstId: l.userBase + 1,
    row: (n) => {
      const rng = rowRandom(2, n);
      const staff = n > p.users;
      const name = userName(n);
      const [first, last] = [name.slice(0, name.indexOf(' ')), name.slice(name.indexOf(' ') + 1)];
      const r = rng();
      const domain = r < 0.39 ? (staff ? 'bazaar-staff.example' : 'bazaar-mail.example') : staff ? 'staff.example' : pick(rng, EMAIL_DOMAINS);
      const [city, country, lat, lng] = pick(rng, CITIES);
      const s = rng();
      const status = staff
        ? s < 0.7 ? 'Active' : s < 0.85 ? 'Inactive' : 'Request Pending'
        : s < 0.85 ? 'Active' : s < 0.93 ? 'Inactive' : s < 0.98 ? 'Pending' : 'Request Pending';
      const created = stamp(rng, n, p.users + p.subAdmins);
      return [
        l.userBase + n,
        name,
        `${asciiName(first)}.${asciiName(last)}${n}@${domain}`,
        `+90 5${String((n * 7919) % 1_000_000_000).padStart(9, '0')}`,
        '+90',
        'bench-no-sign-in',
        status,
        staff ? 'Sub-Admin' : 'User',
        `${city}, ${country}`,
        country,
        lat + rng() / 10,
        lng + rng() / 10,
        int(rng, 0, 1000),
        created,
        created,
      ];
    },
  };
  const named = (table: 'categories' | 'tags' | 'report_categories', count: number, base: number, salt: number): TableData => ({
    table,
    columns: cols('id:i,name,name_key,status,created_at,updated_at'),
    count,
    firstId: base + 1,
    row: (n) => {
      const rng = rowRandom(salt, n);
      const word = rng() < 0.4 ? 'Bazaar' : pick(rng, CATALOGUE_WORDS);
      const name = table === 'tags' ? `${word.toLowerCase()} ${n}` : `${word} ${n}`;
      const created = stamp(rng, n, count);
      return [base + n, name, nameKey(name), rng() < 0.85 ? 'Active' : 'Inactive', created, created];
    },
  });
  const spots: TableData = {
    table: 'spots',
    columns: cols('id:i,user_id:i,name,status,address,country,state,city,post_code,latitude:f,longitude:f,image,thumbnail_url,created_at,updated_at'),
    count: p.spots,
    firstId: 1,
    row: (n) => {
      const rng = rowRandom(3, n);
      const [city, country, lat, lng] = pick(rng, CITIES);
      const r = rng();
      const name = r < 0.01 ? 'Sunset Galata Terrace' : `${pick(rng, ADJECTIVES)} ${r < 0.4 ? 'Lighthouse' : pick(rng, NOUNS)}`;
      const created = stamp(rng, n, p.spots);
      const image = `bench/spot-${n % 500}.webp`;
      return [
        n,
        rng() < 0.9 ? userId(rng) : null,
        `${name} #${n}`,
        rng() < 0.9 ? 'Active' : 'Inactive',
        `${int(rng, 1, 200)} ${pick(rng, NOUNS)} Street, ${city}`,
        country,
        city,
        city,
        String(int(rng, 10000, 99999)),
        lat + (rng() - 0.5) / 5,
        lng + (rng() - 0.5) / 5,
        image,
        `/uploads/${image.replace('.webp', '-thumb.webp')}`,
        created,
        created,
      ];
    },
  };
  const posts: TableData = {
    table: 'posts',
    columns: cols('id:i,type,user_id:i,title,description,latitude:f,longitude:f,itinerary_date,is_planeed,is_public:i,sequence:i,created_at,updated_at,deleted_at'),
    count: p.posts,
    firstId: 1,
    row: (n) => {
      const rng = rowRandom(4, n);
      const itinerary = n % itineraryEvery === 0;
      const [city, , lat, lng] = pick(rng, CITIES);
      const created = stamp(rng, n, p.posts);
      const deleted = rng() < 0.03 ? new Date(Date.parse(created) + int(rng, 1, 60) * 86_400_000).toISOString() : null;
      return [
        postIdOf(n),
        itinerary ? 'itinerary' : 'post',
        userId(rng),
        `${pick(rng, ADJECTIVES)} ${city} ${pick(rng, NOUNS)}`,
        `${text(rng, WORDS, 25, true)} #${n}`,
        lat + (rng() - 0.5) / 5,
        lng + (rng() - 0.5) / 5,
        itinerary ? created.slice(0, 10) + 'T00:00:00.000Z' : null,
        itinerary && rng() < 0.5 ? '1' : '0',
        rng() < 0.9 ? 1 : 0,
        int(rng, 0, 1000),
        created,
        created,
        deleted,
      ];
    },
  };
  // 40% of posts, and the newest 200 (the first pages), show 1-3 spots
  const hasSpots = (n: number) => n % 5 < 2 || n > p.posts - 200;
  const spotsOf = (n: number) => (hasSpots(n) ? 1 + Math.floor(rowRandom(5, n)() * 3) : 0);
  const postSpots: TableData & { perPost: (n: number) => unknown[][] } = {
    table: 'post_spots',
    columns: cols('post_id:i,spot_id:i,itinerary_date,position:i'),
    count: p.posts,
    firstId: 1,
    row: () => {
      throw new Error('post_spots are written per post (perPost)');
    },
    perPost: (n) => {
      const k = spotsOf(n);
      if (!k) return [];
      const rng = rowRandom(6, n);
      const day = n % itineraryEvery === 0 ? stamp(rng, n, p.posts).slice(0, 10) + 'T00:00:00.000Z' : null;
      return Array.from({ length: k }, (_, i) => [n, int(rng, 1, p.spots), day, i]);
    },
  };
  const notItinerary = (n: number) => (n % itineraryEvery === 0 ? Math.max(1, n - 1) : n);
  // posts not of the itinerary kind, any (a few are soft-deleted: so are some reported ones)
  const livePost = (rng: Rng) => notItinerary(int(rng, 1, p.posts));
  const comments: TableData = {
    table: 'comments',
    columns: cols('id:i,post_id:i,user_id:i,comment,created_at,deleted_at'),
    count: p.comments,
    firstId: 1,
    row: (n) => {
      const rng = rowRandom(7, n);
      const post = livePost(rng);
      const created = stamp(rng, n, p.comments);
      return [n, post, userId(rng), `${text(rng, WORDS, int(rng, 6, 14), true)} #${n}`, created, rng() < 0.03 ? created : null];
    },
  };
  const commentPost = (c: number) => livePost(rowRandom(7, c)); // same draw as the comment row's post_id
  // the Pending reports (70%) gather on a pool of targets, one tenth as many as the reports (40% posts,
  // 30% comments, 30% users, as the reports' types): about p.reports / 10 open moderation cases of about
  // seven reports each; the Resolved ones are on any target, and their cases are decided after the
  // seed (moderation.ts)
  const pool = (share: number) => Math.max(1, Math.floor((p.reports / 10) * share));
  const pooled = (n: number, size: number) => ((Math.imul(n, 2654435761) >>> 0) % size) + 1;
  const spread = (k: number, count: number) => ((k * 7919) % count) + 1;
  const reports: TableData = {
    table: 'reports',
    columns: cols('id:i,type,user_id:i,post_id:i,comment_id:i,other_user_id:i,report_category_id:i,reason,status,user_status_by_admin,created_at,updated_at'),
    count: p.reports,
    firstId: 1,
    row: (n) => {
      const rng = rowRandom(8, n);
      // 40% post, 30% comment, 30% user
      const t = n % 10;
      const type = t < 4 ? 'post' : t < 7 ? 'comment' : 'user';
      const reporter = userId(rng);
      let comment = type === 'comment' ? int(rng, 1, p.comments) : null;
      let other: number | null = null;
      if (type === 'user') do other = userId(rng); while (other === reporter);
      const created = stamp(rng, n, p.reports);
      let post = type === 'post' ? livePost(rng) : comment ? commentPost(comment) : null;
      const category = p.reportCategories && rng() < 0.9 ? l.reportCategoryBase + int(rng, 1, p.reportCategories) : null;
      const reason = `${text(rng, REPORT_WORDS, int(rng, 5, 12), true)} #${n}`;
      const status = rng() < 0.7 ? 'Pending' : 'Resolved';
      if (status === 'Pending') {
        if (type === 'post') post = notItinerary(spread(pooled(n, pool(0.4)), p.posts));
        if (type === 'comment') {
          comment = spread(pooled(n, pool(0.3)), p.comments);
          post = commentPost(comment);
        }
        if (type === 'user') other = l.userBase + spread(pooled(n, pool(0.3)), p.users);
      }
      return [n, type, reporter, post, comment, other, category, reason, status, rng() < 0.88 ? 'Active' : 'Inactive', created, created];
    },
  };
  const pages = (table: 'email_templates' | 'content_pages', count: number, salt: number): TableData => ({
    table,
    columns: cols('title,slug,description,status,created_at,updated_at'),
    count,
    firstId: 0, // ids left to the database: the bootstrap's templates come first
    row: (n) => {
      const rng = rowRandom(salt, n);
      const title = `${rng() < 0.4 ? 'Bazaar' : pick(rng, CATALOGUE_WORDS)} ${table === 'email_templates' ? 'notice' : 'guide'} ${n}`;
      const created = stamp(rng, n, count);
      return [title, `bench-${slugify(title)}`, `<p>${text(rng, WORDS, 40, false)}</p>`, rng() < 0.85 ? 'Active' : 'Inactive', created, created];
    },
  });
  return [
    users,
    named('categories', p.categories, l.categoryBase, 9),
    named('tags', p.tags, l.tagBase, 10),
    named('report_categories', p.reportCategories, l.reportCategoryBase, 11),
    spots,
    posts,
    postSpots,
    comments,
    reports,
    pages('email_templates', p.emailTemplates, 12),
    pages('content_pages', p.contentPages, 13),
  ];
}

export function isPerPost(t: TableData): t is TableData & { perPost: (n: number) => unknown[][] } {
  return 'perPost' in t;
}
