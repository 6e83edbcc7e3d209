// Sign-in, session building, password reset and profile rules (spec §4 Session, §7 Authentication).
import type { Kysely } from 'kysely';
import { readPreferences } from '@shared/preferences';
import { isStaff, PERMISSIONS, type Role, type UserStatus } from '@shared/access';
import type { LoginAnswer, LoginPayload, SessionUser } from '@shared/contract';
import { type Client } from '@server/auth/sessions';
import { randomToken, type SessionRef, sha256 } from '@server/auth/tokens';
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import type { Database, UserRow } from '@server/db/schema';
import { USER_COLUMNS } from '@server/db/rowColumns';
import { errorMessages } from '@shared/validation/messages';
import { badRequest, HttpError, unauthorized } from '@server/http/errors';
import { sendTemplate } from '@server/mail/mailer';
import { audit } from '../audit/trail';
import { signInStep } from '../twoFactor/signInStep';

export const DEFAULT_AVATAR = '/avatar-default.svg';

/** Permission names a user holds: every one for an Admin, the granted ones for a Sub-Admin. */
export async function permissionsOf(db: Kysely<Database>, user: Pick<UserRow, 'id' | 'user_type'>): Promise<string[]> {
  if (user.user_type === 'Admin') return [...PERMISSIONS];
  if (user.user_type !== 'Sub-Admin') return [];
  const rows = await db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select('permissions.name')
    .where('user_permissions.user_id', '=', user.id)
    .orderBy('permissions.id')
    .execute();
  return rows.map((r) => r.name);
}

export function toSessionUser(user: UserRow, permissions: string[]): SessionUser {
  const role = user.user_type as Role;
  return {
    id: user.id,
    name: user.name,
    displayName: user.name,
    email: user.email,
    phone: user.phone,
    photoURL: user.profile_pic || DEFAULT_AVATAR,
    profile_pic: user.profile_pic,
    role,
    user_type: role,
    status: user.status as UserStatus,
    shortcuts: user.shortcuts ? (JSON.parse(user.shortcuts) as string[]) : [],
    preferences: readPreferences(user.preferences ? JSON.parse(user.preferences) : null),
    roles: [{ name: role, roleHasPermissions: permissions.map((p) => ({ permission: { description: p } })) }],
    permissions,
  };
}

