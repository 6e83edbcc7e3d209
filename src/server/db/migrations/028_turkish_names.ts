// Names lower-cased by English rules before Turkish ones were used (shared/text.ts lowerCase): 'İ' became
// 'i' + a combining dot (U+0307), so 'i̇stanbulgezisi' was stored beside 'istanbulgezisi' as another tag.
// The names lose the combining dot and every key is rebuilt as nameKey makes it now. A row whose new key
// another (older) row already holds keeps its old key: both stay, for staff to delete one. Run again over
// its own work, it changes nothing.
import type { Kysely } from 'kysely';
import { lowerCase, nameKey } from '@shared/text';
import type { Database } from '../schema';

const TABLES = ['categories', 'tags', 'report_categories'] as const;
/** The name without the combining dot an English lower case left on an i (NFC makes I + dot an İ). */
const fixedName = (table: (typeof TABLES)[number], name: string) => {
  const composed = name.normalize('NFC').replaceAll('i\u0307', 'i');
  return table === 'tags' ? lowerCase(composed) : composed;
};

export async function up(raw: Kysely<unknown>): Promise<void> {
  const db = raw as Kysely<Database>;
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
