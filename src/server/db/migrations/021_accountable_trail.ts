// An audit trail nobody can erase by deleting an account, and whose entries can be checked:
// - each entry keeps who acted as they were then (id, name, email, role), with no foreign key to users:
//   deleting an account used to set its entries' actor to NULL (ON DELETE SET NULL), erasing who did what;
// - where the call came from (the client's address and user agent);
// - `hash`, the entry's link in the chain (modules/audit/chain.ts): entries written from now on are
//   chained, older ones stay outside the chain (their hash is NULL);
// - audit_actors: everyone who ever acted, as last seen, for the person filter once the account is gone.
// SQLite cannot drop a foreign key: the table is made again and its rows copied (ids kept). Run again over
// its own work, it changes nothing.
import { type Kysely, sql } from 'kysely';
import { AUDIT_COUNTED, installCounter } from '../counts';
import { type DialectName, hasColumn } from '../index';

/** The trail's indexes (001's and 020's), made again on SQLite's new table. */
const INDEXES: [name: string, columns: string[]][] = [
  ['audit_log_created', ['created_at']],
  ['audit_log_actor', ['actor_id', 'created_at', 'id', 'entity']],
  ['audit_log_entity', ['entity', 'created_at', 'id']],
  ['audit_log_record', ['entity', 'entity_id', 'id']],
  ['audit_log_action', ['action', 'id']],
];

const NEW_COLUMNS = ['actor_name', 'actor_email', 'actor_role', 'ip', 'user_agent', 'hash'] as const;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    // whatever the foreign key was named
    await sql`DO $$ DECLARE c record; BEGIN
      FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'audit_log'::regclass AND contype = 'f' LOOP
        EXECUTE format('ALTER TABLE audit_log DROP CONSTRAINT %I', c.conname);
      END LOOP; END $$`.execute(db);
    for (const column of NEW_COLUMNS) await sql`ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS ${sql.ref(column)} text`.execute(db);
    await sql`UPDATE audit_log SET actor_name = u.name, actor_email = u.email, actor_role = u.user_type FROM users u
      WHERE u.id = audit_log.actor_id AND audit_log.actor_name IS NULL`.execute(db);
  } else if (!(await hasColumn(db, 'audit_log', 'hash'))) {
    await sql`CREATE TABLE audit_log_new (
      id integer PRIMARY KEY AUTOINCREMENT,
      actor_id integer,
      actor_name text,
      actor_email text,
      actor_role text,
      action text NOT NULL,
      entity text NOT NULL,
      entity_id text,
      detail text,
      ip text,
      user_agent text,
      created_at text NOT NULL,
      hash text
    )`.execute(db);
    await sql`INSERT INTO audit_log_new (id, actor_id, actor_name, actor_email, actor_role, action, entity, entity_id, detail, created_at)
      SELECT a.id, a.actor_id, u.name, u.email, u.user_type, a.action, a.entity, a.entity_id, a.detail, a.created_at
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id ORDER BY a.id`.execute(db);
    await sql`DROP TABLE audit_log`.execute(db);
    await sql`ALTER TABLE audit_log_new RENAME TO audit_log`.execute(db);
    for (const [name, columns] of INDEXES) await db.schema.createIndex(name).ifNotExists().on('audit_log').columns(columns).execute();
  }
  await installCounter(db, dialect, AUDIT_COUNTED);

  await db.schema
    .createTable('audit_actors')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO audit_actors (id, name, email, role)
    SELECT u.id, u.name, u.email, u.user_type FROM users u WHERE u.id IN (SELECT actor_id FROM audit_log)
    ON CONFLICT (id) DO NOTHING`.execute(db);
  await sql`ANALYZE audit_log`.execute(db);
}
