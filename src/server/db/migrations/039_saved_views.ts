// Saved views (issue 35): a list's search, filters, sort, columns and page size kept under a name by a
// staff member, for themself or shared with all staff. Stored on the server so they follow the person.
// A name is unique per owner and list; the index also answers "my views and the shared ones of this list".
// Run again over its own work, it changes nothing.
import type { Kysely } from 'kysely';
import type { DialectName } from '../index';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema
    .createTable('saved_views')
    .ifNotExists()
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // a view goes with its owner's account
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // { filter, sort, perPage, columns } as JSON text, bounded by the API (shared/savedViews.ts)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_views_owner_name').ifNotExists().unique().on('saved_views').columns(['owner_id', 'resource', 'name']).execute();
  await db.schema.createIndex('saved_views_shared').ifNotExists().on('saved_views').columns(['resource', 'shared']).execute();
}
