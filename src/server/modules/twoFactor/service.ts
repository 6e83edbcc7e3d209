// Two-factor sign-in: enrolment (a key, its QR code, the first code, 10 recovery codes), the sign-in's
// second step, turning it off, an Admin's reset, and the staff member's view of all that. Every change
// is audited and mailed to the person.
import { isStaff } from '@shared/access';
import type { Client } from '@server/auth/sessions';
import type { LoginPayload, TwoFactorSetup, TwoFactorStatus } from '@shared/contract';
import type { DisableInput } from '@shared/validation/twoFactor';
import { newRecoveryCodes, recoveryCodeHash } from '@server/auth/recoveryCodes';
import { matchingStep, newTotpSecret, otpauthUri, qrCodeDataUrl } from '@server/auth/totp';
import type { AppContext } from '@server/context';
import type { UserRow } from '@server/db/schema';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '@server/http/errors';
import { sendTemplate } from '@server/mail/mailer';
import { findUserById, startSession } from '../auth/service';
import { atomically, audit } from '../audit/trail';
import { enrolDeadline, readPolicy } from './policy';
import { acceptStep, enableKey, findTwoFactor, recoveryCodesLeft, removeTwoFactor, savePendingKey, useRecoveryCode } from './queries';
import { openChallenge, SIGN_IN_EXPIRED, useChallenge } from './signInStep';

const CODE_WRONG = 'The code is not correct.';
const ALREADY_ON = 'Two-factor sign-in is already on.';
const NOT_ON = 'Two-factor sign-in is not on for this account.';
const NO_SETUP = 'No two-factor key is waiting to be confirmed: start the set-up again.';

type Factor = 'totp' | 'recovery_code';

/** Mails the person about their second factor (after the answer; a mail that fails is logged). */
function mailPerson(ctx: AppContext, user: UserRow, template: 'two-factor-enabled' | 'two-factor-disabled' | 'two-factor-reset') {
  ctx.background.run(`${template} mail`, () => sendTemplate(ctx.db, ctx.mailer, template, user.email, { name: user.name, email: user.email }));
}

export async function twoFactorStatus(ctx: AppContext, userId: number): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(ctx.db, userId);
  const policy = await readPolicy(ctx.db);
  const enabled = !!row?.enabled_at;
  return {
    enabled,
    recovery_codes_left: enabled ? await recoveryCodesLeft(ctx.db, userId) : 0,
    required: policy.required,
    enrol_by: enrolDeadline(policy),
  };
}

/** A new key waiting for its first code (replacing one still waiting); the key is answered this once. */
export async function beginEnrolment(ctx: AppContext, user: UserRow): Promise<TwoFactorSetup> {
  if ((await findTwoFactor(ctx.db, user.id))?.enabled_at) throw conflict(ALREADY_ON);
  const secret = newTotpSecret();
  await savePendingKey(ctx.db, user.id, ctx.secrets.seal(secret));
  const uri = otpauthUri(secret, user.email);
  return { secret, uri, qr: await qrCodeDataUrl(uri) };
}

/** The first code of the waiting key turns two-factor on; answers the 10 recovery codes (shown once). */
export async function confirmEnrolment(ctx: AppContext, user: UserRow, code: string): Promise<string[]> {
  const row = await findTwoFactor(ctx.db, user.id);
  if (row?.enabled_at) throw conflict(ALREADY_ON);
  if (!row) throw badRequest(NO_SETUP);
  const secret = openKey(ctx, row.secret);
  if (secret === null) throw badRequest(NO_SETUP);
  const step = matchingStep(secret, code.replace(/\s/g, ''));
  if (step === null) throw badRequest(CODE_WRONG);
  const codes = newRecoveryCodes();
  // the code that confirmed the key is used: it cannot open a session afterwards
  await atomically(ctx, async () => {
    if (!(await enableKey(ctx.db, user.id, step, codes.map((c) => recoveryCodeHash(c)!)))) throw conflict(ALREADY_ON);
    await audit(ctx, user.id, 'two_factor.enable', 'user', user.id);
  });
  mailPerson(ctx, user, 'two-factor-enabled');
  return codes;
}

/** The authenticator key in clear, or null when it was sealed under another JWT secret. */
function openKey(ctx: AppContext, sealed: string): string | null {
  try {
    return ctx.secrets.open(sealed);
  } catch {
    return null;
  }
}

