// Sessions a person can see and end (issue 31 §2). A session is a refresh-token family: opened by a
// sign-in, it keeps the device and address it was opened from, when it started (the absolute lifetime
// counts from there, whatever the rotations) and when it was last used (the idle limit). Access tokens
// carry its id, and the guard refuses them once `ended_at` is set. Families already open when this runs
// become sessions of an unknown device, so their refresh tokens still rotate; an access token issued
// before names no session and is refused (the admin then asks its person to sign in again, once).
// Run again over its own work, it changes nothing.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').ifNotExists().on('sessions').columns(['user_id', 'last_used_at']).execute();
  await sql`
    INSERT INTO sessions (id, user_id, device, ip, started_at, last_used_at)
    SELECT family_id, MIN(user_id), '', '', MIN(created_at), MAX(created_at)
    FROM refresh_tokens
    WHERE revoked_at IS NULL AND replaced_at IS NULL
    GROUP BY family_id
    ON CONFLICT (id) DO NOTHING`.execute(db);
}
