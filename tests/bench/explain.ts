// `node --import tsx tests/bench/explain.ts <list url>...` (BENCH_DATABASE_URL for PostgreSQL, else
// BENCH_SQLITE_FILE): the statements the server runs for each list call, each with its plan (SQLite's
// EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN ANALYZE) and its time, on the bench's cached database. For a
// figure that misses its goal: is it the plan or the machine?
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/index';
import { SEARCH_FOLD, searchFold } from '@server/db/search';
import { sqlRecorder } from './measure';

const pgUrl = process.env.BENCH_DATABASE_URL || undefined;
const sqliteFile = process.env.BENCH_SQLITE_FILE ?? '';
if (!pgUrl && !fs.existsSync(sqliteFile)) throw new Error('set BENCH_DATABASE_URL or BENCH_SQLITE_FILE (a cached bench database)');
const config = loadConfig({}, { dataDir: '', databaseUrl: pgUrl, adminDist: '', accessTokenTtlSeconds: 3600, auditRetentionDays: 0 });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-explain-'));
const recorder = sqlRecorder();
const database = openDatabase({ databaseUrl: pgUrl, dataDir, sqliteFile, log: recorder.log });
const { app, ctx } = await buildApp({ ...config, dataDir, adminDist: path.resolve(import.meta.dirname, '../../dist') }, { database, logger: false });
ctx.answerCache.ttlMs = 0;
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: config.adminEmail, password: config.adminPassword } });
const headers = { authorization: `Bearer ${login.json().data.token}` };
const pgClient = pgUrl ? new pg.Client({ connectionString: pgUrl }) : undefined;
await pgClient?.connect();
const lite = pgUrl ? undefined : new SQLite(sqliteFile, { readonly: true });
lite?.function(SEARCH_FOLD, { deterministic: true }, (text: unknown) => (text == null ? null : searchFold(String(text))));

for (const url of process.argv.slice(2)) {
  const { result, statements } = await recorder.capture(() => app.inject({ url, headers }));
  console.log(`\n=== ${decodeURIComponent(url)}: HTTP ${result.statusCode}, total ${result.json().data?.meta?.total}`);
  for (const s of statements) {
    console.log(`--- ${s.sql.slice(0, 600)}\n    [${s.parameters.map((p) => JSON.stringify(p)).join(', ').slice(0, 200)}]`);
    if (pgClient) {
      const plan = await pgClient.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.parameters);
      for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
    } else if (lite) {
      for (const row of lite.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).all(s.parameters) as { detail: string }[]) console.log(`    ${row.detail}`);
      const stmt = lite.prepare(s.sql);
      const times = Array.from({ length: 5 }, () => {
        const t0 = performance.now();
        stmt.all(s.parameters);
        return performance.now() - t0;
      }).sort((a, b) => a - b);
      console.log(`    time (median of 5): ${times[2].toFixed(2)} ms`);
    }
  }
}
await pgClient?.end();
lite?.close();
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
