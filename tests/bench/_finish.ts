import pg from 'pg';
import type { Kysely } from 'kysely';
import { openDatabase } from '@server/db/index';
import { CASES_COUNTED, withoutCounter } from '@server/db/counts';
import { fileExistingReports, installCaseFiling } from '@server/db/moderationCases';
import { paramsHash } from './seed';
const url = process.env.BENCH_DATABASE_URL!;
const params = {"posts":1000000,"users":100000,"subAdmins":300,"spots":100000,"reports":1000000,"comments":100000,"categories":40,"tags":120,"reportCategories":12,"emailTemplates":30,"contentPages":30};
const t0 = performance.now();
const filing = openDatabase({ databaseUrl: url, dataDir: '.' });
const db = filing.db as Kysely<unknown>;
await withoutCounter(db, 'postgres', CASES_COUNTED, () => fileExistingReports(db, 'postgres'));
await installCaseFiling(db, 'postgres');
await filing.close();
console.log(`filed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const client = new pg.Client({ connectionString: url });
await client.connect();
for (const t of ['users', 'categories', 'tags', 'report_categories', 'spots', 'posts', 'comments', 'reports']) {
  await client.query(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
}
await client.query('VACUUM ANALYZE');
// posts 514 + reports 1980 + the rest (under a loaded machine): the seed's time, as measured
const seconds = 514 + 1980 + 70 + (performance.now() - t0) / 1000;
await client.query(`INSERT INTO bench_seed VALUES ($1, $2, $3, $4, 1)`, [paramsHash(params), JSON.stringify(params), new Date().toISOString(), Math.round(seconds)]);
await client.end();
console.log('done');
