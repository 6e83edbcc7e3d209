// A declared table changes through generated migrations, not silent DDL at start-up (issue 33): the
// generator (scripts/declared-migrations.ts) writes a numbered migration for what a declaration changes,
// here into a folder of the test's own; a renamed field (`renamedFrom`) and a retyped one keep their
// values; the migrations run again over their own work change nothing; and a server whose declaration
// asks for a migration nobody generated does not start, naming the command.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DECLARED_MIGRATION_TABLE, type DeclaredMigrations, type DeclaredSnapshot, migrateDeclared } from '@server/db/declaredSteps';
import { byNewest } from '@shared/resources/named';
import { plainCalls, RECORD_FIELDS } from '@shared/resources/plain';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { generateMigrations } from '../../scripts/declared-migrations';
import { ADMIN, bearer, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const FIRST: ResourceDeclaration = {
  name: 'testmigrated',
  label: 'resources.testmigrated.name',
  rule: 'EmailTemplate-list',
  api: plainCalls('/testmigrated', byNewest),
  storage: { table: 'test_migrated' },
  fields: {
    question: { type: 'text', required: true, list: true, form: true, sortable: true, searchable: true },
    rank: { type: 'text', list: true, form: true },
    ...RECORD_FIELDS,
  },
};
/** The same resource a release later: `question` renamed `prompt`, `rank` a number (and sortable). */
const SECOND: ResourceDeclaration = {
  ...FIRST,
  fields: {
    prompt: { ...FIRST.fields.question, renamedFrom: 'question' },
    rank: { type: 'number', list: true, form: true, sortable: true },
    ...RECORD_FIELDS,
  },
};

const folders: string[] = [];
const tempFolder = () => {
  folders.push(fs.mkdtempSync(path.join(os.tmpdir(), 'declared-migrations-')));
  return folders.at(-1)!;
};
/** The migrations a folder holds, as the server imports them (from a copy: a module is imported once). */
async function importMigrations(dir: string): Promise<{ migrations: DeclaredMigrations; snapshot: DeclaredSnapshot }> {
  const copy = tempFolder();
  fs.cpSync(dir, copy, { recursive: true });
  const index = await import(pathToFileURL(path.join(copy, 'index.ts')).href);
  return { migrations: index.DECLARED_MIGRATIONS, snapshot: index.DECLARED_SNAPSHOT };
}
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('a declaration that differs from what its migrations make', () => {
  it('stops the start-up, naming what differs and the command that writes the migration', async () => {
    const dir = tempFolder();
    generateMigrations(dir, [...RESOURCES, FIRST]);
    const declared = await importMigrations(dir);
    await expect(startTestApp('sqlite', {}, { resources: [...RESOURCES, SECOND], declared })).rejects.toThrow(
      /test_migrated\.question: renamed prompt; test_migrated\.rank: text to integer.*run `npm run migrations`/,
    );
  });
});

describe.each(dialects)('declared tables change through generated migrations on %s', (dialect) => {
  let t: TestApp | undefined;
  afterAll(async () => t?.close());

  it('does not retype a column whose values would not keep: it names one, and the table stays as it was', async () => {
    const dir = tempFolder();
    generateMigrations(dir, [...RESOURCES, FIRST]);
    const app = await startTestApp(dialect, {}, { resources: [...RESOURCES, FIRST], declared: await importMigrations(dir) });
    try {
      await app.ctx.db.insertInto('test_migrated' as never).values([{ question: 'Q1', rank: '7' }, { question: 'Q2', rank: 'many' }] as never).execute();
      generateMigrations(dir, [...RESOURCES, SECOND]);
      await expect(migrateDeclared(app.ctx.db, app.ctx.dialect, (await importMigrations(dir)).migrations)).rejects.toThrow(
        /test_migrated\.rank cannot become integer: a value such as "many" would not keep/,
      );
      const rows = await app.ctx.db.selectFrom('test_migrated' as never).select(['question', 'rank'] as never[]).orderBy(sql`question`).execute();
      expect(rows).toEqual([
        { question: 'Q1', rank: '7' },
        { question: 'Q2', rank: 'many' },
      ]);
    } finally {
      await app.close();
    }
  });

  it('keeps the values of a renamed and a retyped field, and runs again over its own work', async () => {
    const dir = tempFolder();
    const first = generateMigrations(dir, [...RESOURCES, FIRST]);
    // the first also makes the tables of whatever the registry declares with storage (a developer's FAQ…)
    expect(path.basename(first!.file)).toMatch(/^0001_(\w+_)?test_migrated\.ts$/);
    expect(first!.changes).toEqual(expect.arrayContaining(['test_migrated: new table', 'test_migrated.question: sorted']));
    // nothing changed, nothing written
    expect(generateMigrations(dir, [...RESOURCES, FIRST])).toBeNull();

    t = await startTestApp(dialect, {}, { resources: [...RESOURCES, FIRST], declared: await importMigrations(dir) });
    const admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    for (const [question, rank] of [['Why?', '3'], ['How?', '12'], ['When?', null]]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/testmigrated/create', headers: bearer(admin), payload: { question, ...(rank ? { rank } : {}) } });
      expect(res.statusCode, res.body).toBe(200);
    }

    const second = generateMigrations(dir, [...RESOURCES, SECOND]);
    expect(path.basename(second!.file)).toBe('0002_test_migrated.ts');
    expect(second!.changes).toEqual(['test_migrated.question: renamed prompt', 'test_migrated.rank: text to integer', 'test_migrated.prompt: sorted', 'test_migrated.rank: sorted']);
    const { migrations } = await importMigrations(dir);
    const stored = async () =>
      (await t!.ctx.db
        .selectFrom('test_migrated' as never)
        .select(['prompt', 'rank'] as never[])
        .orderBy(sql`rank`)
        .orderBy(sql`prompt`)
        .execute()) as { prompt: string; rank: number | null }[];
    const expected = [
      { prompt: 'Why?', rank: 3 },
      { prompt: 'How?', rank: 12 },
      { prompt: 'When?', rank: null },
    ];
    await migrateDeclared(t.ctx.db, t.ctx.dialect, migrations);
    // a number now: 3 sorts before 12 (as text, '12' came first); NULLs last on both databases
    const sorted = (rows: { rank: number | null }[]) => [...rows].sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));
    expect(sorted(await stored())).toEqual(expected);
    expect((await stored()).filter((r) => r.rank !== null).map((r) => r.rank)).toEqual([3, 12]);

    // run again over its own work (every step looks before it acts): the same table, the same values
    await sql`DELETE FROM ${sql.table(DECLARED_MIGRATION_TABLE)} WHERE name >= '0002'`.execute(t.ctx.db);
    await migrateDeclared(t.ctx.db, t.ctx.dialect, migrations);
    expect(sorted(await stored())).toEqual(expected);
    const columns = (await t.ctx.db.introspection.getTables()).find((table) => table.name === 'test_migrated')!.columns.map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(['prompt', 'rank', 'search_text']));
    expect(columns).not.toContain('question');
  });
});
