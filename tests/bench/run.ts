// `npm run bench [-- --users N]`: seeds a throwaway database (SQLite, or PostgreSQL with
// BENCH_DATABASE_URL) and measures the API's hot paths against their targets. Exits 1 on a miss.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { DEFAULT_SEED, seedDemo } from '../../src/server/seed/demo';

const { values } = parseArgs({ options: { users: { type: 'string', default: '20000' }, runs: { type: 'string', default: '60' } } });
const users = Number(values.users);
const runs = Number(values.runs);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
const config = loadConfig({}, { dataDir, databaseUrl: process.env.BENCH_DATABASE_URL, adminDist: path.join(dataDir, 'none') });
const { app, ctx } = await buildApp(config, { logger: false });
const t0 = performance.now();
await seedDemo(ctx.db, {
  options: { ...DEFAULT_SEED, users, posts: Math.max(300, users / 2), spots: Math.max(300, users / 4) },
  demoPassword: config.demoPassword,
  scryptN: config.passwordScryptN,
  uploadsDir: path.join(dataDir, 'uploads'),
});
console.log(`seeded ${users} users in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${ctx.dialect}`);

const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: config.adminEmail, password: config.adminPassword } });
const headers = { authorization: `Bearer ${login.json().data.token}` };
const order = (name: string, direction = 'DESC') => encodeURIComponent(JSON.stringify({ direction, name, type: 'default' }));

interface Case {
  name: string;
  url: string;
  targetP95Ms: number;
}
const cases: Case[] = [
  { name: 'user list, first page', url: '/api/user?user_type=User&page=1&limit=10', targetP95Ms: 40 },
  { name: 'user list, page 100 by created_at', url: `/api/user?user_type=User&page=100&limit=10&order=${order('created_at')}`, targetP95Ms: 60 },
  { name: 'user list, substring search', url: '/api/user?user_type=User&page=1&limit=10&filter=ander', targetP95Ms: 80 },
  { name: 'category list', url: '/api/category?page=0&limit=10', targetP95Ms: 20 },
  { name: 'dashboard statistics', url: '/api/user/user-statistics', targetP95Ms: 150 },
];

let missed = 0;
for (const c of cases) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await app.inject({ url: c.url, headers });
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(runs * 0.5)];
  const p95 = times[Math.floor(runs * 0.95)];
  const ok = p95 <= c.targetP95Ms;
  if (!ok) missed++;
  console.log(`${ok ? 'ok  ' : 'MISS'} ${c.name.padEnd(36)} p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  (target p95 ≤ ${c.targetP95Ms} ms)`);
}
// A sign-in flood must not starve other requests: 40 concurrent sign-ins (scrypt at the configured cost)
// while a plain call is timed over real HTTP on loopback.
{
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as import('node:net').AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const signIns = Array.from({ length: 40 }, (_, i) =>
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `flood${i}@example.com`, password: 'wrong-password', is_web: '1' }),
    }).then((r) => r.status),
  );
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const statuses = await Promise.all(signIns);
  times.sort((a, b) => a - b);
  const p95 = times[Math.floor(times.length * 0.95)];
  const target = 100;
  if (p95 > target) missed++;
  const answered = statuses.reduce<Record<number, number>>((acc, st) => ({ ...acc, [st]: (acc[st] ?? 0) + 1 }), {});
  console.log(
    `${p95 <= target ? 'ok  ' : 'MISS'} ${'health during 40 concurrent sign-ins'.padEnd(36)} p50 ${times[10].toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  (target p95 ≤ ${target} ms; sign-ins answered ${JSON.stringify(answered)})`,
  );
}
console.log(`heap used ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MiB`);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(missed ? 1 : 0);
