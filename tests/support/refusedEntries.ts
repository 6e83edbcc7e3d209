// A trail that refuses the entries of one kind of record (as a full disk or a broken table would): a test
// checks that the change the entry records is not kept either. `run` runs with the trail refusing them.
import { sql } from 'kysely';
import type { TestApp } from './api';

export async function withEntriesRefused(t: TestApp, dialect: 'sqlite' | 'postgres', entity: string, run: () => Promise<void>): Promise<void> {
  const name = sql.raw(`refuse_${entity}_entry`);
  if (dialect === 'postgres') {
    await sql`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no entry'; END $$`.execute(t.ctx.db);
    await sql`CREATE TRIGGER ${name} BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.entity = ${sql.lit(entity)}) EXECUTE FUNCTION ${name}()`.execute(t.ctx.db);
  } else {
    await sql`CREATE TRIGGER ${name} BEFORE INSERT ON audit_log WHEN NEW.entity = ${sql.lit(entity)} BEGIN SELECT RAISE(ABORT, 'no entry'); END`.execute(t.ctx.db);
  }
  try {
    await run();
  } finally {
    await sql`DROP TRIGGER ${name}${sql.raw(dialect === 'postgres' ? ' ON audit_log' : '')}`.execute(t.ctx.db);
  }
}
