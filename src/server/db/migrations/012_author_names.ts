// The author's name on each post and spot, for the lists' "User" / "Created By" columns (db/authorNames.ts).
import { type Kysely, sql } from 'kysely';
import { installAuthorNames } from '../authorNames';
import type { DialectName } from '../index';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await installAuthorNames(db, dialect);
  // statistics for the new indexes, so that the planner does not take them for very selective ones
  await sql`ANALYZE posts`.execute(db);
  await sql`ANALYZE spots`.execute(db);
}
