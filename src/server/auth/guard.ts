// The guard every protected route uses: a valid bearer access token whose session version is still the
// account's, then the role/permission rule of the resource (src/shared/access.ts), the same rule that
// builds the admin's menu. The person's role, status, session version and permissions come from the
// database, never from the token.
//
// They are read with one indexed read and then kept in memory for a moment (PRINCIPAL_TTL_MS), so that a
// burst of calls does not read the same row for each. What keeps this as strict as a read per call:
// - every write of this process to users, user_permissions or permissions (or raw SQL, or DDL) empties
//   the cache as soon as it is visible: after its statement, or after the commit of its transaction
//   (db/index.ts onWrite). No trigger of the schema changes these columns from a write to another
//   table (one that did would have to add its table to ACCOUNT_TABLES). So ending sessions (a password
//   reset, an Admin setting a password, being set Inactive, permissions withdrawn), blocking a
//   Sub-Admin, granting or withdrawing a permission and deleting an account all take effect on the very
//   next call (tests/api/principal-cache.test.ts);
// - a read that was under way while such a write happened is used for its own call only, never kept;
// - a write of another server on the same PostgreSQL empties it too, as soon as its notification arrives
//   (replicas/sync.ts: sent before that server acknowledges the write, here within milliseconds);
// - a change made by any other process (the seed CLI, SQL by hand), or while the notification connection
//   is down, is seen after PRINCIPAL_TTL_MS at most.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { canAccess, isStaff, type Principal, type ResourceName, satisfies } from '@shared/access';
import type { AccessDeclaration } from '@shared/resources/index';
import type { Db } from '@server/db/index';
import type { Database } from '@server/db/schema';
import { forbidden, unauthorized } from '@server/http/errors';
import { asGuard } from '@server/http/openapi';
import type { AccessClaims, TokenService } from './tokens';

export interface Caller extends Principal {
  userId: number;
  role: string;
  status: string;
  permissions: string[];
  /** the session the caller's access token belongs to */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** What the guard needs to know about an account and the session a token names, as the database says now. */
export interface Account {
  role: string;
  status: string;
  sessionVersion: number;
  permissions: readonly string[];
  /** the token's session is this account's and has not ended */
  sessionOpen: boolean;
}

/**
 * One read: the account, its granted permission names (a row per grant) and whether the session
 * `sessionId` is still open (its primary key, joined); null when there is no such account.
 */
async function readAccount(db: Kysely<Database>, userId: number, sessionId: string): Promise<Account | null> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_permissions', 'user_permissions.user_id', 'users.id')
    .leftJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .leftJoin('sessions', (join) =>
      join.on('sessions.id', '=', sessionId).onRef('sessions.user_id', '=', 'users.id').on('sessions.ended_at', 'is', null),
    )
    .select(['users.id', 'users.user_type', 'users.status', 'users.session_version', 'permissions.name as permission', 'sessions.id as session'])
    .where('users.id', '=', userId)
    .execute();
  const user = rows[0];
  if (!user) return null;
  const permissions = Object.freeze(rows.flatMap((r) => (r.permission ? [r.permission] : [])));
  return { role: user.user_type, status: user.status, sessionVersion: Number(user.session_version), permissions, sessionOpen: user.session !== null };
}

/**
 * The accounts and sessions of many callers at once (the open live streams, modules/live/stream.ts): two
 * reads for all of them, keyed `userId sessionId`; a caller without an entry has no account.
 */
export async function readAccounts(db: Kysely<Database>, keys: readonly Pick<AccessClaims, 'userId' | 'sessionId'>[]): Promise<Map<string, Account>> {
  const out = new Map<string, Account>();
  if (!keys.length) return out;
  const userIds = [...new Set(keys.map((k) => k.userId))];
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_permissions', 'user_permissions.user_id', 'users.id')
    .leftJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select(['users.id', 'users.user_type', 'users.status', 'users.session_version', 'permissions.name as permission'])
    .where('users.id', 'in', userIds)
    .execute();
  const open = await db
    .selectFrom('sessions')
    .select(['id', 'user_id'])
    .where('id', 'in', [...new Set(keys.map((k) => k.sessionId))])
    .where('ended_at', 'is', null)
    .execute();
  const openSessions = new Set(open.map((s) => `${s.user_id} ${s.id}`));
  const users = new Map<number, { role: string; status: string; sessionVersion: number; permissions: string[] }>();
  for (const r of rows) {
    const user = users.get(r.id) ?? { role: r.user_type, status: r.status, sessionVersion: Number(r.session_version), permissions: [] };
    if (r.permission) user.permissions.push(r.permission);
    users.set(r.id, user);
  }
  for (const { userId, sessionId } of keys) {
    const user = users.get(userId);
    const key = `${userId} ${sessionId}`;
    if (user) out.set(key, { ...user, permissions: Object.freeze(user.permissions), sessionOpen: openSessions.has(key) });
  }
  return out;
}

