// Turkish names (issue 32). 1. Names lower-cased by English rules before Turkish ones were used (shared/text.ts lowerCase): 'İ' became
// 'i' + a combining dot (U+0307), so 'i̇stanbulgezisi' was stored beside 'istanbulgezisi' as another tag.
// The names lose the combining dot and every key is rebuilt as nameKey makes it now. A row whose new key
// another (older) row already holds keeps its old key: both stay, for staff to delete one.
// 2. The lists sort names by the Turkish alphabet (m8: Ç after C, Ö after O, Ş after S, İ and I as one
// letter), through an index: a generated name_sort column, the name folded by db/sortKey.ts, compared
// byte by byte (COLLATE "C" on PostgreSQL, SQLite's BINARY).
// Run again over its own work, it changes nothing.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { lowerCase, nameKey } from '@shared/text';
import type { DialectName } from '../index';
import { hasGeneratedColumn } from '../introspect';
import type { Database } from '../schema';
import { sortKeySql } from '../sortKey';

const TABLES = ['categories', 'tags', 'report_categories'] as const;
/** The name without the combining dot an English lower case left on an i (NFC makes I + dot an İ). */
const fixedName = (table: (typeof TABLES)[number], name: string) => {
  const composed = name.normalize('NFC').replaceAll('i\u0307', 'i');
  return table === 'tags' ? lowerCase(composed) : composed;
};

export async function up(raw: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const db = raw as Kysely<Database>;
  await foldNames(db);
  for (const table of TABLES) {
    if (dialect === 'postgres') {
      await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN IF NOT EXISTS name_sort text COLLATE "C" GENERATED ALWAYS AS (${sortKeySql('name')}) STORED`.execute(raw);
    } else if (!(await hasGeneratedColumn(raw, dialect, table, 'name_sort'))) {
      await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN name_sort text GENERATED ALWAYS AS (${sortKeySql('name')}) VIRTUAL`.execute(raw);
    }
    await raw.schema.createIndex(`${table}_name_sort`).ifNotExists().on(table).columns(['name_sort', 'id']).execute();
  }
}

async function foldNames(db: Kysely<Database>) {
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).select(['id', 'name', 'name_key']).orderBy('id').execute();
    const keys = new Set(rows.map((r) => r.name_key));
    for (const row of rows) {
      const name = fixedName(table, row.name);
      const key = nameKey(name);
      if (key !== row.name_key && keys.has(key)) continue;
      if (name === row.name && key === row.name_key) continue;
      await db.updateTable(table).set({ name, name_key: key }).where('id', '=', row.id).execute();
      keys.delete(row.name_key);
      keys.add(key);
    }
  }
}
