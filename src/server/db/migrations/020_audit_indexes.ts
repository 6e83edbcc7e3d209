// The audit trail on screen (/audit, each record's History) at a million entries. The log is listed by
// time, newest first: a person's entries and a kind's are each an index in that order, which also holds
// a range of days (so 'tags in March' reads March's tag entries, not every tag entry since), and the
// person's index holds the kind too, so that a person's entries of a kind are counted from the index
// alone; one record's history and a searched action are found by their own index. The whole trail walks created_at's index
// (001). The trail's total and each kind's are kept (db/counts.ts AUDIT_COUNTED), not counted.
import { type Kysely, sql } from 'kysely';
import { AUDIT_COUNTED, installCounter } from '../counts';
import type { DialectName } from '../index';

const INDEXES: [name: string, columns: string[]][] = [
  ['audit_log_actor', ['actor_id', 'created_at', 'id', 'entity']],
  ['audit_log_entity', ['entity', 'created_at', 'id']],
  ['audit_log_record', ['entity', 'entity_id', 'id']],
  ['audit_log_action', ['action', 'id']],
];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).ifNotExists().on('audit_log').columns(columns).execute();
  await installCounter(db, dialect, AUDIT_COUNTED);
  await sql`ANALYZE audit_log`.execute(db);
}
