// Bulk edit (issue 35): a bulk change is a job the server works through in batches, so it survives a
// restart. `bulk_jobs` holds who asked, the resource, the change, the selection (ids or the list's query),
// the counts, the last record done (`cursor`: batches go in id order) and the state; `bulk_job_items` the
// records the selection held when the job began, each with what it had before (JSON), which the Undo puts
// back. Run again over its own work, it changes nothing.
import type { Kysely } from 'kysely';
import type { DialectName } from '../index';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema
    .createTable('bulk_jobs')
    .ifNotExists()
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // no foreign key: the job and its entries outlive the account that asked
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    // JSON: { field, value } | { field, add } | { field, remove } | { delete: true }
    .addColumn('change', 'text', (c) => c.notNull())
    // JSON: { ids } or { query } (the list's search and filters)
    .addColumn('selection', 'text', (c) => c.notNull())
    // the job this one undoes
    .addColumn('undo_of', 'integer')
    // selecting → running → done | failed
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    // a server works the job while this is ahead (another replica takes it over once it has passed)
    .addColumn('lease_until', 'text')
    .addColumn('undone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('bulk_jobs_owner').ifNotExists().on('bulk_jobs').columns(['owner_id', 'id']).execute();
  await db.schema.createIndex('bulk_jobs_state').ifNotExists().on('bulk_jobs').columns(['state', 'id']).execute();
  await db.schema
    .createTable('bulk_job_items')
    .ifNotExists()
    .addColumn('job_id', 'integer', (c) => c.notNull().references('bulk_jobs.id').onDelete('cascade'))
    .addColumn('record_id', 'integer', (c) => c.notNull())
    // the record's values before the change (JSON); null until its batch ran, or when it was left as it was
    .addColumn('before', 'text')
    .addColumn('changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('bulk_job_items_pk', ['job_id', 'record_id'])
    .execute();
}
