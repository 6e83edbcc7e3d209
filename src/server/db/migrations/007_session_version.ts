// Sessions end when access ends: every access token carries the account's session version, and the
// guard compares it with this column on each call. Bumping it (password changed or reset, status set
// to anything but Active, permissions withdrawn) ends every session of that person at once.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
