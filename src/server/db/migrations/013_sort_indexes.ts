// Every sortable column of the big lists walks an index: the post list by description, Planned and
// Public, the report lists by reason and by the target's status (spec §2: only image and action columns
// are not sortable). Without them a sort reads and orders every row of the list.
import { type Kysely, sql } from 'kysely';

const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['posts_type_description', 'posts', ['type', 'description']],
  ['posts_type_planned', 'posts', ['type', 'is_planeed']],
  ['posts_type_public', 'posts', ['type', 'is_public']],
  ['reports_type_reason', 'reports', ['type', 'reason']],
  ['reports_type_target_status', 'reports', ['type', 'user_status_by_admin']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  for (const table of ['posts', 'reports']) await sql`ANALYZE ${sql.table(table)}`.execute(db);
}