/** The caller `claims` speak for, given their account; null when it is gone, not staff, or its session ended since. */
export function callerOfAccount(claims: AccessClaims, account: Account | null): Caller | null {
  if (!account || !isStaff(account.role) || account.sessionVersion !== claims.version || !account.sessionOpen) return null;
  return {
    userId: claims.userId,
    role: account.role,
    status: account.status,
    permissions: account.permissions as string[],
    sessionId: claims.sessionId,
  };
}

/**
 * The staff member an access token speaks for, as the database says now; null when the token is not
 * valid, the account is gone or no longer staff, or its sessions were ended since the token was issued.
 */
export async function principalOfToken(db: Kysely<Database>, tokens: TokenService, token: string): Promise<Caller | null> {
  let claims: AccessClaims;
  try {
    claims = await tokens.verifyAccess(token);
  } catch {
    return null;
  }
  return callerOfAccount(claims, await readAccount(db, claims.userId, claims.sessionId));
}

/** How long an account read for the guard is reused (module comment): the bound for another process's changes. */
export const PRINCIPAL_TTL_MS = 1000;
/** Accounts kept at most (staff members calling at once); the oldest goes first. */
const ACCOUNTS_KEPT = 1000;
/**
 * The tables an Account is read from: a write to one of them empties the cache (a session opened,
 * refreshed or ended too: a few writes a minute for a whole staff team, against every call's read).
 */
const ACCOUNT_TABLES: ReadonlySet<string> = new Set(['users', 'user_permissions', 'permissions', 'sessions']);

/** Accounts by user id and session, reused for PRINCIPAL_TTL_MS and forgotten on every write that may change one. */
function accountCache(db: Kysely<Database>, onWrite: Db['onWrite'] | undefined) {
  const kept = new Map<string, { account: Account | null; readAt: number }>();
  // moves on with each relevant write: a read that started before it is not kept
  let generation = 0;
  onWrite?.((tables) => {
    if (tables !== null && !tables.some((t) => ACCOUNT_TABLES.has(t))) return;
    generation++;
    kept.clear();
  });
  return async ({ userId, sessionId }: AccessClaims): Promise<Account | null> => {
    // without the write notifications (a database opened otherwise) nothing is kept
    if (!onWrite) return readAccount(db, userId, sessionId);
    const now = performance.now();
    const key = `${userId} ${sessionId}`;
    const hit = kept.get(key);
    if (hit && now - hit.readAt < PRINCIPAL_TTL_MS) return hit.account;
    const before = generation;
    const account = await readAccount(db, userId, sessionId);
    if (generation === before) {
      kept.delete(key);
      if (kept.size >= ACCOUNTS_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, { account, readAt: now });
    }
    return account;
  };
}

/**
 * What a guard names: a registered resource or page by name, or a declaration itself (its own rule; a
 * resource declared outside the registry, as the tests' throwaway one, is guarded the same way).
 */
export type Guarded = ResourceName | Pick<AccessDeclaration, 'name' | 'rule'>;

/** `onWrite`: the database's write notifications (db/index.ts), which let the guard keep accounts briefly. */
export function createGuard(db: Kysely<Database>, tokens: TokenService, opts: { onWrite?: Db['onWrite'] } = {}) {
  const accountOf = accountCache(db, opts.onWrite);
  async function authenticate(request: FastifyRequest): Promise<Caller> {
    if (request.caller) return request.caller;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    let claims: AccessClaims;
    try {
      claims = await tokens.verifyAccess(token);
    } catch {
      throw unauthorized();
    }
    const caller = callerOfAccount(claims, await accountOf(claims));
    if (!caller) throw unauthorized();
    request.caller = caller;
    return caller;
  }
  /**
   * The caller must be signed in and allowed to use `resource` (or one of several: a picker list is
   * readable by whoever may use the form that needs it); for rules that depend on the request.
   */
  async function requireAccess(request: FastifyRequest, resource: Guarded | readonly Guarded[]): Promise<Caller> {
    const caller = await authenticate(request);
    const resources = Array.isArray(resource) ? (resource as readonly Guarded[]) : [resource as Guarded];
    if (!resources.some((r) => (typeof r === 'string' ? canAccess(caller, r) : satisfies(caller, r.rule, r.name)))) throw forbidden();
    return caller;
  }
  /**
   * onRequest hook: the caller must be signed in and allowed to use `resource` (or one of them). It runs
   * before the body is read or validated, so an anonymous or unauthorised call is answered 401/403 from
   * its headers alone, whatever it carries.
   */
  function guard(resource: Guarded | readonly Guarded[]): onRequestAsyncHookHandler {
    return asGuard<onRequestAsyncHookHandler>(async (request) => {
      await requireAccess(request, resource);
    });
  }
  return { authenticate, guard, requireAccess };
}
export type Guard = ReturnType<typeof createGuard>['guard'];

/** The caller set by the guard (routes behind a guard only). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
