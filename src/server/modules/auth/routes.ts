// Authentication and profile endpoints (spec §7 "Authentication and profile").
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { preferencesUpdateSchema } from '@shared/preferences';
import {
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordRequestSchema,
  resetTokenCheckSchema,
} from '@shared/validation/auth';
import { isStaff } from '@shared/access';
import { errorMessages } from '@shared/validation/messages';
import { refuseCommonPassword } from '@server/auth/commonPasswords';
import { bearerToken, callerOf, principalOfToken } from '@server/auth/guard';
import { clientOf } from '@server/auth/sessions';
import { RefreshError } from '@server/auth/tokens';
import type { AppContext } from '@server/context';
import type { UserUpdate } from '@server/db/schema';
import { HttpError, notFound, unauthorized } from '@server/http/errors';
import { parseWith, readForm } from '@server/http/form';
import { doneAnswer, refusals } from '@server/http/answers';
import { ok } from '@server/http/reply';
import { removeIfUnreferenced } from '@server/uploads/references';
import { loginAnswer, personAnswer, profileAnswer, resetTokenCheckAnswer, sessionAnswer, tokenCheckAnswer } from './answers';
import { isSignInChallenge } from '../twoFactor/signInStep';
import { insertUser, storeProfilePicture, updateUser } from '../users/service';
import {
  accessSession,
  checkCurrentPassword,
  findUserByEmail,
  findUserById,
  login,
  permissionsOf,
  isResetTokenUsable,
  requestPasswordReset,
  resetPassword,
  startSession,
  toSessionUser,
} from './service';
import { atomically, audit } from '../audit/trail';

const REGISTERED = 'Thank you. If this email can be registered, the account has been created and waits for approval.';

/** What the password step says when a second step follows (twoFactor/). */
const SECOND_STEP_MESSAGES = {
  verify: 'Enter the code from your authenticator app.',
  enrol: 'Two-factor sign-in is required for staff: set it up to continue.',
} as const;

