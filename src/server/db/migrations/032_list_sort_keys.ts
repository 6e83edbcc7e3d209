// The Users, Sub-Admins and Spots lists sort their names by the Turkish alphabet (m8, as 028 made the
// categories' and tags'): the name, a user's location, a spot's country and author each get a generated
// sort key (db/sortKey.ts SORT_KEYS), which the database keeps on every write, and an index of the
// list's order with its tie-breaking id. Generated columns, rather than indexes of the expression, so
// that the lists sort by a column like any other; the rows the server reads leave them out
// (db/rowColumns.ts). PostgreSQL stores them (one rewrite of each table: its columns are added in one
// statement); SQLite computes them when read (adding them costs nothing, the indexes are the work).
// Run again over its own work, it adds nothing.
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index';
import { hasGeneratedColumn } from '../introspect';
import { SORT_KEYS, sortKeySql } from '../sortKey';

/** Each table's list indexes: their names' start and the columns before the sort key (a users list is one user type's). */
const INDEXES: Record<keyof typeof SORT_KEYS, { prefix: string; leading: string[] }> = {
  users: { prefix: 'users_type', leading: ['user_type'] },
  spots: { prefix: 'spots', leading: [] },
};

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const [table, keys] of Object.entries(SORT_KEYS) as [keyof typeof SORT_KEYS, Record<string, string>][]) {
    if (dialect === 'postgres') {
      const columns = Object.entries(keys).map(
        ([key, source]) => sql`ADD COLUMN IF NOT EXISTS ${sql.ref(key)} text COLLATE "C" GENERATED ALWAYS AS (${sortKeySql(source)}) STORED`,
      );
      await sql`ALTER TABLE ${sql.table(table)} ${sql.join(columns)}`.execute(db);
    } else {
      for (const [key, source] of Object.entries(keys)) {
        if (await hasGeneratedColumn(db, dialect, table, key)) continue;
        await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN ${sql.ref(key)} text GENERATED ALWAYS AS (${sortKeySql(source)}) VIRTUAL`.execute(db);
      }
    }
    const { prefix, leading } = INDEXES[table];
    for (const key of Object.keys(keys)) await db.schema.createIndex(`${prefix}_${key}`).ifNotExists().on(table).columns([...leading, key, 'id']).execute();
    await sql`ANALYZE ${sql.table(table)}`.execute(db);
  }
}
