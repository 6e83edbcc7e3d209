// Theme settings follow a person to another browser: they are kept with the profile.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('preferences', 'text').execute();
}
