import { type Kysely, sql } from 'kysely';
import type { DialectName } from './dialect';

/** Whether `table` has `column` (Kysely's introspection, for migrations that may run again over their work). */
export async function hasColumn(db: Kysely<unknown>, table: string, column: string): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return !!tables.find((t) => t.name === table)?.columns.some((c) => c.name === column);
}

/** The same for a generated column: SQLite's table_info (Kysely's introspection) leaves them out, table_xinfo not. */
export async function hasGeneratedColumn(db: Kysely<unknown>, dialect: DialectName, table: string, column: string): Promise<boolean> {
  if (dialect === 'postgres') return hasColumn(db, table, column);
  return (await sql`SELECT 1 FROM pragma_table_xinfo(${table}) WHERE name = ${column}`.execute(db)).rows.length > 0;
}
