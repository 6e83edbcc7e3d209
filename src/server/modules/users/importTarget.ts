// The CSV import of product users (issue 35, modules/import/): a row is the Add User form's fields (its
// rules and messages) without a password: scrypt at OWASP's cost is about 10 hashes a second per core, so
// an imported person gets an unusable hash and sets a password through "forgot password". Matched by email
// (stored lower case); an update changes what the edit form changes (name, status), and a staff account's
// email is not the import's to change.
import { z } from 'zod';
import { v } from '@shared/validation/messages';
import { countryCodeField, nameField, phoneField, USER_FORM_STATUSES, userEmailField } from '@shared/validation/user';
import type { AppContext } from '@server/context';
import { unusableHash } from '@server/auth/passwords';
import { now } from '@server/db/index';
import type { ImportTarget, MatchedRecord } from '../import/target';
import { endSessionsIfAccessLost } from './service';

const importedUser = z.object({
  name: nameField,
  email: userEmailField,
  phone: phoneField,
  country_code: countryCodeField,
  status: z.enum(USER_FORM_STATUSES, { error: v('statusRequired') }),
});

/** The columns an entry keeps of an account (never its hash). */
const SHOWN = ['id', 'name', 'email', 'phone', 'country_code', 'status', 'user_type', 'created_at', 'updated_at'] as const;

export function userImportTarget(ctx: AppContext, resource: ImportTarget['resource']): ImportTarget {
  const { db } = ctx;
  return {
    resource,
    entity: 'user',
    schema: importedUser,
    updatable: ['name', 'status'],
    keyOf: (values) => String(values.email).trim().toLowerCase(),
    async matched(keys) {
      const rows = await db.selectFrom('users').select(SHOWN).where('email', 'in', [...keys]).execute();
      return new Map(
        rows.map((row): [string, MatchedRecord] => [row.email, row.user_type === 'User' ? { id: row.id, row } : { refused: 'importStaffAccount' }]),
      );
    },
    async create(rows) {
      const stamp = now();
      return db
        .insertInto('users')
        .values(
          rows.map((r) => ({
            name: String(r.name),
            email: String(r.email).trim().toLowerCase(),
            phone: String(r.phone),
            country_code: (r.country_code as string | null | undefined) || null,
            status: String(r.status),
            user_type: 'User',
            password_hash: unusableHash(ctx.config.passwordScryptN),
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .returning(SHOWN)
        .execute();
    },
    async update(id, changes, before) {
      await db.updateTable('users').set({ ...changes, updated_at: now() }).where('id', '=', id).execute();
      // leaving Active signs the person out, as the edit form's save does
      await endSessionsIfAccessLost(ctx, id, { before: { status: String(before.status) }, after: { status: String(changes.status ?? before.status) } });
    },
  };
}
