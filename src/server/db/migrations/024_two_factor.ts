// Two-factor sign-in (TOTP, RFC 6238): the person's authenticator key (sealed with a key derived from
// the JWT secret, auth/secretBox.ts), the last time step accepted (a code is never accepted twice), the
// recovery codes (hashed, single use) and the short-lived challenges between the password and the code.
// Run again over its own work, it changes nothing.
import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../index';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // a table with an id column, as 001 makes them
  const withId = (name: string) => {
    const t = db.schema.createTable(name).ifNotExists() as unknown as CreateTableBuilder<string, never>;
    return dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  await db.schema
    .createTable('two_factor')
    .ifNotExists()
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    // null while the enrolment waits for its first code
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await withId('recovery_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user').ifNotExists().on('recovery_codes').columns(['user_id', 'code_hash']).execute();
  await withId('sign_in_challenges')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_challenges_user').ifNotExists().on('sign_in_challenges').column('user_id').execute();
}