export async function findUserById(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

/** Access token (of session `session`) and session user for a staff account (no refresh token). */
export async function accessSession(ctx: AppContext, user: UserRow, session: SessionRef): Promise<Omit<LoginPayload, 'refresh_token'>> {
  const permissions = await permissionsOf(ctx.db, user);
  const { token, expiresIn } = await ctx.tokens.signAccess({ userId: user.id, version: Number(user.session_version ?? 0) }, session);
  return { token, expires_in: expiresIn, user: toSessionUser(user, permissions) };
}

/**
 * Opens a session for a staff account whose sign-in has succeeded (every step of it): a new session
 * with the client's device and address, its access token and the first refresh token of its family.
 * The one place a session starts: sign-in, a second sign-in step, a new password of one's own.
 */
export async function startSession(ctx: AppContext, user: UserRow, client: Client): Promise<LoginPayload> {
  const { session, refreshToken } = await ctx.tokens.openSession(user.id, client);
  return { ...(await accessSession(ctx, user, session)), refresh_token: refreshToken };
}

/**
 * The password step of a sign-in: a session, or for an account with two-factor sign-in (or one the staff
 * policy sends to enrol) the challenge of the second step (twoFactor/), which then opens the session.
 */
export async function login(ctx: AppContext, email: string, password: string, client: Client): Promise<LoginAnswer> {
  const attempt = await ctx.throttle.beginLogin(client.ip, email);
  const user = await findUserByEmail(ctx.db, email);
  // An unknown email is checked against an unusable hash of the same cost: timing does not tell.
  const valid = await ctx.passwords.verify(password, user?.password_hash);
  if (!user || !valid) {
    await attempt.failed();
    // the account tried, when there is one (never the typed text: it may be a password typed in the wrong box)
    await audit(ctx, null, 'login.failed', 'user', user?.id ?? null, { reason: user ? 'wrong password' : 'unknown email' });
    throw unauthorized('Email or password is incorrect.');
  }
  const secondStep = isStaff(user.user_type) ? await signInStep(ctx, user) : null;
  if (secondStep) {
    // earlier failures stay counted until the code is right: a known password gives no fresh code guesses
    await attempt.awaitsSecondFactor();
    return secondStep;
  }
  await attempt.succeeded();
  if (!isStaff(user.user_type)) {
    await audit(ctx, null, 'login.failed', 'user', user.id, { reason: 'not staff' });
    throw unauthorized('Invalid User!');
  }
  return startSession(ctx, user, client);
}

/**
 * A new password of one's own needs the current one: a wrong one is a 400 and counts as a failed
 * sign-in of the account from this address (the same throttle, so a stolen session cannot guess it).
 */
export async function checkCurrentPassword(ctx: AppContext, user: UserRow, currentPassword: string, ip: string): Promise<void> {
  const attempt = await ctx.throttle.beginLogin(ip, user.email);
  if (!(await ctx.passwords.verify(currentPassword, user.password_hash))) {
    await attempt.failed();
    throw badRequest(errorMessages.currentPasswordWrong, { current_password: errorMessages.currentPasswordWrong });
  }
  await attempt.succeeded();
}

/**
 * Mails a reset link when the email belongs to an account. The work runs after the answer, which is
 * the same, and as fast, whether the email exists or not.
 */
export function requestPasswordReset(ctx: AppContext, email: string): void {
  ctx.background.run('password reset mail', () => mailResetLink(ctx, email));
}

async function mailResetLink(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = randomToken();
  const created = new Date();
  await ctx.db
    .insertInto('password_reset_tokens')
    .values({
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: new Date(created.getTime() + ctx.config.resetTokenTtlSeconds * 1000).toISOString(),
      used_at: null,
      created_at: created.toISOString(),
    })
    .execute();
  await sendTemplate(ctx.db, ctx.mailer, 'forgot-password', user.email, {
    name: user.name,
    email: user.email,
    link: `${ctx.config.publicUrl}/reset-password/${token}`,
    expires_in: linkLifetime(ctx.config.resetTokenTtlSeconds),
  });
}

/** '1 hour', '2 hours', '30 minutes': the reset link's lifetime as the mail words it (real plurals). */
export function linkLifetime(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const [value, unit] = minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** Whether a mailed reset link can still set a password (unused, unexpired), without using it. */
export async function isResetTokenUsable(ctx: AppContext, token: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('password_reset_tokens')
    .select(['used_at', 'expires_at'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  return !!row && !row.used_at && row.expires_at > now();
}

export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const t = now();
  const row = await ctx.db
    .selectFrom('password_reset_tokens')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= t)
    throw new HttpError(400, 'This reset link is invalid or has expired.');
  // Claim the token first: of two concurrent uses only one updates the row.
  const claimed = await ctx.db
    .updateTable('password_reset_tokens')
    .set({ used_at: t })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new HttpError(400, 'This reset link is invalid or has expired.');
  const hash = await ctx.passwords.hash(password);
  // the new password, the links and sessions it ends and its entry in the trail commit together
  await ctx.db.transaction().execute(async () => {
    await ctx.db.updateTable('users').set({ password_hash: hash, updated_at: t }).where('id', '=', row.user_id).execute();
    // Other outstanding reset links and every session end with the old password.
    await ctx.db
      .updateTable('password_reset_tokens')
      .set({ used_at: t })
      .where('user_id', '=', row.user_id)
      .where('used_at', 'is', null)
      .execute();
    await ctx.tokens.endSessions(row.user_id);
    await audit(ctx, row.user_id, 'password.reset', 'user', row.user_id);
  });
  const user = await findUserById(ctx.db, row.user_id);
  if (!user) return;
  // the mailed link proved the mailbox: sign-in failures counted against the account are forgotten
  await ctx.throttle.forgetAccount(user.email);
  ctx.background.run('password changed mail', () =>
    sendTemplate(ctx.db, ctx.mailer, 'password-changed', user.email, { name: user.name, email: user.email }),
  );
}

