import type { Kysely } from 'kysely';

/** Whether `table` has `column` (Kysely's introspection, for migrations that may run again over their work). */
export async function hasColumn(db: Kysely<unknown>, table: string, column: string): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return !!tables.find((t) => t.name === table)?.columns.some((c) => c.name === column);
}
