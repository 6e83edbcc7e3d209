// The posts' categories and tags (issue 35's filters): the seed writes none, so the category and tag
// filters would only ever be measured empty. Written into the cached database once (marked like the tag
// scale): every post under one of the seed's categories but the last (about 2.6% of the posts each), the
// last on two posts in 10,000 (a rare one: a post and an itinerary); one tag of the seed's, a second on every third post. Answers
// the ids the filter cases ask for.
import { sql } from 'kysely';
import type { Db } from '@server/db/index';
import type { SeedParams } from './data';

// (v2: the rare category on posts and itineraries both; it was on itineraries only)
const MARKER = 'bench_post_links_v2';
const BATCH = 1000;
/** One post in this many carries the rare category. */
const RARE_EVERY = 10_000;

export interface FilterIds {
  category: number;
  rareCategory: number;
  /** a tag of itineraries only (every 120th post is an itinerary's): the itineraries' tag, and the posts' empty one */
  tag: number;
  /** a tag of posts only, on one post in 120 */
  postTag: number;
  /** the author of the newest post (about ten posts, as every author) */
  author: number;
  reportCategory: number;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

export async function preparePostLinks(database: Db, params: SeedParams): Promise<FilterIds> {
  const db = database.db;
  const ids = async (table: 'categories' | 'tags' | 'report_categories', count: number) =>
    (await db.selectFrom(table).select('id').orderBy('id').limit(count).execute()).map((r) => Number(r.id));
  const categories = await ids('categories', params.categories);
  const tags = await ids('tags', params.tags);
  const [reportCategory] = await ids('report_categories', 1);
  const author = Number((await db.selectFrom('posts').select('user_id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).user_id);
  const found = { category: categories[0], rareCategory: categories[categories.length - 1], tag: tags[0], postTag: tags[1], author, reportCategory };
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(MARKER)} (posts integer NOT NULL)`.execute(db);
  const marker = (await sql<{ posts: number }>`SELECT posts FROM ${sql.table(MARKER)}`.execute(db)).rows[0];
  if (marker && Number(marker.posts) === params.posts) return found;
  const t0 = performance.now();
  say(`linking ${params.posts.toLocaleString('en-US')} posts to categories and tags`);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('post_categories').execute();
    await trx.deleteFrom('post_tags').execute();
    const common = categories.slice(0, -1);
    for (let first = 1; first <= params.posts; first += BATCH) {
      const links: { post_id: number; category_id: number }[] = [];
      const tagged: { post_id: number; tag_id: number }[] = [];
      for (let n = first; n < first + BATCH && n <= params.posts; n++) {
        links.push({ post_id: n, category_id: n % RARE_EVERY === 0 || n % RARE_EVERY === 1 ? found.rareCategory : common[n % common.length] });
        tagged.push({ post_id: n, tag_id: tags[(n * 7) % tags.length] });
        if (n % 3 === 0) tagged.push({ post_id: n, tag_id: tags[(n * 13 + 5) % tags.length] });
      }
      await trx.insertInto('post_categories').values(links).onConflict((oc) => oc.doNothing()).execute();
      await trx.insertInto('post_tags').values(tagged).onConflict((oc) => oc.doNothing()).execute();
    }
  });
  await sql`ANALYZE post_categories`.execute(db);
  await sql`ANALYZE post_tags`.execute(db);
  await sql`DELETE FROM ${sql.table(MARKER)}`.execute(db);
  await sql`INSERT INTO ${sql.table(MARKER)} VALUES (${params.posts})`.execute(db);
  say(`  post links: ${((performance.now() - t0) / 1000).toFixed(1)} s (with ANALYZE)`);
  return found;
}
