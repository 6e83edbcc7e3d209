// What the sign-in and profile calls answer (spec §3 "Signed-in user"), for the OpenAPI document. The
// types of src/shared/contract.ts are what the admin reads; the assignments below keep both alike.
import { z } from 'zod';
import { ROLES, USER_STATUSES } from '@shared/access';
import type { LoginPayload, SessionUser, SignInChallenge, StaffSession } from '@shared/contract';
import { preferencesSchema } from '@shared/preferences';
import { type Alike, answerOf, type Same, maybeText, whole } from '@server/http/answers';

export const sessionUser = z.object({
  id: whole,
  name: z.string(),
  displayName: z.string(),
  email: z.string(),
  phone: maybeText,
  photoURL: z.string(),
  profile_pic: maybeText,
  role: z.enum(ROLES),
  user_type: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  shortcuts: z.array(z.string()),
  preferences: preferencesSchema,
  roles: z.array(z.object({ name: z.enum(ROLES), roleHasPermissions: z.array(z.object({ permission: z.object({ description: z.string() }) })) })),
  permissions: z.array(z.string()),
});

export const session = z.object({ token: z.string(), refresh_token: z.string(), expires_in: whole, user: sessionUser });

/** A new session (sign-in, refresh, a new password of one's own). */
export const sessionAnswer = answerOf(session);
/** The second step a right password leads to for an account with two-factor sign-in (twoFactor/signInStep.ts). */
export const signInChallenge = z.object({ two_factor: z.enum(['verify', 'enrol']), challenge: z.string(), expires_in: whole });
/** Sign-in: a session, or (two-factor sign-in) the challenge of its second step. */
export const loginAnswer = answerOf(z.union([session, signInChallenge]));
/** The person, as the database says now. */
export const personAnswer = answerOf(z.object({ user: sessionUser }));
/** A profile change: the person, or a new session when the password changed. */
export const profileAnswer = answerOf(z.union([session, z.object({ user: sessionUser })]));
/** A stored access token checked: the person. */
/** Whether a mailed reset link can still set a password. */
export const resetTokenCheckAnswer = answerOf(z.object({ valid: z.boolean() }));
export const tokenCheckAnswer = answerOf(z.object({ token: z.string(), user: sessionUser }));

// the admin's types and these schemas describe the same answers (a type error when they drift apart)
export type SessionUserAlike = Alike<Same<SessionUser, z.infer<typeof sessionUser>>>;
export type SessionAlike = Alike<Same<LoginPayload, z.infer<typeof session>>>;

const staffSession = z.object({ id: z.string(), device: z.string(), ip: z.string(), started_at: z.string(), last_used_at: z.string(), current: z.boolean() });
/** A person's open sessions (My Profile), the caller's own marked `current`. */
export const sessionsAnswer = answerOf(z.object({ sessions: z.array(staffSession) }));
export type StaffSessionAlike = Alike<Same<StaffSession, z.infer<typeof staffSession>>>;
export type SignInChallengeAlike = Alike<Same<SignInChallenge, z.infer<typeof signInChallenge>>>;
