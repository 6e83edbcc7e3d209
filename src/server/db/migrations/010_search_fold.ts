// Search that forgives accents, case, Turkish ı and Arabic letter forms: every search index is rebuilt
// over folded text (db/search.ts search_fold), so 'cafe' finds 'Café' and 'carsi' finds 'Çarşı'.
import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { createSearchIndex, dropSearchIndex, SEARCH_COLUMNS_BEFORE_COPIES } from '../search';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const table of Object.keys(SEARCH_COLUMNS_BEFORE_COPIES) as (keyof typeof SEARCH_COLUMNS_BEFORE_COPIES)[]) {
    await dropSearchIndex(db, dialect, table);
    await createSearchIndex(db, dialect, table, SEARCH_COLUMNS_BEFORE_COPIES[table]);
  }
}
