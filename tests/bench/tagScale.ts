// The tags at scale: the seed's 120 tags (data.ts) make a list any plan answers at once, and the tags
// are the one named list that grows with use (a tag per hashtag people write). `--tag-rows` (100,000;
// 10,000 with --quick) more are written into the cached database once, marked with their count, so the
// tag figures (the Turkish name order of migration 028's name_sort, page 500, the searches) and the
// dashboard's count of tags are taken at that size. Names mix Turkish letters (Ç, Ö, Ş, İ, ı, Ü, Ğ) so
// the name order walks the sort key's folded bytes, and 40% carry 'bazaar' as the small tables' names do.
import { sql } from 'kysely';
import type { Db, DialectName } from '@server/db/index';
import { nameKey } from '@shared/text';
import { int, pick, rowRandom, type SeedParams } from './data';

export const TAG_ROWS_FULL = 100_000;
export const TAG_ROWS_QUICK = 10_000;

const MARKER = 'bench_tag_scale';
const BATCH = 1000;
// biome-ignore format: word list
const TURKISH_WORDS = ['çarşı', 'çay', 'şehir', 'şelale', 'öğle', 'ören', 'ürgüp', 'ılıca', 'ıhlara', 'istanbul', 'iznik', 'ege',
  'boğaz', 'kale', 'cami', 'köprü', 'göl', 'dağ', 'ada', 'yayla', 'sahil', 'liman', 'çeşme', 'şarap', 'ızgara', 'İskele'];

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Writes (or keeps) `count` tags beyond the seed's; answers how many the tag list holds beyond them. */
export async function prepareTagScale(database: Db, dialect: DialectName, params: SeedParams, count: number): Promise<number> {
  const db = database.db;
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(MARKER)} (count integer NOT NULL, first_id integer NOT NULL, seeded_at text NOT NULL)`.execute(db);
  const marker = (await sql<{ count: number; first_id: number }>`SELECT count, first_id FROM ${sql.table(MARKER)}`.execute(db)).rows[0];
  if (marker && Number(marker.count) === count) return count;
  const t0 = performance.now();
  if (marker) await sql`DELETE FROM tags WHERE id >= ${marker.first_id}`.execute(db);
  await sql`DELETE FROM ${sql.table(MARKER)}`.execute(db);
  if (!count) return 0;
  say(`seeding ${count.toLocaleString('en-US')} more tags`);
  const firstId = Number((await sql<{ m: number | null }>`SELECT max(id) AS m FROM tags`.execute(db)).rows[0]?.m ?? 0) + 1;
  const start = Date.UTC(2018, 0, 1);
  await db.transaction().execute(async (trx) => {
    for (let first = 1; first <= count; first += BATCH) {
      const rows = [];
      for (let n = first; n < first + BATCH && n <= count; n++) {
        const rng = rowRandom(14, n);
        // numbered after the seed's tags ('bazaar 1'..'bazaar 120'): every name is new
        const name = `${rng() < 0.4 ? 'bazaar' : pick(rng, TURKISH_WORDS).toLocaleLowerCase('tr')} ${params.tags + n}`;
        const created = new Date(start + n * 1_800_000 + int(rng, 0, 1_799_999)).toISOString();
        rows.push({ id: firstId + n - 1, name, name_key: nameKey(name), status: rng() < 0.85 ? 'Active' : 'Inactive', created_at: created, updated_at: created });
      }
      await trx.insertInto('tags').values(rows).execute();
    }
  });
  if (dialect === 'postgres') await sql`SELECT setval(pg_get_serial_sequence('tags', 'id'), (SELECT max(id) FROM tags))`.execute(db);
  await sql.raw(dialect === 'postgres' ? 'VACUUM ANALYZE tags' : 'ANALYZE tags').execute(db);
  await sql`INSERT INTO ${sql.table(MARKER)} VALUES (${count}, ${firstId}, ${new Date().toISOString()})`.execute(db);
  say(`  tags: ${count.toLocaleString('en-US')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (with ANALYZE)`);
  return count;
}
