// The post lists show live posts only (deleted_at IS NULL): their sort indexes hold only those, so a
// page far down a list (an offset of thousands) or a probe of the first rows walks the index alone,
// where the indexes of 001 and 013 sent each step to the table to check deleted_at: an itinerary is one
// post in ten, so each step read another page of a 2 GB table.
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index';

/** [earlier index, sorted column]: replaced by posts_live_<column>, with the tie-breaking id on PostgreSQL. */
const SORTS: [earlier: string, column: string][] = [
  ['posts_type_id', 'id'],
  ['posts_type_title', 'title'],
  ['posts_type_description', 'description'],
  ['posts_type_sequence', 'sequence'],
  ['posts_type_created', 'created_at'],
  ['posts_user_name', 'user_name'],
  ['posts_type_planned', 'is_planeed'],
  ['posts_type_public', 'is_public'],
];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const [earlier, column] of SORTS) {
    const columns = column === 'id' || dialect !== 'postgres' ? ['type', column] : ['type', column, 'id'];
    await sql.raw(`DROP INDEX IF EXISTS posts_live_${column}`).execute(db);
    await db.schema
      .createIndex(`posts_live_${column}`)
      .on('posts')
      .columns(columns)
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
    // the type-and-id index stays: other readers walk a type's posts, deleted ones included
    if (earlier !== 'posts_type_id') await sql.raw(`DROP INDEX IF EXISTS ${earlier}`).execute(db);
  }
  await sql`ANALYZE posts`.execute(db);
}
