// `npm run backup` (scripts/backup.ts): SQLite's online backup of DATA_DIR/backoffice.sqlite taken while
// the server has the database open (rows still in the WAL included), to the file named, BACKUP_FILE or
// DATA_DIR/backups/; with DATABASE_URL it points to pg_dump and exits 2.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../support/api';

const ROOT = path.resolve(import.meta.dirname, '../..');

function backup(env: Record<string, string>, args: string[] = []) {
  const { DATABASE_URL: _url, BACKUP_FILE: _file, ...inherited } = process.env;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], { cwd: ROOT, env: { ...inherited, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** The emails in a backup file. */
function emailsIn(file: string): string[] {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (copy.prepare('SELECT email FROM users ORDER BY id').all() as { email: string }[]).map((r) => r.email);
  } finally {
    copy.close();
  }
}

describe('npm run backup', () => {
  let t: TestApp;
  beforeAll(async () => {
    // the server's own connection stays open: the backup is taken while it runs
    t = await startTestApp('sqlite');
    for (let i = 0; i < 25; i++) await createUser(t, { email: `kept${i}@example.com`, password: 'Str0ng@Pass', user_type: 'User' });
  });
  afterAll(async () => t.close());

  it('copies the running database, rows still in the WAL included, to the file named', async () => {
    expect(fs.existsSync(path.join(t.dataDir, 'backoffice.sqlite-wal'))).toBe(true);
    const target = path.join(t.dataDir, 'elsewhere', 'copy.sqlite');
    const run = backup({ DATA_DIR: t.dataDir }, [target]);
    expect(run.out).toContain(target);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/MB/);
    const emails = emailsIn(target);
    expect(emails).toEqual(expect.arrayContaining(['admin@example.com', 'kept0@example.com', 'kept24@example.com']));
    // the server goes on writing to its own file, not the copy
    await createUser(t, { email: 'after@example.com', password: 'Str0ng@Pass', user_type: 'User' });
    expect(emailsIn(target)).not.toContain('after@example.com');
    const integrity = new SQLite(target, { readonly: true });
    expect(integrity.pragma('integrity_check', { simple: true })).toBe('ok');
    integrity.close();
  }, 60_000);

  it('writes to BACKUP_FILE, else to DATA_DIR/backups with the UTC time in the name', async () => {
    const named = path.join(t.dataDir, 'named.sqlite');
    expect(backup({ DATA_DIR: t.dataDir, BACKUP_FILE: named }).code).toBe(0);
    expect(emailsIn(named)).toContain('kept3@example.com');

    const run = backup({ DATA_DIR: t.dataDir });
    expect(run.code).toBe(0);
    const files = fs.readdirSync(path.join(t.dataDir, 'backups'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^backoffice-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/);
    const file = path.join(t.dataDir, 'backups', files[0]);
    expect(run.out).toContain(file);
    expect(run.out).toContain(fs.statSync(file).size.toLocaleString('en'));
    expect(emailsIn(file)).toContain('kept24@example.com');
  }, 60_000);

  it('says there is no database to back up in an empty DATA_DIR', () => {
    const empty = fs.mkdtempSync(path.join(t.dataDir, 'empty-'));
    const run = backup({ DATA_DIR: empty });
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/No database/);
  }, 60_000);

  it('points to pg_dump and exits 2 when DATABASE_URL is set', () => {
    const run = backup({ DATA_DIR: t.dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://backoffice@127.0.0.1:5432/backoffice' }, ['nightly.dump']);
    expect(run.code).toBe(2);
    expect(run.out).toContain('pg_dump --format=custom --file="nightly.dump" "$DATABASE_URL"');
    expect(run.out).toContain('pg_restore');
    // the password in the URL is never printed
    expect(run.out).not.toContain('postgres://');
  }, 60_000);
});
