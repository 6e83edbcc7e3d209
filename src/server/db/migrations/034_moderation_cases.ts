// The moderation desk (issue 34): cases that gather the reports on one target, their private notes, the
// reasons each case was reported for, a weight per report category, a report's outcome once its case
// is decided, and a suspension's end on the user. The reports already there are filed into cases, and
// a trigger files each new one (db/moderationCases.ts). Run again over its own work, it changes nothing.
import { type Kysely, sql } from 'kysely';
import { CASES_COUNTED, installCounter } from '../counts';
import type { DialectName } from '../index';
import { hasColumn } from '../index';
import { fileExistingReports, installCaseFiling } from '../moderationCases';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const pg = dialect === 'postgres';
  const id = pg ? 'serial' : 'integer';
  const real = pg ? 'double precision' : 'real';
  const addColumns = async (table: string, columns: [name: string, type: string, defaultValue?: number][]) => {
    for (const [name, type, defaultValue] of columns) {
      if (await hasColumn(db, table, name)) continue;
      await db.schema
        .alterTable(table)
        .addColumn(name, sql.raw(type), (c) => (defaultValue === undefined ? c : c.notNull().defaultTo(defaultValue)))
        .execute();
    }
  };

  await db.schema
    .createTable('moderation_cases')
    .ifNotExists()
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reporter_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_reported_at', 'text', (c) => c.notNull())
    .addColumn('last_reported_at', 'text', (c) => c.notNull())
    .addColumn('priority', sql.raw(real), (c) => c.notNull().defaultTo(0))
    .addColumn('reasons', 'text')
    .addColumn('target_title', 'text')
    .addColumn('target_text', 'text')
    .addColumn('target_picture', 'text')
    .addColumn('author_id', 'integer')
    .addColumn('author_name', 'text')
    .addColumn('holder_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('held_at', 'text')
    .addColumn('decision', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('decision_message', 'text')
    .addColumn('suspend_days', 'integer')
    .addColumn('suspended_until', 'text')
    // deciders are kept by id; the audit trail keeps who they were once their account is gone
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .addColumn('appeal_token_hash', 'text')
    .addColumn('appeal_until', 'text')
    .addColumn('appeal_text', 'text')
    .addColumn('appealed_at', 'text')
    .addColumn('appeal_outcome', 'text')
    .addColumn('appeal_decided_by', 'integer')
    .addColumn('appeal_decided_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // one open case per target: the trigger's ON CONFLICT target
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS moderation_cases_open_target ON moderation_cases (kind, target_id) WHERE status = 'open'`.execute(db);
  await db.schema.createIndex('moderation_cases_target').ifNotExists().on('moderation_cases').columns(['kind', 'target_id', 'id']).execute();
  await db.schema.createIndex('moderation_cases_status_priority').ifNotExists().on('moderation_cases').columns(['status', 'priority', 'id']).execute();
  await db.schema.createIndex('moderation_cases_appeal_token').ifNotExists().unique().on('moderation_cases').column('appeal_token_hash').execute();

  await db.schema
    .createTable('moderation_case_reasons')
    .ifNotExists()
    .addColumn('case_id', 'integer', (c) => c.notNull().references('moderation_cases.id').onDelete('cascade'))
    .addColumn('report_category_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('moderation_case_reasons_pk', ['case_id', 'report_category_id'])
    .execute();
  await db.schema.createIndex('moderation_case_reasons_category').ifNotExists().on('moderation_case_reasons').columns(['report_category_id', 'case_id']).execute();

  await db.schema
    .createTable('moderation_case_notes')
    .ifNotExists()
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('moderation_cases.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderation_case_notes_case').ifNotExists().on('moderation_case_notes').columns(['case_id', 'id']).execute();

  await addColumns('reports', [
    ['case_id', 'integer'],
    ['outcome', 'text'],
    ['decided_at', 'text'],
  ]);
  await db.schema.createIndex('reports_case_reporter').ifNotExists().on('reports').columns(['case_id', 'user_id']).execute();
  // a reporter's accuracy reads their last 100 decided reports
  await db.schema.createIndex('reports_reporter_decided').ifNotExists().on('reports').columns(['user_id', 'decided_at']).where(sql.ref('outcome'), 'is not', null).execute();
  await addColumns('report_categories', [['weight', real, 1]]);
  await addColumns('users', [['suspended_until', 'text']]);
  await db.schema.createIndex('users_suspended_until').ifNotExists().on('users').column('suspended_until').where(sql.ref('suspended_until'), 'is not', null).execute();

  await fileExistingReports(db, dialect);
  await installCaseFiling(db, dialect);
  await installCounter(db, dialect, CASES_COUNTED);
  await sql`ANALYZE moderation_cases`.execute(db);
}
