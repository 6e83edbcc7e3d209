// Short-lived JWT access tokens (HS256, pinned) and rotating opaque refresh tokens stored hashed.
// Presenting a refresh token that was already rotated revokes its whole family (reuse detection), except
// within a few seconds of its rotation (two tabs, a page unloading mid-refresh).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { now } from '../db/index';
import type { Database } from '../db/schema';

const ALG = 'HS256';
const ISSUER = 'travel-backoffice';

/** What an access token says: who, and which session version of that account it belongs to. */
export interface AccessClaims {
  userId: number;
  /** users.session_version when the token was issued; the guard refuses it once the column moves on */
  version: number;
}

export interface TokenService {
  signAccess(claims: AccessClaims): Promise<string>;
  verifyAccess(token: string): Promise<AccessClaims>;
  issueRefresh(userId: number, familyId?: string): Promise<string>;
  /** Rotates a refresh token: returns the user id and a new token, or throws RefreshError. */
  rotateRefresh(token: string): Promise<{ userId: number; refreshToken: string }>;
  /** Ends every session of a person at once: access tokens (session version) and refresh tokens. */
  endSessions(userId: number): Promise<void>;
  accessTtlSeconds: number;
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
  opts: { secret: string; accessTtlSeconds: number; refreshTtlSeconds: number; refreshReuseGraceSeconds: number },
): TokenService {
  const key = new TextEncoder().encode(opts.secret);
  const verified = new Map<string, { claims: AccessClaims; exp: number | undefined }>();
  const withinGrace = (replacedAt: string, t: string) =>
    Date.parse(t) - Date.parse(replacedAt) <= opts.refreshReuseGraceSeconds * 1000;

  return {
    accessTtlSeconds: opts.accessTtlSeconds,
    async signAccess({ userId, version }) {
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: ALG })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${opts.accessTtlSeconds}s`)
        .sign(key);
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
      const claims = { userId, version };
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, exp: payload.exp });
      return { ...claims };
    },
    async issueRefresh(userId, familyId = randomUUID()) {
      const token = randomToken();
      const created = new Date();
      await db
        .insertInto('refresh_tokens')
        .values({
          user_id: userId,
          token_hash: sha256(token),
          family_id: familyId,
          expires_at: new Date(created.getTime() + opts.refreshTtlSeconds * 1000).toISOString(),
          revoked_at: null,
          replaced_at: null,
          created_at: created.toISOString(),
        })
        .execute();
      return token;
    },
    async rotateRefresh(token) {
      const row = await db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!row) throw new RefreshError('unknown refresh token');
      const t = now();
      if (row.replaced_at && !row.revoked_at && withinGrace(row.replaced_at, t)) {
        // The legitimate race: two tabs refreshed with the same token, or a page unloaded before the
        // answer arrived. Within the short grace window the old token still gets a fresh one.
        if (row.expires_at <= t) throw new RefreshError('refresh token expired');
        return { userId: row.user_id, refreshToken: await this.issueRefresh(row.user_id, row.family_id) };
      }
      if (row.replaced_at || row.revoked_at) {
        // An already-used token came back: someone holds a copy. End the whole family.
        await db
          .updateTable('refresh_tokens')
          .set({ revoked_at: t })
          .where('family_id', '=', row.family_id)
          .where('revoked_at', 'is', null)
          .execute();
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
      return { userId: row.user_id, refreshToken: await this.issueRefresh(row.user_id, row.family_id) };
    },
    async endSessions(userId) {
      await db
        .updateTable('users')
        .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
        .where('id', '=', userId)
        .execute();
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
