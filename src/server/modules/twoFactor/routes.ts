// Two-factor sign-in (TOTP): the sign-in's second step, enrolment and turning it off from My Profile,
// the Admin's staff policy and reset of a Sub-Admin's second factor.
import type { FastifyInstance } from 'fastify';
import { clientOf } from '@server/auth/sessions';
import { z } from 'zod';
import {
  confirmCodeSchema,
  disableSchema,
  policySchema,
  signInChallengeSchema,
  signInCodeSchema,
} from '@shared/validation/twoFactor';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { doneAnswer, refusals } from '@server/http/answers';
import { notFound } from '@server/http/errors';
import { ok } from '@server/http/reply';
import { idParams } from '@server/http/zod';
import { sessionAnswer } from '../auth/answers';
import { findUserById } from '../auth/service';
import { atomically, audit } from '../audit/trail';
import { enrolledSessionAnswer, policyAnswer, recoveryCodesAnswer, setupAnswer, statusAnswer } from './answers';
import { readPolicy, savePolicy } from './policy';
import {
  beginEnrolment,
  beginEnrolmentAtSignIn,
  confirmEnrolment,
  confirmEnrolmentAtSignIn,
  disableTwoFactor,
  resetTwoFactor,
  signInWithCode,
  twoFactorStatus,
} from './service';

const ADMINS_ONLY = { name: 'two-factor policy', rule: 'admin' } as const;
const tags = ['two-factor'];
/** A call that takes no input. */
const nothing = z.object({});

export async function twoFactorRoutes(app: FastifyInstance, ctx: AppContext) {
  // ---- the sign-in's second step (no session yet: the challenge the password step answered) ----
  app.post(
    '/api/auth/login/verify',
    { schema: { tags, body: signInCodeSchema, response: { 200: sessionAnswer, ...refusals(401, 429) } } },
    async (request, reply) => {
      const { challenge, code } = request.body as z.infer<typeof signInCodeSchema>;
      return ok(reply, await signInWithCode(ctx, challenge, code, clientOf(request)), 'Login successfully');
    },
  );
  app.post(
    '/api/auth/login/enrol',
    { schema: { tags, body: signInChallengeSchema, response: { 200: setupAnswer, ...refusals(401, 409) } } },
    async (request, reply) => {
      const { challenge } = request.body as z.infer<typeof signInChallengeSchema>;
      return ok(reply, await beginEnrolmentAtSignIn(ctx, challenge));
    },
  );
  app.post(
    '/api/auth/login/enrol/confirm',
    { schema: { tags, body: signInCodeSchema, response: { 200: enrolledSessionAnswer, ...refusals(401, 409) } } },
    async (request, reply) => {
      const { challenge, code } = request.body as z.infer<typeof signInCodeSchema>;
      return ok(reply, await confirmEnrolmentAtSignIn(ctx, challenge, code, clientOf(request)), 'Two-factor sign-in is on.');
    },
  );

  // ---- My Profile: the signed-in person's own second factor ----
  const me = async (userId: number) => {
    const user = await findUserById(ctx.db, userId);
    if (!user) throw notFound();
    return user;
  };
  app.get('/api/auth/two-factor', { schema: { tags, response: { 200: statusAnswer } }, onRequest: ctx.guard('profile') }, async (request, reply) =>
    ok(reply, await twoFactorStatus(ctx, callerOf(request).userId)),
  );
  app.post(
    '/api/auth/two-factor/setup',
    { schema: { tags, body: nothing, response: { 200: setupAnswer, ...refusals(404, 409) } }, onRequest: ctx.guard('profile') },
    async (request, reply) => ok(reply, await beginEnrolment(ctx, await me(callerOf(request).userId))),
  );
  app.post(
    '/api/auth/two-factor/enable',
    { schema: { tags, body: confirmCodeSchema, response: { 200: recoveryCodesAnswer, ...refusals(404, 409) } }, onRequest: ctx.guard('profile') },
    async (request, reply) => {
      const { code } = request.body as z.infer<typeof confirmCodeSchema>;
      const codes = await confirmEnrolment(ctx, await me(callerOf(request).userId), code);
      return ok(reply, { recovery_codes: codes }, 'Two-factor sign-in is on.');
    },
  );
  app.post(
    '/api/auth/two-factor/disable',
    { schema: { tags, body: disableSchema, response: { 200: doneAnswer, ...refusals(404, 409, 429, 503) } }, onRequest: ctx.guard('profile') },
    async (request, reply) => {
      await disableTwoFactor(ctx, await me(callerOf(request).userId), request.body as z.infer<typeof disableSchema>, request.ip);
      return ok(reply, null, 'Two-factor sign-in is off.');
    },
  );

  // ---- Admins: the staff policy, and resetting a Sub-Admin's second factor ----
  app.get('/api/two-factor/policy', { schema: { tags, response: { 200: policyAnswer } }, onRequest: ctx.guard(ADMINS_ONLY) }, async (_request, reply) =>
    ok(reply, await readPolicy(ctx.db)),
  );
  app.post(
    '/api/two-factor/policy',
    { schema: { tags, body: policySchema, response: { 200: policyAnswer } }, onRequest: ctx.guard(ADMINS_ONLY) },
    async (request, reply) => {
      const after = await atomically(ctx, async () => {
        const saved = await savePolicy(ctx.db, request.body as z.infer<typeof policySchema>);
        await audit(ctx, callerOf(request).userId, 'two_factor.policy', 'setting', 'two_factor_policy', saved);
        return saved.after;
      });
      return ok(reply, after, 'The two-factor policy has been saved.');
    },
  );
  app.post(
    '/api/user/two-factor-reset/:id',
    { schema: { tags, params: idParams, body: nothing, response: { 200: doneAnswer, ...refusals(404, 409) } }, onRequest: ctx.guard(ADMINS_ONLY) },
    async (request, reply) => {
      await resetTwoFactor(ctx, callerOf(request).userId, (request.params as { id: number }).id);
      return ok(reply, null, 'Two-factor sign-in has been reset: the person sets it up again at the next sign-in.');
    },
  );
}
