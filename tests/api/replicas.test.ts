// Stateless replicas (README "Deployment"): real server processes (`node --import tsx src/server/main.ts`)
// that share nothing but one PostgreSQL database and one S3-compatible store (s3rver on loopback). What
// one of them is told or does holds on the other at once: a session, an uploaded image, a revoked
// session, the sign-in throttle; and a server killed mid-burst loses no write it acknowledged.
// The kept list answers live 60 s here (LIST_CACHE_MS) and the guard's accounts 1 s: what makes the other
// server see a change within milliseconds is its notification (src/server/replicas/sync.ts), not a timeout.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINCIPAL_TTL_MS } from '@server/auth/guard';
import { hashPassword } from '@server/auth/passwords';
import { openDatabase } from '@server/db/index';
import { insertUser } from '@server/modules/users/service';
import { ADMIN, multipart, TEST_SCRYPT_N } from '../support/api';
import { startS3, type TestS3 } from '../support/s3';

const PG = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../..');
const JWT_SECRET = 'replicas-test-shared-secret-0123456789abcdef';
const MAX_FAILURES = 3;
const SUB_ADMIN = { email: 'replica-sub@example.com', password: 'Str0ng@Pass' };
const HEARD_WITHIN_MS = 250;

/** A port nobody listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** A server process: its base URL, its output so far, and a way to end it. */
interface Server {
  name: string;
  base: string;
  child: ChildProcess;
  output(): string;
  dataDir: string;
}

async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `backoffice-replica-${name}-`));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_DIST: path.join(dataDir, 'no-admin'),
      SEED_DEMO: '0',
      PASSWORD_SCRYPT_N: String(TEST_SCRYPT_N),
      LOG_LEVEL: 'warn',
      LIST_CACHE_MS: '60000',
      LOGIN_MAX_FAILURES: String(MAX_FAILURES),
      REFRESH_REUSE_GRACE_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { name, base: `http://127.0.0.1:${port}`, child, output: () => output, dataDir };
}

