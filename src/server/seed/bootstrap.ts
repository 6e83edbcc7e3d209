// What every database needs, demo or not: roles, permissions, the email templates the product sends
// and the first Admin (ADMIN_EMAIL / ADMIN_PASSWORD). Idempotent: run at every start.
import type { Kysely } from 'kysely';
import { PERMISSIONS, ROLES } from '@shared/access';
import { hashPassword } from '@server/auth/passwords';
import { now } from '@server/db/index';
import type { Database } from '@server/db/schema';
import { insertUser } from '@server/modules/users/service';
import { TEMPLATE_SEEDS } from '@server/mail/templates';

export async function bootstrap(
  db: Kysely<Database>,
  opts: { adminEmail: string; adminPassword: string; scryptN: number },
) {
  const t = now();
  for (const name of ROLES) {
    await db
      .insertInto('roles')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  for (const name of PERMISSIONS) {
    await db
      .insertInto('permissions')
      .values({ name, description: name })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  for (const tpl of TEMPLATE_SEEDS) {
    await db
      .insertInto('email_templates')
      .values({ ...tpl, status: 'Active', created_at: t, updated_at: t })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
  const anyAdmin = await db.selectFrom('users').select('id').where('user_type', '=', 'Admin').executeTakeFirst();
  if (!anyAdmin) {
    await insertUser(db, {
      name: 'Admin',
      email: opts.adminEmail,
      password_hash: await hashPassword(opts.adminPassword, opts.scryptN),
      status: 'Active',
      user_type: 'Admin',
    });
  }
}

/** True when the database holds no users other than Admins: the demo seed runs only then. */
export async function isEmptyOfData(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('user_type', '!=', 'Admin').limit(1).executeTakeFirst();
  return !row;
}
