// The rows of email templates and content pages: a title, a unique slug, a status and a description.
import { updateChecked } from '../../db/versions';
import type { Kysely } from 'kysely';
import { slugify } from '@shared/text';
import type { Database } from '../../db/schema';

export type PageTable = 'email_templates' | 'content_pages';
/** What the screens show of a page. */
export const PAGE_COLUMNS = ['id', 'title', 'slug', 'description', 'status', 'created_at', 'updated_at'] as const;
type PageValues = { title: string; slug: string; status: string; description: string };

/** One page, or undefined. */
export async function findPage(db: Kysely<Database>, table: PageTable, id: number) {
  return db.selectFrom(table).select([...PAGE_COLUMNS]).where('id', '=', id).executeTakeFirst();
}

/** A page's id, title and slug (what a delete records), or undefined. */
export async function findPageSummary(db: Kysely<Database>, table: PageTable, id: number) {
  return db.selectFrom(table).select(['id', 'title', 'slug']).where('id', '=', id).executeTakeFirst();
}

/** Does a page other than `exceptId` have this slug? */
export async function slugTaken(db: Kysely<Database>, table: PageTable, slug: string, exceptId?: number) {
  let q = db.selectFrom(table).select('id').where('slug', '=', slug);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

/** The title's slug (or `fallback` for a title without letters), made unique with -2, -3… */
export async function freeSlug(db: Kysely<Database>, table: PageTable, title: string, fallback: string) {
  const root = slugify(title) || fallback;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? root : `${root}-${n}`;
    if (!(await slugTaken(db, table, candidate))) return candidate;
  }
}

/**
 * Writes a page, only while it still has the form's `expected` version when one is given
 * (db/versions.ts); answers its new version. A unique violation when another save took the slug meanwhile.
 */
export async function updatePage(db: Kysely<Database>, table: PageTable, id: number, values: PageValues, expected?: string) {
  return updateChecked(db, table, id, values, expected);
}

/** Adds a page and answers it as the screens show it (a unique violation when another save took the slug meanwhile). */
export async function insertPage(db: Kysely<Database>, table: PageTable, values: PageValues & { created_at: string; updated_at: string }) {
  return db.insertInto(table).values(values).returning([...PAGE_COLUMNS]).executeTakeFirstOrThrow();
}

export async function deletePage(db: Kysely<Database>, table: PageTable, id: number) {
  await db.deleteFrom(table).where('id', '=', id).execute();
}
