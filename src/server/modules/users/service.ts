// Rules and queries about user rows shared by several modules.
import { updateChecked } from '@server/db/versions';
import type { Kysely } from 'kysely';
import type { Permission } from '@shared/access';
import { isAcceptedPictureName } from '@shared/validation/user';
import { isUniqueViolation, now } from '@server/db/index';
import type { Database, NewUser, UserRow, UserUpdate } from '@server/db/schema';
import { conflict, HttpError } from '@server/http/errors';
import type { UploadedFile } from '@server/http/form';
import type { AppContext } from '@server/context';
import { afterCommit } from '@server/db/ambient';
import { removeIfUnreferenced } from '@server/uploads/references';
import { storeUpload } from '@server/uploads/refusals';
import { type ImageStorage, PROFILE_PICTURE_FORMATS, type StoredImage } from '@server/uploads/storage';

export type NewUserFields = Pick<NewUser, 'name' | 'email' | 'password_hash' | 'status' | 'user_type'> &
  Partial<Omit<NewUser, 'id' | 'created_at' | 'updated_at'>>;

/**
 * Inserts one account (email stored lower-cased) and answers its id. An email already registered is a
 * 409, also when a concurrent insert of the same email got there first (the unique index decides).
 */
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
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict('This email is already registered.');
      throw err;
    });
  return row.id;
}

/** Writes the given columns of one account. */
export async function updateUser(db: Kysely<Database>, id: number, changes: UserUpdate) {
  await db.updateTable('users').set({ updated_at: now(), ...changes }).where('id', '=', id).execute();
}

/**
 * Saves the edit form of a user or sub-admin in one transaction: its columns, and its permissions when
 * `grants` is given (replaced by exactly those). Only while the account still has the form's `expected`
 * version, when one is given (db/versions.ts); answers its new version.
 */
export async function updateAccount(db: Kysely<Database>, id: number, changes: UserUpdate, grants: Permission[] | undefined, expected?: string) {
  return db.transaction().execute(async (trx) => {
    const updated_at = await updateChecked(trx, 'users', id, changes, expected);
    if (grants) await grantPermissions(trx, id, grants);
    return updated_at;
  });
}

/** An account as it was and as a change leaves it: what decides whether it lost access. */
export interface AccessChange {
  before: { status: string };
  after: { status: string; newPassword?: boolean };
}

/**
 * Losing access ends sessions: a new password or leaving Active signs the person out everywhere at once.
 * Called inside the change's transaction, so the sessions end only when the change commits. A permission
 * withdrawn does not sign anyone out (issue 33): the guard reads rights on every call, so the resource is
 * refused at the next one, and the admin's menu follows the rights each answer names (X-Access-Rights).
 */
export async function endSessionsIfAccessLost(ctx: AppContext, userId: number, { before, after }: AccessChange): Promise<void> {
  const leftActive = before.status === 'Active' && after.status !== 'Active';
  if (after.newPassword || leftActive) await ctx.tokens.endSessions(userId);
}

/** Replaces an account's permissions by exactly `grants`. */
export async function grantPermissions(db: Kysely<Database>, id: number, grants: readonly Permission[]) {
  await db.deleteFrom('user_permissions').where('user_id', '=', id).execute();
  const ids = grants.length ? await db.selectFrom('permissions').select('id').where('name', 'in', [...grants]).execute() : [];
  if (ids.length) await db.insertInto('user_permissions').values(ids.map((p) => ({ user_id: id, permission_id: p.id }))).execute();
}

/** Deletes an account; its posts, comments, follows, reports and sessions go with it (foreign keys), its spots stay. */
export async function deleteAccount(ctx: AppContext, user: UserRow) {
  await ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
  await afterCommit(() => removeIfUnreferenced(ctx, user.profile_pic));
}

/** Moves a product user in the list's sequence; false when there is no such user. */
export async function setUserSequence(db: Kysely<Database>, id: number, sequence: number): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ sequence, updated_at: now() })
    .where('id', '=', id)
    .where('user_type', '=', 'User')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Stores an uploaded profile picture after checking its name and its content (spec §5: jpg, jpeg, png, gif). */
export async function storeProfilePicture(storage: ImageStorage, file: UploadedFile): Promise<StoredImage> {
  if (!isAcceptedPictureName(file.filename)) throw new HttpError(415, 'validation.fileTypeNotSupported');
  return storeUpload(storage, file.bytes, 'users', PROFILE_PICTURE_FORMATS, 'validation.fileTypeNotSupported');
}

/** Every count of spec §3 "User", computed from the data. */
export async function userCounts(db: Kysely<Database>, userId: number) {
  const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) => Number((await q.executeTakeFirstOrThrow()).n);
  const posts = (type: string) =>
    db.selectFrom('posts').where('user_id', '=', userId).where('type', '=', type).where('deleted_at', 'is', null);
  const stops = (type: string) =>
    db
      .selectFrom('post_spots')
      .innerJoin('posts', 'posts.id', 'post_spots.post_id')
      .where('posts.user_id', '=', userId)
      .where('posts.type', '=', type)
      .where('posts.deleted_at', 'is', null);
  return {
    postCount: await count(posts('post').select((eb) => eb.fn.countAll().as('n'))),
    itineraryCount: await count(posts('itinerary').select((eb) => eb.fn.countAll().as('n'))),
    userSpotCount: await count(db.selectFrom('spots').where('user_id', '=', userId).select((eb) => eb.fn.countAll().as('n'))),
    postSpotCount: await count(stops('post').select((eb) => eb.fn.countAll().as('n'))),
    itineraryTripsCounts: await count(stops('itinerary').select((eb) => eb.fn.countAll().as('n'))),
    userFollowersCount: await count(db.selectFrom('follows').where('following_id', '=', userId).select((eb) => eb.fn.countAll().as('n'))),
    // countries visited: distinct countries of the spots in the user's posts and itineraries
    countryCount: await count(
      db
        .selectFrom('post_spots')
        .innerJoin('posts', 'posts.id', 'post_spots.post_id')
        .innerJoin('spots', 'spots.id', 'post_spots.spot_id')
        .where('posts.user_id', '=', userId)
        .where('posts.deleted_at', 'is', null)
        .where('spots.country', 'is not', null)
        .select((eb) => eb.fn.count('spots.country').distinct().as('n')),
    ),
  };
}
