// Where the call being answered came from, for whatever it writes down (the audit trail) without the
// request being passed along: the client's address (as TRUST_PROXY judges it) and its user agent.
// Entered for the hooks and again for the handler (the body is read in between, outside of it).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

export interface RequestOrigin {
  ip: string;
  /** as the client sent it, cut at USER_AGENT_KEPT characters; null when it sent none */
  userAgent: string | null;
  /**
   * `X-Revert-Of`: the save restores the values of this History entry (issue 35), as the client sent it;
   * the edit's entry checks and names it (modules/audit/edits.ts)
   */
  revertOf?: string;
}

/** A user agent is kept this long at most (a real one is 100 to 300 characters). */
export const USER_AGENT_KEPT = 400;

const current = new AsyncLocalStorage<RequestOrigin>();

/** The origin of the call being answered; undefined outside a request (start-up, the CLI, a timer). */
export const requestOrigin = (): RequestOrigin | undefined => current.getStore();

export const originOf = (request: FastifyRequest): RequestOrigin => {
  const agent = request.headers['user-agent'];
  const revertOf = request.headers['x-revert-of'];
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' && agent ? agent.slice(0, USER_AGENT_KEPT) : null,
    ...(typeof revertOf === 'string' ? { revertOf } : {}),
  };
};

export function registerRequestOrigin(app: FastifyInstance): void {
  const enter = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => current.run(originOf(request), done);
  app.addHook('onRequest', enter);
  app.addHook('preHandler', enter);
}
