// The rows of the `sessions` table (migration 023): a session is a refresh-token family, opened by a
// sign-in and ended by a sign-out, by its owner or an Admin from another browser, by a reused refresh
// token, or by its lifetimes: SESSION_MAX_AGE_SECONDS from its start (rotation never extends it) and
// SESSION_IDLE_SECONDS from its last use (the sign-in or the latest refresh; an admin that is used
// refreshes every ACCESS_TOKEN_TTL, so "last used" is exact to that).
import type { Kysely, Transaction } from 'kysely';
import { now } from '@server/db/index';
import type { Database, SessionsTable } from '@server/db/schema';

export interface SessionLimits {
  maxAgeSeconds: number;
  idleSeconds: number;
}

/** Where a sign-in came from: the address as the server judged it (TRUST_PROXY) and its user agent. */
export interface Client {
  ip: string;
  userAgent: string | undefined;
}

type SessionTimes = Pick<SessionsTable, 'started_at' | 'last_used_at'>;

/** The moment (ms) a session ends by its absolute lifetime. */
export const absoluteEndOf = (session: Pick<SessionsTable, 'started_at'>, limits: SessionLimits) =>
  Date.parse(session.started_at) + limits.maxAgeSeconds * 1000;

/** True when a session is past its absolute lifetime or its idle limit at `t` (ms). */
export function isOutlived(session: SessionTimes, limits: SessionLimits, t: number): boolean {
  return absoluteEndOf(session, limits) <= t || Date.parse(session.last_used_at) + limits.idleSeconds * 1000 <= t;
}

/**
 * Ends sessions and revokes their refresh tokens, in one transaction: the sessions of `userId` with
 * id `only`, or all of them but `except`, or all of them. Answers how many were still open.
 */
export async function endSessionRows(
  db: Kysely<Database>,
  userId: number,
  which: { only?: string; except?: string } = {},
): Promise<number> {
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    const t = now();
    let sessions = trx.updateTable('sessions').set({ ended_at: t }).where('user_id', '=', userId).where('ended_at', 'is', null);
    let tokens = trx.updateTable('refresh_tokens').set({ revoked_at: t }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (which.only !== undefined) {
      sessions = sessions.where('id', '=', which.only);
      tokens = tokens.where('family_id', '=', which.only);
    }
    if (which.except !== undefined) {
      sessions = sessions.where('id', '<>', which.except);
      tokens = tokens.where('family_id', '<>', which.except);
    }
    const ended = await sessions.executeTakeFirst();
    await tokens.execute();
    return Number(ended.numUpdatedRows);
  });
}

/** A person's open sessions within their lifetimes, most recently used first. */
export async function openSessionsOf(db: Kysely<Database>, userId: number, limits: SessionLimits) {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'device', 'ip', 'started_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
  const t = Date.now();
  return rows.filter((s) => !isOutlived(s, limits, t));
}

/** The client of a request: its address as Fastify judged it (TRUST_PROXY) and its user agent. */
export const clientOf = (request: { ip: string; headers: { 'user-agent'?: string } }): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
