// The report lists search reasons, statuses and reported comments (spec §2 "/report", "/reportedComments").
import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { createSearchIndex, SEARCH_COLUMNS_BEFORE_COPIES } from '../search';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await createSearchIndex(db, dialect, 'reports', SEARCH_COLUMNS_BEFORE_COPIES.reports);
  await createSearchIndex(db, dialect, 'comments');
  for (const [name, table, columns] of [
    ['reports_type_id', 'reports', ['type', 'id']],
    ['reports_type_created', 'reports', ['type', 'created_at']],
    ['reports_post', 'reports', ['post_id']],
    ['reports_comment', 'reports', ['comment_id']],
    ['reports_other_user', 'reports', ['other_user_id']],
  ] as const) {
    await db.schema.createIndex(name).ifNotExists().on(table).columns([...columns]).execute();
  }
}
