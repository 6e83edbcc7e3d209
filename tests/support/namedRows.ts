// Seeds a named list's rows (categories, tags, report categories) through the store that serves them
// (modules/declared/store.ts), names as they are stored: the fixtures of tests that read those lists.
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { declaredStore } from '@server/modules/declared/store';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';

export function insertNamedRows(db: Kysely<Database>, table: 'categories' | 'tags' | 'report_categories', rows: { name: string; status: string }[]) {
  const resource = (RESOURCES as readonly ResourceDeclaration[]).find((r) => r.storage?.table === table)!;
  return declaredStore(db, resource).insertRows(rows);
}
