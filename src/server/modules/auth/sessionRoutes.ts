// Sign-out and the sessions a person can see and end (issue 31 §2 "Sessions you can see and end").
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isStaff } from '@shared/access';
import { errorMessages } from '@shared/validation/messages';
import { bearerToken, callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { doneAnswer, refusals } from '@server/http/answers';
import { notFound } from '@server/http/errors';
import { ok } from '@server/http/reply';
import { idParams } from '@server/http/zod';
import { sessionsAnswer } from './answers';
import { findUserById } from './service';
import { endOwnSession, endOwnSessions, endStaffSessions, sessionsOf, signOut } from './sessions';

const signOutBody = z.object({ refresh_token: z.string().max(200).optional(), token: z.string().max(200).optional() });
const sessionParams = z.object({ id: z.string().min(1).max(64) });
const endAllBody = z.object({ include_current: z.boolean().optional() });
/** Admins only: signing another staff member out. */
const ADMIN_ONLY = { name: 'staff-sessions', rule: 'admin' } as const;

export async function sessionRoutes(app: FastifyInstance, ctx: AppContext) {
  // Sign-out (spec §2 "Logout clears the session"): ends the session on the server too. No guard: an
  // expired access token still signs out with its refresh token, and signing out twice is no error.
  app.post('/api/auth/logout', { schema: { tags: ['auth'], body: signOutBody, response: { 200: doneAnswer } } }, async (request, reply) => {
    const body = request.body as z.infer<typeof signOutBody>;
    await signOut(ctx, bearerToken(request), body.refresh_token ?? body.token);
    return ok(reply, null, errorMessages.signedOut);
  });

  app.get('/api/auth/sessions', { schema: { tags: ['auth'], response: { 200: sessionsAnswer } }, onRequest: ctx.guard('profile') }, async (request, reply) => {
    const caller = callerOf(request);
    return ok(reply, { sessions: await sessionsOf(ctx, caller.userId, caller.sessionId) });
  });

  app.delete(
    '/api/auth/sessions/:id',
    { schema: { tags: ['auth'], params: sessionParams, response: { 200: doneAnswer, ...refusals(404) } }, onRequest: ctx.guard('profile') },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!(await endOwnSession(ctx, caller.userId, (request.params as z.infer<typeof sessionParams>).id))) throw notFound(errorMessages.sessionNotOpen);
      return ok(reply, null, errorMessages.sessionEnded);
    },
  );

  app.post(
    '/api/auth/sessions/end-all',
    { schema: { tags: ['auth'], body: endAllBody, response: { 200: doneAnswer } }, onRequest: ctx.guard('profile') },
    async (request, reply) => {
      const caller = callerOf(request);
      const { include_current } = request.body as z.infer<typeof endAllBody>;
      await endOwnSessions(ctx, caller.userId, caller.sessionId, include_current === true);
      return ok(reply, null, errorMessages.signedOutEverywhere);
    },
  );

  // "the sessions of user :id", ended
  app.delete(
    '/api/user/sessions/:id',
    { schema: { tags: ['users'], params: idParams, response: { 200: doneAnswer, ...refusals(404) } }, onRequest: ctx.guard(ADMIN_ONLY) },
    async (request, reply) => {
      const target = await findUserById(ctx.db, (request.params as z.infer<typeof idParams>).id);
      if (!target || !isStaff(target.user_type)) throw notFound(errorMessages.userNotFound);
      await endStaffSessions(ctx, callerOf(request).userId, target.id);
      return ok(reply, null, errorMessages.signedOutEverywhere);
    },
  );
}
