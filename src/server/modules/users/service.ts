// Rules and queries about user rows shared by several modules.
import type { Kysely } from 'kysely';
import { now } from '../../db/index';
import type { Database, NewUser } from '../../db/schema';

export type NewUserFields = Pick<NewUser, 'name' | 'email' | 'password_hash' | 'status' | 'user_type'> &
  Partial<Omit<NewUser, 'id' | 'created_at' | 'updated_at'>>;

/** Inserts one account (email stored lower-cased) and answers its id. */
export async function insertUser(db: Kysely<Database>, fields: NewUserFields): Promise<number> {
  const t = now();
  const row = await db
    .insertInto('users')
    .values({
      phone: null,
      country_code: null,
      profile_pic: null,
      thumbnail: null,
      location: null,
      country: null,
      latitude: null,
      longitude: null,
      shortcuts: null,
      ...fields,
      email: fields.email.trim().toLowerCase(),
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
