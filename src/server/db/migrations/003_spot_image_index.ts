// Deleting a spot or replacing a post image asks whether another spot still shows the same file.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('spots_image').on('spots').column('image').execute();
}
