// Short-lived JWT access tokens (HS256, pinned) and rotating opaque refresh tokens stored hashed.
// Presenting a refresh token that was already rotated revokes its whole family (reuse detection), except
// within a few seconds of its rotation (two tabs, a page unloading mid-refresh). A family is a session
// (auth/sessions.ts): access tokens name it, and a refresh is refused once it has ended or outlived its
// absolute lifetime or idle limit.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { now } from '@server/db/index';
import type { Database } from '@server/db/schema';
import { deviceOf } from './device';
import { absoluteEndOf, type Client, endSessionRows, isOutlived, type SessionLimits } from './sessions';

const ALG = 'HS256';
const ISSUER = 'travel-backoffice';

/** What an access token says: who, which session version of that account and which session it belongs to. */
export interface AccessClaims {
  userId: number;
  /** users.session_version when the token was issued; the guard refuses it once the column moves on */
  version: number;
  /** the session (refresh family) it was issued for; the guard refuses it once that session has ended */
  sessionId: string;
}

/** A session as the access tokens issued for it need it: its id and when its absolute lifetime ends. */
export interface SessionRef {
  id: string;
  /** ms since the epoch */
  endsAt: number;
}

export interface TokenService {
  /** An access token for `session`, never valid past the session's absolute end. */
  signAccess(claims: Omit<AccessClaims, 'sessionId'>, session: SessionRef): Promise<{ token: string; expiresIn: number }>;
  verifyAccess(token: string): Promise<AccessClaims>;
  /** Opens a session (a new refresh family) for `client`: its first refresh token. */
  openSession(userId: number, client: Client): Promise<{ session: SessionRef; refreshToken: string }>;
  /** Rotates a refresh token: the user, its session and a new token, or throws RefreshError. */
  rotateRefresh(token: string): Promise<{ userId: number; session: SessionRef; refreshToken: string }>;
  /** Ends one session of a person (its refresh family and its access tokens); false when it was not open. */
  endSession(userId: number, sessionId: string): Promise<boolean>;
  /** Ends the session a refresh token (current or already rotated) belongs to: its owner, or null when none was open. */
  endSessionOfRefresh(token: string): Promise<number | null>;
  /** Ends every session of a person at once: access tokens (session version) and refresh tokens. */
  endSessions(userId: number): Promise<void>;
  accessTtlSeconds: number;
  limits: SessionLimits;
}

export class RefreshError extends Error {}

