// The author's name on each post and spot, for the lists' "User" / "Created By" columns (db/authorNames.ts).
import type { Kysely } from 'kysely';
import { installAuthorNames } from '../authorNames';
import type { DialectName } from '../index';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await installAuthorNames(db, dialect);
}
