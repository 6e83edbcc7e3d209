// Builds a real app on a fresh database for an API test: SQLite in a temp dir, or PostgreSQL when
// the suite runs with TEST_DATABASE_URL (the public schema is dropped and recreated first).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type BuildOptions, buildApp } from '@server/app';
import { hashPassword } from '@server/auth/passwords';
import { type Config, loadConfig } from '@server/config';
import { openDatabase } from '@server/db/index';
import { KEPT_STATEMENTS } from '@server/db/keptStatements';
import { DECLARED_MIGRATIONS, DECLARED_SNAPSHOT } from '@server/db/migrations/declared/index';
import { migrateDeclared } from '@server/db/declaredSteps';
import { planMigration } from '@server/modules/declared/plan';
import type { ResourceDeclaration } from '@shared/resources/types';
import { insertUser } from '@server/modules/users/service';
import { seedDemo } from '@server/seed/demo';

export const TEST_SCRYPT_N = 2 ** 14;

// every list statement the suite takes from the kept ones is built again and must be the same
// (db/keptStatements.ts): a key that misses something a builder uses fails the test that reaches it
KEPT_STATEMENTS.check = true;
export const ADMIN = { email: 'admin@example.com', password: 'Admin@123' };

/** Dialects the API suite runs on: always SQLite, and PostgreSQL when TEST_DATABASE_URL is set. */
export const dialects: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export async function startTestApp(dialect: 'sqlite' | 'postgres', overrides: Partial<Config> = {}, build: Omit<BuildOptions, 'logger'> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-'));
  const databaseUrl = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (databaseUrl) {
    const reset = openDatabase({ databaseUrl, dataDir });
    await sql`DROP SCHEMA IF EXISTS public CASCADE`.execute(reset.db);
    await sql`CREATE SCHEMA public`.execute(reset.db);
    await reset.close();
  }
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl,
      adminDist: path.join(dataDir, 'no-admin'),
      passwordScryptN: TEST_SCRYPT_N,
      publicUrl: 'http://admin.test',
      ...overrides,
    },
  );
  const declared = build.declared ?? declaredMigrationsFor(build.resources ?? []);
  // silent, unless the test reads the log lines
  const built = await buildApp(config, { ...build, declared, logger: build.logStream !== undefined });
  return {
    ...built,
    config,
    dataDir,
    /** the declared tables' migrations it ran and what they made */
    declared,
    async close() {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The migrations of a registry's declared tables: the committed ones, then the one the generator would
 * write for what the registry adds (the test fixtures: their tables are made the way a developer's are).
 */
export function declaredMigrationsFor(resources: readonly ResourceDeclaration[]) {
  const plan = planMigration(DECLARED_SNAPSHOT, resources);
  return { migrations: { ...DECLARED_MIGRATIONS, ...(plan.steps.length ? { '9999_test_fixtures': plan.steps } : {}) }, snapshot: plan.snapshot };
}

/**
 * Changes a test app's declared tables as the migration generated for `resources` would (a field declared
 * since, a unique one): run after the app's own, its steps and changes answered.
 */
export async function migrateFurther(t: TestApp, resources: readonly ResourceDeclaration[]) {
  const plan = planMigration(t.declared.snapshot, resources);
  const name = `${Object.keys(t.declared.migrations).sort().at(-1) ?? '9999'}_${Object.keys(t.declared.migrations).length}`;
  t.declared = { migrations: { ...t.declared.migrations, [name]: plan.steps }, snapshot: plan.snapshot };
  await migrateDeclared(t.ctx.db, t.ctx.dialect, t.declared.migrations);
  return plan;
}

/** Inserts a user directly (for tests of rules that need a given account; a browser test's server too). */
export async function createUser(
  t: Pick<TestApp, 'ctx'>,
  fields: {
    email: string;
    password: string;
    user_type: string;
    status?: string;
    name?: string;
    permissions?: string[];
  },
) {
  const id = await insertUser(t.ctx.db, {
    name: fields.name ?? 'Test Person',
    email: fields.email,
    phone: '5551234567',
    country_code: '+1',
    password_hash: await hashPassword(fields.password, TEST_SCRYPT_N),
    status: fields.status ?? 'Active',
    user_type: fields.user_type,
  });
  for (const name of fields.permissions ?? []) {
    const p = await t.ctx.db.selectFrom('permissions').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('user_permissions').values({ user_id: id, permission_id: p.id }).execute();
  }
  return id;
}

export async function loginAs(t: TestApp, email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, is_web: '1' } });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode} ${res.body}`);
  return res.json().data as { token: string; refresh_token: string; user: { id: number; permissions: string[] } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest mail written to the outbox, as raw RFC 822 text (after the mails still being sent). */
export async function latestMail(t: TestApp): Promise<string | null> {
  await t.ctx.background.drain();
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return null;
  const files = fs.readdirSync(dir).sort();
  return files.length ? fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8') : null;
}

/** The reset token in the newest mail's link. */
export function resetTokenFromMail(raw: string | null): string | null {
  if (!raw) return null;
  // quoted-printable soft line breaks must be undone before reading the link
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1] ?? null;
}

/** The decoded HTML part of a raw .eml (quoted-printable undone). */
export function htmlPart(raw: string): string {
  const start = raw.search(/Content-Type: text\/html/i);
  if (start < 0) throw new Error('the mail has no HTML part');
  const rest = raw.slice(start);
  const body = rest.slice(rest.search(/\r?\n\r?\n/)).replace(/\r?\n--[^\r\n]*[\s\S]*$/, '');
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8').trim();
}

/** A multipart/form-data body for inject(): text fields and files ({ filename, type, bytes }). */
export async function multipart(fields: Record<string, string | { filename: string; type: string; bytes: Uint8Array | string }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([typeof value.bytes === 'string' ? value.bytes : new Uint8Array(value.bytes)], { type: value.type }), value.filename);
  }
  const request = new Request('http://multipart.local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** The demo data (src/server/seed/demo.ts) in a test app: the rows asked for, the same every run for a `fakerSeed`. */
export async function seedTestDemo(t: TestApp, options: Parameters<typeof seedDemo>[1]['options'], demoPassword: string, fakerSeed: number) {
  await seedDemo(t.ctx.db, { options, demoPassword, scryptN: TEST_SCRYPT_N, uploadsDir: path.join(t.dataDir, 'uploads'), fakerSeed });
}
