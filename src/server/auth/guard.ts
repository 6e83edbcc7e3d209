// The guard every protected route uses: a valid bearer access token, then the role/permission rule of
// the resource (src/shared/access.ts), the same rule that builds the admin's menu.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { canAccess, type ResourceName } from '../../shared/access';
import { forbidden, unauthorized } from '../http/errors';
import type { AccessClaims, TokenService } from './tokens';

export type Caller = AccessClaims & { userId: number };

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

export function createGuard(tokens: TokenService) {
  async function authenticate(request: FastifyRequest): Promise<Caller> {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    try {
      return await tokens.verifyAccess(token);
    } catch {
      throw unauthorized();
    }
  }
  /**
   * The caller must be signed in and allowed to use `resource` (or one of several: a picker list is
   * readable by whoever may use the form that needs it); for rules that depend on the request.
   */
  async function requireAccess(request: FastifyRequest, resource: ResourceName | readonly ResourceName[]): Promise<Caller> {
    const caller = request.caller ?? (await authenticate(request));
    request.caller = caller;
    const resources = typeof resource === 'string' ? [resource] : resource;
    if (!resources.some((r) => canAccess(caller, r))) throw forbidden();
    return caller;
  }
  /** preHandler: the caller must be signed in and allowed to use `resource` (or one of them). */
  function guard(resource: ResourceName | readonly ResourceName[]): preHandlerAsyncHookHandler {
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
