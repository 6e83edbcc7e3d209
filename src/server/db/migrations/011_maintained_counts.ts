// Totals that are maintained, not counted (db/counts.ts): the row_counts table, the users' post,
// itinerary and spot counts, and the triggers that keep them.
import { type Kysely, sql } from 'kysely';
import { installCounts } from '../counts';
import type { DialectName } from '../index';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await installCounts(db, dialect);
  // statistics for the new indexes, so that the planner does not take them for very selective ones
  await sql`ANALYZE users`.execute(db);
}
