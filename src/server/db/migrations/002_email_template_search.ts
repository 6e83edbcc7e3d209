// The email template list searches the description too (spec §2 "Search for Title, Description and
// Status"): rebuild that table's search index with the new column list.
import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { createSearchIndex, dropSearchIndex } from '../search';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await dropSearchIndex(db, dialect, 'email_templates');
  await createSearchIndex(db, dialect, 'email_templates');
}