/** Resolves once GET /api/health answers 200; fails with the server's output if it ends first. */
async function healthy(server: Server, timeoutMs = 40_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`${server.name} exited ${server.child.exitCode}:\n${server.output()}`);
    const ok = await fetch(`${server.base}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${server.name} not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

function stop(server: Server | undefined) {
  if (!server) return Promise.resolve();
  return new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  }).then(() => fs.rmSync(server.dataDir, { recursive: true, force: true }));
}

/** One call to a server: status, JSON body (when there is one) and headers. */
async function call(server: Server, method: string, url: string, opts: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers,
    body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body && new Uint8Array(opts.body),
    redirect: 'manual',
  });
  const text = await res.text();
  // the envelope of any answer, read as the tests read inject()'s json()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shape depends on the call
  let body: { data: any; message: string } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, headers: res.headers };
}

const login = async (server: Server, email: string, password: string) => {
  const res = await call(server, 'POST', '/api/auth/login', { json: { email, password, is_web: '1' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body!.data as { token: string; refresh_token: string };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks `probe` until it answers `expected`, for HEARD_WITHIN_MS at most. The other server hears of a write
 * through PostgreSQL's notification, which travels beside the HTTP answer: it is there within a millisecond
 * or so, but a call sent the very moment the answer arrives can still overtake it on a busy machine. What
 * it must never take is the caches' own lifetime (1 s for the guard's accounts, 60 s for these lists).
 */
async function heard<T>(probe: () => Promise<T>, expected: T) {
  const start = performance.now();
  let got = await probe();
  while (!isDeepStrictEqual(got, expected) && performance.now() - start < HEARD_WITHIN_MS) {
    await sleep(5);
    got = await probe();
  }
  expect(got).toEqual(expected);
}

const tagNames = async (server: Server, token: string, filter: string) => {
  const res = await call(server, 'GET', `/api/tag?limit=100&filter=${encodeURIComponent(filter)}`, { token });
  expect(res.status).toBe(200);
  return (res.body!.data.data as { name: string }[]).map((r) => r.name).sort();
};

describe.skipIf(!PG)(PG ? 'two servers on one PostgreSQL and one S3 store' : 'replicas: skipped, set TEST_DATABASE_URL to a PostgreSQL server to run them', () => {
  let s3: TestS3;
  let databaseUrl: string;
  let dbName: string;
  let a: Server;
  let b: Server;
  let c: Server;
  let admin: { token: string; refresh_token: string };

  const admin$ = () => openDatabase({ databaseUrl: PG!, dataDir: os.tmpdir() });

  beforeAll(async () => {
    s3 = await startS3('replicas');
    // a database of its own on the test server, dropped at the end
    dbName = `backoffice_replicas_${process.pid}_${Date.now()}`;
    const server = admin$();
    try {
      await sql`CREATE DATABASE ${sql.id(dbName)}`.execute(server.db);
    } finally {
      await server.close();
    }
    const url = new URL(PG!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    const shared = { DATABASE_URL: databaseUrl, ...s3.env };
    // A and B start together on the empty database (they take turns to migrate and bootstrap); C
    // streams the images and, on purpose, has no JWT_SECRET (see the last test)
    [a, b, c] = await Promise.all([
      startServer('A', { ...shared, JWT_SECRET }),
      startServer('B', { ...shared, JWT_SECRET }),
      startServer('C', { ...shared, S3_SERVE: 'stream' }),
    ]);
    await Promise.all([healthy(a), healthy(b), healthy(c)]);
    // a Sub-Admin with the User-list permission, written straight into the database
    const db = openDatabase({ databaseUrl, dataDir: os.tmpdir() });
    try {
      const id = await insertUser(db.db, {
        name: 'Replica Sub',
        email: SUB_ADMIN.email,
        phone: '5551234567',
        password_hash: await hashPassword(SUB_ADMIN.password, TEST_SCRYPT_N),
        status: 'Active',
        user_type: 'Sub-Admin',
      });
      const permission = await db.db.selectFrom('permissions').select('id').where('name', '=', 'User-list').executeTakeFirstOrThrow();
      await db.db.insertInto('user_permissions').values({ user_id: id, permission_id: permission.id }).execute();
    } finally {
      await db.close();
    }
    admin = await login(a, ADMIN.email, ADMIN.password);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b), stop(c)]);
    await s3?.close();
    if (dbName) {
      const server = admin$();
      try {
        await sql`DROP DATABASE IF EXISTS ${sql.id(dbName)} WITH (FORCE)`.execute(server.db);
      } finally {
        await server.close();
      }
    }
  });

  it('started together on an empty database: one Admin, the migrations run once', async () => {
    const db = openDatabase({ databaseUrl, dataDir: os.tmpdir() });
    try {
      const admins = await db.db.selectFrom('users').select('id').where('user_type', '=', 'Admin').execute();
      expect(admins).toHaveLength(1);
    } finally {
      await db.close();
    }
    for (const server of [a, b]) {
      expect(server.output()).not.toMatch(/must exist/);
      // no error logged, but the one about C's secret (the last test)
      const errors = server.output().split('\n').filter((line) => line.includes('"level":50') && !line.includes('another secret'));
      expect(errors).toEqual([]);
    }
  });

  it('signed in on A, works on B: lists, creates and updates, and each sees the other’s writes at once', async () => {
    const token = admin.token;
    // each server keeps its answer to this list (LIST_CACHE_MS=60 s)…
    expect(await tagNames(a, token, 'replica')).toEqual([]);
    expect(await tagNames(b, token, 'replica')).toEqual([]);
    // …a create on B is in A's next answer
    expect((await call(b, 'POST', '/api/tag/create', { token, json: { name: ['replica pier'], status: ['Active'] } })).status).toBe(200);
    await heard(() => tagNames(a, token, 'replica'), ['replica pier']);
    expect(await tagNames(b, token, 'replica')).toEqual(['replica pier']);
    const [row] = (await call(a, 'GET', '/api/tag?limit=100&filter=replica', { token })).body!.data.data as { id: number }[];
    // an update on B, seen on A at once; and back
    expect((await call(b, 'POST', '/api/tag/update', { token, json: { id: row.id, name: 'replica pier north', status: 'Active' } })).status).toBe(200);
    await heard(() => tagNames(a, token, 'replica'), ['replica pier north']);
    expect((await call(a, 'POST', '/api/tag/update', { token, json: { id: row.id, name: 'replica pier south', status: 'Active' } })).status).toBe(200);
    await heard(() => tagNames(b, token, 'replica'), ['replica pier south']);
  });

  it('refreshes the session on B; a refresh token reused on A ends the family on both', async () => {
    const session = await login(a, ADMIN.email, ADMIN.password);
    const refreshed = await call(b, 'POST', '/api/auth/refresh-token', { json: { refresh_token: session.refresh_token } });
    expect(refreshed.status).toBe(200);
    const next = refreshed.body!.data as { token: string; refresh_token: string };
    expect((await call(a, 'GET', '/api/tag?limit=5', { token: next.token })).status).toBe(200);
    // the rotated token comes back (a stolen copy): the whole family ends, whichever server is asked
    expect((await call(a, 'POST', '/api/auth/refresh-token', { json: { refresh_token: session.refresh_token } })).status).toBe(401);
    expect((await call(b, 'POST', '/api/auth/refresh-token', { json: { refresh_token: next.refresh_token } })).status).toBe(401);
  });

  it('serves an image uploaded through A from B (redirect to the store) and from C (streamed), thumbnail included', async () => {
    const picture = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#2277aa' } }).png().toBuffer();
    const form = await multipart({ name: 'Admin', profile_pic: { filename: 'me.png', type: 'image/png', bytes: picture } });
    const upload = await call(a, 'POST', '/api/auth/user/update', { token: admin.token, body: form.payload, headers: form.headers });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const url = upload.body!.data.user.profile_pic as string;
    expect(url).toMatch(/^\/uploads\/users\/[\w-]+\.png$/);
    const thumbnail = url.replace('/users/', '/users/thumbs/').replace(/\.png$/, '.jpg');
    // nothing on A's disk: the bytes are in the store
    expect(fs.existsSync(path.join(a.dataDir, 'uploads', 'users'))).toBe(false);

    for (const [file, type] of [
      [url, 'image/png'],
      [thumbnail, 'image/jpeg'],
    ] as const) {
      const redirect = await fetch(`${b.base}${file}`, { redirect: 'manual' });
      expect(redirect.status, file).toBe(302);
      expect(redirect.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
      const location = redirect.headers.get('location')!;
      expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
      const viaB = await fetch(location);
      expect(viaB.status).toBe(200);
      expect(viaB.headers.get('content-type')).toBe(type);
      const bytesB = Buffer.from(await viaB.arrayBuffer());

      const viaC = await fetch(`${c.base}${file}`);
      expect(viaC.status).toBe(200);
      expect(viaC.headers.get('content-type')).toBe(type);
      expect(viaC.headers.get('etag')).toBeTruthy();
      expect(viaC.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await viaC.arrayBuffer()).equals(bytesB)).toBe(true);
      if (type === 'image/png') expect(bytesB.equals(picture)).toBe(true);
      else expect((await sharp(bytesB).metadata()).width).toBe(256);
    }
    expect((await fetch(`${c.base}/uploads/users/missing.png`)).status).toBe(404);
  });

  it('a session ended on A is refused on B at once: a new password, a Sub-Admin set Inactive', async () => {
    // B has just checked (and kept, for up to 1 s) the admin's account
    let keptAt = performance.now();
    expect((await call(b, 'GET', '/api/tag?limit=1&page=0', { token: admin.token })).status).toBe(200);
    const form = await multipart({ name: 'Admin', password: 'N3w@Password', current_password: ADMIN.password });
    const changed = await call(a, 'POST', '/api/auth/user/update', { token: admin.token, body: form.payload, headers: form.headers });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const old = admin.token;
    admin = changed.body!.data as { token: string; refresh_token: string };
    await heard(async () => (await call(b, 'GET', '/api/tag?limit=1&page=1', { token: old })).status, 401);
    expect(performance.now() - keptAt).toBeLessThan(PRINCIPAL_TTL_MS);
    expect((await call(b, 'GET', '/api/tag?limit=1&page=1', { token: admin.token })).status).toBe(200);

    const sub = await login(b, SUB_ADMIN.email, SUB_ADMIN.password);
    const users = (token: string) => call(b, 'GET', '/api/user?user_type=User&limit=5', { token });
    const subId = (await call(a, 'GET', `/api/user?user_type=Sub-Admin&limit=10&filter=${encodeURIComponent(SUB_ADMIN.email)}`, { token: admin.token })).body!.data.data[0]
      .id as number;
    keptAt = performance.now();
    expect((await users(sub.token)).status).toBe(200);
    const bulk = await call(a, 'POST', '/api/user/bulk-action', { token: admin.token, json: { user_ids: [subId], action: 'inactive' } });
    expect(bulk.body!.data.succeedUserIds).toEqual([subId]);
    await heard(async () => (await users(sub.token)).status, 401);
    expect(performance.now() - keptAt).toBeLessThan(PRINCIPAL_TTL_MS);
  });

  it('the sign-in throttle reached on A holds on B', async () => {
    const attempt = (server: Server) => call(server, 'POST', '/api/auth/login', { json: { email: 'nobody-replica@example.com', password: 'Wr0ng@Pass', is_web: '1' } });
    for (let i = 0; i < MAX_FAILURES; i++) expect((await attempt(a)).status).toBe(401);
    expect((await attempt(a)).status).toBe(429);
    const onB = await attempt(b);
    expect(onB.status).toBe(429);
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('tells a server that signs with another JWT secret, on both sides, and warns at start without JWT_SECRET', async () => {
    expect(c.output()).toMatch(/JWT_SECRET is not set/);
    expect(a.output()).not.toMatch(/JWT_SECRET is not set/);
    const mismatch = /signs access tokens with another secret/;
    expect([a, b, c].some((s) => mismatch.test(s.output()))).toBe(true);
    // C refuses A's tokens, as it says
    expect((await call(c, 'GET', '/api/tag?limit=1', { token: admin.token })).status).toBe(401);
  });

  it('A killed right after acknowledging a burst of writes: B finds every acknowledged one', async () => {
    const token = admin.token;
    const acknowledged: string[] = [];
    const names = Array.from({ length: 60 }, (_, i) => `burst ${String(i).padStart(2, '0')}`);
    let killed = false;
    const sent = names.map(async (name) => {
      try {
        const res = await call(a, 'POST', '/api/tag/create', { token, json: { name: [name], status: ['Active'] } });
        if (res.status === 200) acknowledged.push(name);
      } catch {
        // the server died under it: not acknowledged
      }
      // killed as soon as half of the burst is acknowledged, the rest still in flight
      if (!killed && acknowledged.length >= names.length / 2) {
        killed = true;
        a.child.kill('SIGKILL');
      }
    });
    await Promise.all(sent);
    expect(killed).toBe(true);
    expect(a.child.signalCode ?? (await new Promise((resolve) => a.child.once('exit', (_code, signal) => resolve(signal))))).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(names.length / 2);
    const onB = await tagNames(b, token, 'burst');
    for (const name of acknowledged) expect(onB).toContain(name);
  });
});
