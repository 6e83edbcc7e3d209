// Rules of the two-factor sign-in forms (enrolment, the sign-in code, turning it off, the staff policy).
// The admin forms and the API validate with these same schemas.
import { z } from 'zod';
import { v } from './messages';

/** A 6-digit code of the authenticator app, or a recovery code (letters and digits, dashes and spaces allowed). */
export const codeField = z
  .string({ error: v('twoFactorCodeRequired') })
  .trim()
  .min(1, v('twoFactorCodeRequired'))
  .max(64, v('twoFactorCodeRequired'));

/** The code that confirms an enrolment (the app's, never a recovery code). */
export const confirmCodeSchema = z.object({ code: codeField });
export type ConfirmCodeInput = z.infer<typeof confirmCodeSchema>;

/** The second step of a sign-in: the challenge the password step answered and a code. */
export const signInCodeSchema = z.object({ challenge: z.string().min(16).max(128), code: codeField });
/** The enrolment a sign-in asks for under the staff policy starts with the challenge alone. */
export const signInChallengeSchema = z.object({ challenge: z.string().min(16).max(128) });

/** Turning it off: a current code (or a recovery code), or the account's password. */
export const disableSchema = z
  .object({ code: z.string().trim().max(64).optional(), password: z.string().max(200).optional() })
  .refine((d) => !!d.code || !!d.password, { message: v('twoFactorProofRequired'), path: ['code'] });
export type DisableInput = z.infer<typeof disableSchema>;

export const MAX_GRACE_DAYS = 90;
/** The Admin's policy: two-factor for every staff member, with this many days to enrol. */
export const policySchema = z.object({
  required: z.boolean(),
  grace_days: z.number({ error: v('graceDaysInvalid') }).int(v('graceDaysInvalid')).min(0, v('graceDaysInvalid')).max(MAX_GRACE_DAYS, v('graceDaysInvalid')),
});
export type PolicyInput = z.infer<typeof policySchema>;