/**
 * Access tokens already verified, with their expiry: a token is checked once (signature, algorithm,
 * issuer, claims), then recognised by its exact text until it expires. Each API call presents the same
 * token, and verifying it again cost more than the rest of a list page. A token is never vouched for
 * past its `exp`; whether its session still stands is the guard's question, asked on every call.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

export function createTokenService(
  db: Kysely<Database>,
  opts: {
    secret: string;
    accessTtlSeconds: number;
    refreshTtlSeconds: number;
    refreshReuseGraceSeconds: number;
    session: SessionLimits;
  },
): TokenService {
  const key = new TextEncoder().encode(opts.secret);
  const verified = new Map<string, { claims: AccessClaims; exp: number | undefined }>();
  const withinGrace = (replacedAt: string, t: string) =>
    Date.parse(t) - Date.parse(replacedAt) <= opts.refreshReuseGraceSeconds * 1000;

  /** A refresh token of family `familyId`, expiring with its own TTL or the session's absolute end. */
  async function issueRefresh(userId: number, session: SessionRef): Promise<string> {
    const token = randomToken();
    const created = new Date();
    const expires = Math.min(created.getTime() + opts.refreshTtlSeconds * 1000, session.endsAt);
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        family_id: session.id,
        expires_at: new Date(expires).toISOString(),
        revoked_at: null,
        replaced_at: null,
        created_at: created.toISOString(),
      })
      .execute();
    return token;
  }

  return {
    accessTtlSeconds: opts.accessTtlSeconds,
    limits: opts.session,
    async signAccess({ userId, version }, session) {
      const issuedAt = Math.floor(Date.now() / 1000);
      const expiresAt = Math.min(issuedAt + opts.accessTtlSeconds, Math.floor(session.endsAt / 1000));
      const token = await new SignJWT({ ver: version, sid: session.id })
        .setProtectedHeader({ alg: ALG })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setJti(randomUUID())
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresIn: Math.max(0, expiresAt - issuedAt) };
    },
    async verifyAccess(token) {
      const known = verified.get(token);
      // jose's own test: expired once `exp` <= now in whole seconds
      if (known && (known.exp === undefined || known.exp > Math.floor(Date.now() / 1000))) return { ...known.claims };
      if (known) verified.delete(token);
      const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId)) throw new Error('bad subject');
      const version = Number(payload.ver ?? 0);
      if (!Number.isInteger(version)) throw new Error('bad session version');
      // a token of before sessions had ids (migration 023) names none: refused like any other ended one
      if (typeof payload.sid !== 'string' || !payload.sid) throw new Error('no session');
      const claims = { userId, version, sessionId: payload.sid };
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, exp: payload.exp });
      return { ...claims };
    },
    async openSession(userId, client) {
      const t = now();
      const id = randomUUID();
      await db
        .insertInto('sessions')
        .values({ id, user_id: userId, device: deviceOf(client.userAgent), ip: client.ip, started_at: t, last_used_at: t, ended_at: null })
        .execute();
      const session = { id, endsAt: absoluteEndOf({ started_at: t }, opts.session) };
      return { session, refreshToken: await issueRefresh(userId, session) };
    },
    async rotateRefresh(token) {
      const row = await db
        .selectFrom('refresh_tokens')
        .leftJoin('sessions', 'sessions.id', 'refresh_tokens.family_id')
        .selectAll('refresh_tokens')
        .select(['sessions.started_at', 'sessions.last_used_at', 'sessions.ended_at'])
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!row) throw new RefreshError('unknown refresh token');
      const t = now();
      const { started_at, last_used_at } = row;
      if (started_at === null || last_used_at === null || row.ended_at) throw new RefreshError('session ended');
      if (isOutlived({ started_at, last_used_at }, opts.session, Date.parse(t))) {
        await endSessionRows(db, row.user_id, { only: row.family_id });
        throw new RefreshError('session outlived its lifetime');
      }
      const session = { id: row.family_id, endsAt: absoluteEndOf({ started_at }, opts.session) };
      /** A new token of the same session, which counts as used now (its idle limit starts again). */
      const next = async () => {
        await db.updateTable('sessions').set({ last_used_at: t }).where('id', '=', session.id).execute();
        return { userId: row.user_id, session, refreshToken: await issueRefresh(row.user_id, session) };
      };
      if (row.replaced_at && !row.revoked_at && withinGrace(row.replaced_at, t)) {
        // The legitimate race: two tabs refreshed with the same token, or a page unloaded before the
        // answer arrived. Within the short grace window the old token still gets a fresh one.
        if (row.expires_at <= t) throw new RefreshError('refresh token expired');
        return next();
      }
      if (row.replaced_at || row.revoked_at) {
        // An already-used token came back: someone holds a copy. End the whole family, its session too.
        await endSessionRows(db, row.user_id, { only: row.family_id });
        throw new RefreshError('refresh token reused');
      }
      if (row.expires_at <= t) throw new RefreshError('refresh token expired');
      // Only one concurrent rotation may win: the update is conditional on the row still being fresh.
      const res = await db
        .updateTable('refresh_tokens')
        .set({ replaced_at: t })
        .where('id', '=', row.id)
        .where('replaced_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) {
        // a concurrent call rotated it a moment ago: the race the grace window is for
        if (opts.refreshReuseGraceSeconds <= 0) throw new RefreshError('refresh token already rotated');
      }
      return next();
    },
    async endSession(userId, sessionId) {
      return (await endSessionRows(db, userId, { only: sessionId })) > 0;
    },
    async endSessionOfRefresh(token) {
      const row = await db.selectFrom('refresh_tokens').select(['user_id', 'family_id']).where('token_hash', '=', sha256(token)).executeTakeFirst();
      if (!row) return null;
      return (await endSessionRows(db, row.user_id, { only: row.family_id })) > 0 ? row.user_id : null;
    },
    async endSessions(userId) {
      await db
        .updateTable('users')
        .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
        .where('id', '=', userId)
        .execute();
      await endSessionRows(db, userId);
    },
  };
}
