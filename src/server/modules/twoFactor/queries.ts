// The SQL of two-factor sign-in: keys, recovery codes, sign-in challenges and the staff policy setting.
// Every "use once" is a conditional update: of two concurrent uses only one changes the row.
import type { Kysely } from 'kysely';
import { now } from '@server/db/index';
import type { Database } from '@server/db/schema';

type Db = Kysely<Database>;

export const findTwoFactor = (db: Db, userId: number) =>
  db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** A new key waiting for its first code; replaces a key still waiting, never an enabled one. */
export async function savePendingKey(db: Db, userId: number, sealedSecret: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
    await trx.insertInto('two_factor').values({ user_id: userId, secret: sealedSecret, enabled_at: null, created_at: now() }).execute();
  });
}

/** Turns the waiting key on at `step` with new recovery codes; false when no key was waiting. */
export async function enableKey(db: Db, userId: number, step: number, codeHashes: string[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('two_factor')
      .set({ enabled_at: now(), last_step: step })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx.insertInto('recovery_codes').values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null }))).execute();
    return true;
  });
}

/** Records `step` as used; false when it (or a later one) already was: a code is accepted once. */
export async function acceptStep(db: Db, userId: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Uses up an unused recovery code; false when there is none with that hash. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const res = await db
    .updateTable('recovery_codes')
    .set({ used_at: now() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Removes the key and the recovery codes; true when two-factor sign-in was on. */
export async function removeTwoFactor(db: Db, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx.deleteFrom('two_factor').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
    await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    return Number(res.numDeletedRows) === 1;
  });
}

export async function insertChallenge(db: Db, userId: number, tokenHash: string, kind: string, expiresAt: string): Promise<void> {
  const t = now();
  // the person's spent and expired challenges are of no more use
  await db
    .deleteFrom('sign_in_challenges')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', t)]))
    .execute();
  await db.insertInto('sign_in_challenges').values({ user_id: userId, token_hash: tokenHash, kind, expires_at: expiresAt, used_at: null, created_at: t }).execute();
}

export const findChallenge = (db: Db, tokenHash: string) =>
  db.selectFrom('sign_in_challenges').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Uses the challenge up; false when it was used meanwhile. */
export async function claimChallenge(db: Db, id: number): Promise<boolean> {
  const res = await db.updateTable('sign_in_challenges').set({ used_at: now() }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