const tokenBody = z.object({ token: z.string().optional(), refresh_token: z.string().optional() });

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: loginSchema.extend({ is_web: z.union([z.string(), z.number()]).optional() }),
        response: { 200: loginAnswer, ...refusals(401, 429, 503) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body as z.infer<typeof loginSchema>;
      const payload = await login(ctx, email, password, clientOf(request));
      if (isSignInChallenge(payload)) return ok(reply, payload, SECOND_STEP_MESSAGES[payload.two_factor]);
      await audit(ctx, payload.user.id, 'login', 'user', payload.user.id);
      return ok(reply, payload, 'Login successfully');
    },
  );

  // The spec sends the token in the body (POST) or the query (GET); both rotate the refresh token.
  const refresh = async (token: string | undefined) => {
    if (!token) throw unauthorized('Failed to login with token.');
    try {
      const { userId, session, refreshToken } = await ctx.tokens.rotateRefresh(token);
      const user = await findUserById(ctx.db, userId);
      if (!user || !isStaff(user.user_type)) throw unauthorized('Failed to login with token.');
      return { ...(await accessSession(ctx, user, session)), refresh_token: refreshToken };
    } catch (err) {
      if (err instanceof RefreshError) throw unauthorized('Failed to login with token.');
      throw err;
    }
  };
  app.post('/api/auth/refresh-token', { schema: { tags: ['auth'], body: tokenBody, response: { 200: sessionAnswer, ...refusals(401) } } }, async (request, reply) => {
    const body = request.body as z.infer<typeof tokenBody>;
    return ok(reply, await refresh(body.refresh_token ?? body.token));
  });
  app.get('/api/auth/refresh-token', { schema: { tags: ['auth'], querystring: tokenBody, response: { 200: sessionAnswer, ...refusals(401) } } }, async (request, reply) => {
    const q = request.query as z.infer<typeof tokenBody>;
    return ok(reply, await refresh(q.refresh_token ?? q.token));
  });

  // Verifies a stored access token with the server and answers the current user (session start, spec §4).
  // The spec's `?token=` still works; the admin sends the token as a bearer header instead, so that no
  // token travels in a URL (proxies and browsers keep URLs in their logs and history).
  const accessTokenCheck = {
    tags: ['auth'],
    description: 'The access token to check: `Authorization: Bearer <token>` (preferred: a URL may be logged), or the `token` query parameter.',
    querystring: tokenBody,
    response: { 200: tokenCheckAnswer, ...refusals(401) },
  };
  app.get('/api/auth/access-token', { schema: accessTokenCheck }, async (request, reply) => {
    const token = (request.query as z.infer<typeof tokenBody>).token ?? bearerToken(request) ?? undefined;
    // the same check as every guarded call: a token of ended sessions is refused here too
    const principal = token ? await principalOfToken(ctx.db, ctx.tokens, token) : null;
    const user = principal ? await findUserById(ctx.db, principal.userId) : undefined;
    if (!user) throw unauthorized();
    return ok(reply, { token, user: toSessionUser(user, await permissionsOf(ctx.db, user)) });
  });

  // Sign-up of a product user (spec §7; the admin does not use it). It never creates an Active account
  // and never tells whether an email is known: the answer is the same either way, a new account waits
  // at Pending for staff, the password is hashed in both cases and sign-ups are throttled per address.
  app.post('/api/auth/register', { schema: { tags: ['auth'], body: registerSchema, response: { 200: doneAnswer, ...refusals(429, 503) } } }, async (request, reply) => {
    const input = request.body as z.infer<typeof registerSchema>;
    await ctx.throttle.countRegistration(request.ip);
    refuseCommonPassword(input.password);
    const password_hash = await ctx.passwords.hash(input.password);
    if (!(await findUserByEmail(ctx.db, input.email))) {
      try {
        await atomically(ctx, async () => {
          const id = await insertUser(ctx.db, { name: input.name, email: input.email, phone: input.phone, password_hash, status: 'Pending', user_type: 'User' });
          await audit(ctx, null, 'register', 'user', id);
        });
      } catch (err) {
        // a concurrent sign-up with the same email won the race: same answer
        if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
      }
    }
    return ok(reply, null, REGISTERED);
  });

  // The signed-in person edits their own name, picture and password (/profile).
  // Theme settings and pinned shortcuts (spec §3): any signed-in staff member, for itself only.
  app.post(
    '/api/auth/user/preferences',
    { schema: { tags: ['auth'], body: preferencesUpdateSchema, response: { 200: personAnswer } }, onRequest: ctx.guard('profile') },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body as z.infer<typeof preferencesUpdateSchema>;
      const changes: { preferences?: string; shortcuts?: string } = {};
      if (body.preferences) changes.preferences = JSON.stringify(body.preferences);
      if (body.shortcuts) changes.shortcuts = JSON.stringify([...new Set(body.shortcuts)]);
      await updateUser(ctx.db, caller.userId, changes);
      const user = (await findUserById(ctx.db, caller.userId))!;
      return ok(reply, { user: toSessionUser(user, await permissionsOf(ctx.db, user)) }, 'Success');
    },
  );

  app.post(
    '/api/auth/user/update',
    {
      schema: { tags: ['auth'], form: profileUpdateSchema, files: ['profile_pic'], response: { 200: profileAnswer, ...refusals(404, 415, 429, 503) } },
      onRequest: ctx.guard('profile'),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { fields, files } = await readForm(request);
      const input = parseWith(profileUpdateSchema, {
        name: fields.name,
        password: fields.password || undefined,
        current_password: fields.current_password || undefined,
      });
      const user = await findUserById(ctx.db, caller.userId);
      if (!user) throw notFound();
      if (input.password) {
        refuseCommonPassword(input.password);
        await checkCurrentPassword(ctx, user, input.current_password ?? '', request.ip);
      }
      const picture = files.find((f) => f.field === 'profile_pic');
      const changes: UserUpdate = { name: input.name };
      if (picture) {
        const stored = await storeProfilePicture(ctx.storage, picture);
        changes.profile_pic = stored.url;
        changes.thumbnail = stored.thumbnailUrl;
      }
      if (input.password) changes.password_hash = await ctx.passwords.hash(input.password);
      // the save, the sessions it ends and its entry in the trail commit together
      await atomically(ctx, async () => {
        await updateUser(ctx.db, user.id, changes);
        // A new password ends every session of the person, this one included; this tab gets a new one.
        if (input.password) await ctx.tokens.endSessions(user.id);
        await audit(ctx, caller.userId, 'profile.update', 'user', caller.userId, {
          before: { name: user.name, profile_pic: user.profile_pic, password: false },
          after: { name: input.name, profile_pic: changes.profile_pic ?? undefined, password: !!input.password },
        });
      });
      if (picture) await removeIfUnreferenced(ctx, user.profile_pic);
      const updated = (await findUserById(ctx.db, user.id))!;
      const payload = input.password ? await startSession(ctx, updated, clientOf(request)) : { user: toSessionUser(updated, await permissionsOf(ctx.db, updated)) };
      return ok(reply, payload, 'Profile has been updated successfully');
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: doneAnswer } } },
    async (request, reply) => {
      requestPasswordReset(ctx, (request.body as z.infer<typeof forgotPasswordSchema>).email);
      return ok(reply, null, 'Link has been sent to your Email ID');
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { tags: ['auth'], body: resetPasswordRequestSchema, response: { 200: doneAnswer, ...refusals(503) } } },
    async (request, reply) => {
      const { token, password } = request.body as z.infer<typeof resetPasswordRequestSchema>;
      refuseCommonPassword(password);
      await resetPassword(ctx, token, password);
      return ok(reply, null, 'Password changed successfully');
    },
  );
  // The reset page asks on load whether its link still works (finding m11): the token goes in the body,
  // never in a URL, and is not used up. A guess gains nothing: the tokens are 256-bit random.
  app.post(
    '/api/auth/reset-password/check',
    { schema: { tags: ['auth'], body: resetTokenCheckSchema, response: { 200: resetTokenCheckAnswer } } },
    async (request, reply) => {
      const { token } = request.body as z.infer<typeof resetTokenCheckSchema>;
      const valid = await isResetTokenUsable(ctx, token);
      return ok(reply, { valid }, valid ? 'This reset link is valid.' : errorMessages.resetLinkInvalid);
    },
  );
}
