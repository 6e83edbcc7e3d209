// Graceful shutdown of the real server process (`node --import tsx src/server/main.ts`): on SIGTERM it
// stops accepting connections, finishes the request in flight (its answer arrives whole) and exits 0;
// a request that never ends makes it exit 1 after SHUTDOWN_TIMEOUT_MS.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/index';
import { ADMIN, dialects, TEST_SCRYPT_N } from '../support/api';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** True when nothing accepts a connection on the port any more. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

const started: { server: Server; dataDir: string }[] = [];

async function startServer(dialect: 'sqlite' | 'postgres', env: Record<string, string> = {}): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-shutdown-'));
  const databaseUrl = dialect === 'postgres' ? process.env.TEST_DATABASE_URL! : undefined;
  if (databaseUrl) {
    const reset = openDatabase({ databaseUrl, dataDir });
    await sql`DROP SCHEMA IF EXISTS public CASCADE`.execute(reset.db);
    await sql`CREATE SCHEMA public`.execute(reset.db);
    await reset.close();
  }
  const port = await freePort();
  const { DATABASE_URL: _unused, METRICS_TOKEN: _token, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEED_DEMO: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_DIST: path.join(dataDir, 'no-admin'),
      PASSWORD_SCRYPT_N: String(TEST_SCRYPT_N),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, port, output: () => out, exited };
  started.push({ server, dataDir });
  await until('the server to be ready', () => {
    if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode}:\n${out}`);
    return out.includes('is ready');
  }, 60_000);
  return server;
}

/** A sign-in whose body is sent in two halves: `finish()` sends the rest and resolves with the answer. */
function slowSignIn(port: number) {
  const body = Buffer.from(JSON.stringify({ email: ADMIN.email, password: ADMIN.password, is_web: '1' }));
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json', 'content-length': body.length, 'x-request-id': 'in-flight-1' },
  });
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      res.once('error', reject);
    });
  });
  request.write(body.subarray(0, half));
  return {
    answer: () => answer,
    finish() {
      request.end(body.subarray(half));
      return answer;
    },
    abandon: () => request.destroy(),
  };
}

afterEach(async () => {
  for (const { server, dataDir } of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

describe.each(dialects)('graceful shutdown on %s', (dialect) => {
  it('finishes the request in flight, refuses new connections and exits 0', async () => {
    const server = await startServer(dialect);
    const signIn = slowSignIn(server.port);
    // the server has the request's headers and half its body: it is in flight
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await until('the shutdown to start', () => server.output().includes('Shutting down on SIGTERM'));
    await until('new connections to be refused', () => refused(server.port), 5_000);
    expect(server.child.exitCode).toBeNull();

    const res = await signIn.finish();
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('in-flight-1');
    expect(res.headers.connection).toBe('close');
    const session = JSON.parse(res.text) as { data: { token: string; user: { email: string } } };
    expect(session.data.token).toEqual(expect.any(String));
    expect(session.data.user.email).toBe(ADMIN.email);

    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/Shut down cleanly in \d+ ms/);
  }, 90_000);

  it('exits 1 when requests are still running after SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startServer(dialect, { SHUTDOWN_TIMEOUT_MS: '500' });
    const stuck = slowSignIn(server.port);
    stuck.answer().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(450);
    expect(server.output()).toMatch(/SHUTDOWN_TIMEOUT_MS/);
    stuck.abandon();
  }, 90_000);
});
