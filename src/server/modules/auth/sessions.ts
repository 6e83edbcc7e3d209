// Sessions a person can see and end (issue 31 §2): sign-out, My Profile's list with "Sign out" per
// session and "Sign out everywhere", and an Admin signing a staff account out everywhere. Each ending is
// written to the audit trail, in the same transaction as the ending.
import { endSessionRows, openSessionsOf } from '@server/auth/sessions';
import type { AppContext } from '@server/context';
import { atomically, audit } from '../audit/trail';

/**
 * Sign-out: ends the session of the access token and the one of the refresh token (usually the same;
 * either may be missing or expired). Nothing is told about tokens that were not open: signing out twice
 * is no error.
 */
export async function signOut(ctx: AppContext, accessToken: string | null, refreshToken: string | undefined): Promise<void> {
  const claims = accessToken ? await ctx.tokens.verifyAccess(accessToken).catch(() => null) : null;
  await atomically(ctx, async () => {
    const signedOut = new Set<number>();
    if (claims && (await ctx.tokens.endSession(claims.userId, claims.sessionId))) signedOut.add(claims.userId);
    if (refreshToken) {
      const owner = await ctx.tokens.endSessionOfRefresh(refreshToken);
      if (owner !== null) signedOut.add(owner);
    }
    for (const userId of signedOut) await audit(ctx, userId, 'logout', 'user', userId);
  });
}

/** A person's open sessions, the caller's own one marked `current`. */
export async function sessionsOf(ctx: AppContext, userId: number, currentSessionId: string) {
  const sessions = await openSessionsOf(ctx.db, userId, ctx.tokens.limits);
  return sessions.map((s) => ({ ...s, current: s.id === currentSessionId }));
}

/** Ends one of a person's own sessions; false when it is not theirs or not open. */
export async function endOwnSession(ctx: AppContext, userId: number, sessionId: string): Promise<boolean> {
  return atomically(ctx, async () => {
    if (!(await ctx.tokens.endSession(userId, sessionId))) return false;
    await audit(ctx, userId, 'session.end', 'user', userId);
    return true;
  });
}

/**
 * "Sign out everywhere" from My Profile: every other session of the person, and this one too when
 * asked. By default this one stays: the person is usually acting on a session they do not recognise
 * and goes on working (and changing the password, which ends every session anyway).
 */
export async function endOwnSessions(ctx: AppContext, userId: number, currentSessionId: string, includeCurrent: boolean) {
  await atomically(ctx, async () => {
    if (includeCurrent) await ctx.tokens.endSessions(userId);
    else await endSessionRows(ctx.db, userId, { except: currentSessionId });
    await audit(ctx, userId, 'sessions.end', 'user', userId);
  });
}

/** An Admin signs a staff account out everywhere (every session, its access tokens at once). */
export async function endStaffSessions(ctx: AppContext, adminId: number, userId: number) {
  await atomically(ctx, async () => {
    await ctx.tokens.endSessions(userId);
    await audit(ctx, adminId, 'sessions.end', 'user', userId);
  });
}