/** Whether `code` is a right second factor of the person now: a TOTP code not used before, or an unused recovery code (used up here). */
async function checkCode(ctx: AppContext, userId: number, code: string): Promise<Factor | null> {
  const row = await findTwoFactor(ctx.db, userId);
  if (!row?.enabled_at) return null;
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const secret = openKey(ctx, row.secret);
    // a key sealed under another JWT secret matches nothing: a recovery code (or an Admin's reset) helps
    const step = secret === null ? null : matchingStep(secret, digits);
    return step !== null && step > row.last_step && (await acceptStep(ctx.db, userId, step)) ? 'totp' : null;
  }
  const hash = recoveryCodeHash(code);
  if (!hash) return null;
  return atomically(ctx, async () => {
    if (!(await useRecoveryCode(ctx.db, userId, hash))) return null;
    await audit(ctx, userId, 'two_factor.recovery_code', 'user', userId, { recovery_codes_left: await recoveryCodesLeft(ctx.db, userId) });
    return 'recovery_code' as const;
  });
}

/** checkCode, counted by the sign-in throttle as a password is: a 429 past its limits. */
async function throttledCheck(ctx: AppContext, user: UserRow, code: string, ip: string): Promise<Factor | null> {
  const attempt = await ctx.throttle.beginLogin(ip, user.email);
  const factor = await checkCode(ctx, user.id, code);
  if (factor) await attempt.succeeded();
  else await attempt.failed();
  return factor;
}

/** The staff member a challenge speaks for. */
async function challengedUser(ctx: AppContext, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  // gone, or no longer staff since the password step
  if (!user || !isStaff(user.user_type)) throw unauthorized(SIGN_IN_EXPIRED);
  return user;
}

/** The sign-in's second step: a right code opens the session the password alone did not. */
export async function signInWithCode(ctx: AppContext, challenge: string, code: string, client: Client): Promise<LoginPayload> {
  const row = await openChallenge(ctx, challenge, 'verify');
  const user = await challengedUser(ctx, row.user_id);
  const factor = await throttledCheck(ctx, user, code, client.ip);
  if (!factor) throw unauthorized(CODE_WRONG);
  await useChallenge(ctx, row.id);
  await audit(ctx, user.id, 'login', 'user', user.id, { second_factor: factor });
  return startSession(ctx, user, client);
}

/** Enrolment the staff policy asks for at sign-in: the key, for the challenge's person. */
export async function beginEnrolmentAtSignIn(ctx: AppContext, challenge: string): Promise<TwoFactorSetup> {
  const row = await openChallenge(ctx, challenge, 'enrol');
  return beginEnrolment(ctx, await challengedUser(ctx, row.user_id));
}

/** ... and its first code: two-factor on, the session open, the recovery codes answered once. */
export async function confirmEnrolmentAtSignIn(
  ctx: AppContext,
  challenge: string,
  code: string,
  client: Client,
): Promise<LoginPayload & { recovery_codes: string[] }> {
  const row = await openChallenge(ctx, challenge, 'enrol');
  const user = await challengedUser(ctx, row.user_id);
  const codes = await confirmEnrolment(ctx, user, code);
  await useChallenge(ctx, row.id);
  await audit(ctx, user.id, 'login', 'user', user.id, { second_factor: 'totp' });
  return { ...(await startSession(ctx, user, client)), recovery_codes: codes };
}

/** Turns it off: a current code (or recovery code) or the password proves the person is there. */
export async function disableTwoFactor(ctx: AppContext, user: UserRow, proof: DisableInput, ip: string): Promise<void> {
  if (!(await findTwoFactor(ctx.db, user.id))?.enabled_at) throw conflict(NOT_ON);
  if (proof.code) {
    if (!(await throttledCheck(ctx, user, proof.code, ip))) throw badRequest(CODE_WRONG);
  } else {
    const attempt = await ctx.throttle.beginLogin(ip, user.email);
    if (!(await ctx.passwords.verify(proof.password ?? '', user.password_hash))) {
      await attempt.failed();
      throw badRequest('The password is not correct.');
    }
    await attempt.succeeded();
  }
  await atomically(ctx, async () => {
    await removeTwoFactor(ctx.db, user.id);
    await audit(ctx, user.id, 'two_factor.disable', 'user', user.id, { proof: proof.code ? 'code' : 'password' });
  });
  mailPerson(ctx, user, 'two-factor-disabled');
}

/** An Admin resets a Sub-Admin's second factor (a lost phone): the person enrols again. */
export async function resetTwoFactor(ctx: AppContext, adminId: number, targetId: number): Promise<void> {
  const target = await findUserById(ctx.db, targetId);
  if (!target) throw notFound('User not found');
  if (target.user_type !== 'Sub-Admin') throw new HttpError(400, 'Only the two-factor sign-in of a Sub-Admin can be reset.');
  await atomically(ctx, async () => {
    if (!(await removeTwoFactor(ctx.db, target.id))) throw conflict(NOT_ON);
    await audit(ctx, adminId, 'two_factor.reset', 'user', target.id);
  });
  mailPerson(ctx, target, 'two-factor-reset');
}
