// The saved_views table's reads and writes (migration 039); the rules are service.ts's.
import type { Kysely, Selectable } from 'kysely';
import type { Database, SavedViewsTable } from '@server/db/schema';

export type ViewRow = Selectable<SavedViewsTable> & { owner_name: string | null };

const viewsWithOwner = (db: Kysely<Database>) =>
  db
    .selectFrom('saved_views')
    .leftJoin('users', 'users.id', 'saved_views.owner_id')
    .selectAll('saved_views')
    .select('users.name as owner_name');

/** The views of one list a person sees: their own and the shared ones, by name (the resource/shared index). */
export const viewsOfList = (db: Kysely<Database>, resource: string, ownerId: number): Promise<ViewRow[]> =>
  viewsWithOwner(db)
    .where('saved_views.resource', '=', resource)
    .where((eb) => eb.or([eb('saved_views.owner_id', '=', ownerId), eb('saved_views.shared', '=', 1)]))
    .orderBy('saved_views.name')
    .orderBy('saved_views.id')
    .execute();

export const viewById = (db: Kysely<Database>, id: number): Promise<ViewRow | undefined> =>
  viewsWithOwner(db).where('saved_views.id', '=', id).executeTakeFirst();

/** Whether the owner already has a view of that name for that list (but `exceptId`). */
export async function viewNameTaken(db: Kysely<Database>, owner: { ownerId: number; resource: string; name: string }, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('saved_views')
    .select('id')
    .where('owner_id', '=', owner.ownerId)
    .where('resource', '=', owner.resource)
    .where('name', '=', owner.name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertView(db: Kysely<Database>, values: Omit<Selectable<SavedViewsTable>, 'id' | 'updated_at'>): Promise<number> {
  const row = await db
    .insertInto('saved_views')
    .values({ ...values, updated_at: values.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const updateViewRow = (db: Kysely<Database>, id: number, changes: Partial<Pick<SavedViewsTable, 'name' | 'state' | 'shared' | 'updated_at'>>) =>
  db.updateTable('saved_views').set(changes).where('id', '=', id).execute();

export const deleteViewRow = (db: Kysely<Database>, id: number) => db.deleteFrom('saved_views').where('id', '=', id).execute();
