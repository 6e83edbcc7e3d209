// The report lists show, filter and sort by each report's own state (Pending / Resolved), and their
// Status column sorts by the target's status it shows: the reports' counters are kept per type and state
// ('reports:post:Pending'), and user_status_by_admin follows the target (db/reportTargetStatus.ts).
// Run again over its own work, it changes nothing.
import { type Kysely, sql } from 'kysely';
import { installCounter, REPORTS_COUNTED } from '../counts';
import type { DialectName } from '../index';
import { installReportTargetStatus } from '../reportTargetStatus';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // the per-type counters of 011 ('reports:post') give way to the per-state ones
  await sql`DELETE FROM row_counts WHERE name LIKE 'reports:%'`.execute(db);
  await installCounter(db, dialect, REPORTS_COUNTED);
  await installReportTargetStatus(db, dialect);
  await sql`ANALYZE reports`.execute(db);
}
