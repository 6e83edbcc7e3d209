// The guard every protected route uses: a valid bearer access token whose session version is still the
// account's, then the role/permission rule of the resource (src/shared/access.ts), the same rule that
// builds the admin's menu. The person's role, status and permissions are read from the database on each
// call (one indexed read, kept for the request only), never trusted from the token.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { canAccess, isStaff, type Principal, type ResourceName } from '../../shared/access';
import type { Database } from '../db/schema';
import { forbidden, unauthorized } from '../http/errors';
import type { TokenService } from './tokens';

export interface Caller extends Principal {
  userId: number;
  role: string;
  status: string;
  permissions: string[];
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

/**
 * The staff member an access token speaks for, as the database says now; null when the token is not
 * valid, the account is gone or no longer staff, or its sessions were ended since the token was issued.
 */
export async function principalOfToken(db: Kysely<Database>, tokens: TokenService, token: string): Promise<Caller | null> {
  let claims: Awaited<ReturnType<TokenService['verifyAccess']>>;
  try {
    claims = await tokens.verifyAccess(token);
  } catch {
    return null;
  }
  // one read: the account and its granted permission names (a row per grant)
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_permissions', 'user_permissions.user_id', 'users.id')
    .leftJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
    .select(['users.id', 'users.user_type', 'users.status', 'users.session_version', 'permissions.name as permission'])
    .where('users.id', '=', claims.userId)
    .execute();
  const user = rows[0];
  if (!user || !isStaff(user.user_type) || Number(user.session_version) !== claims.version) return null;
  const granted = rows.flatMap((r) => (r.permission ? [r.permission] : []));
  return { userId: user.id, role: user.user_type, status: user.status, permissions: granted };
}

export function createGuard(db: Kysely<Database>, tokens: TokenService) {
  async function authenticate(request: FastifyRequest): Promise<Caller> {
    if (request.caller) return request.caller;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const caller = await principalOfToken(db, tokens, token);
    if (!caller) throw unauthorized();
    request.caller = caller;
    return caller;
  }
  /**
   * The caller must be signed in and allowed to use `resource` (or one of several: a picker list is
   * readable by whoever may use the form that needs it); for rules that depend on the request.
   */
  async function requireAccess(request: FastifyRequest, resource: ResourceName | readonly ResourceName[]): Promise<Caller> {
    const caller = await authenticate(request);
    const resources = typeof resource === 'string' ? [resource] : resource;
    if (!resources.some((r) => canAccess(caller, r))) throw forbidden();
    return caller;
  }
  /**
   * onRequest hook: the caller must be signed in and allowed to use `resource` (or one of them). It runs
   * before the body is read or validated, so an anonymous or unauthorised call is answered 401/403 from
   * its headers alone, whatever it carries.
   */
  function guard(resource: ResourceName | readonly ResourceName[]): onRequestAsyncHookHandler {
    return async (request) => {
      await requireAccess(request, resource);
    };
  }
  return { authenticate, guard, requireAccess };
}
export type Guard = ReturnType<typeof createGuard>['guard'];

/** The caller set by the guard (routes behind a guard only). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
