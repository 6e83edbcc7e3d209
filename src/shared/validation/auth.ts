// Rules of the sign-in, forgot-password, reset-password and profile forms (spec §5). The admin forms
// and the auth API validate with these same schemas.
import { z } from 'zod';
import { v } from './messages';
import { nameField, optionalUserPassword, phoneField, userEmailField, userPasswordField } from './user';

const email = z
  .string({ error: v('emailRequired') })
  .trim()
  .min(1, v('emailRequired'))
  .email(v('emailInvalid'));

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: v('passwordRequired') })
    .min(1, v('passwordRequired'))
    .min(4, v('passwordTooShort')),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** 8+ characters with a lowercase letter, an uppercase letter and a digit (spec §5 Reset password). */
export const RESET_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

export const resetPasswordField = z
  .string({ error: v('passwordRequired') })
  .min(1, v('passwordRequired'))
  .regex(RESET_PASSWORD_PATTERN, v('resetPasswordRule'));

export const resetPasswordFormSchema = z
  .object({ password: resetPasswordField, passwordConfirm: z.string() })
  .refine((d) => d.password === d.passwordConfirm, { message: v('passwordsDontMatch'), path: ['passwordConfirm'] });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z.string({ error: v('tokenRequired') }).min(16, v('tokenRequired')),
  password: resetPasswordField,
});

/** My Profile: a new password needs the current one (ASVS V6.2.3; an Admin setting another's does not). */
export const profileUpdateSchema = z
  .object({ name: nameField, password: optionalUserPassword, current_password: z.string().max(200).nullish() })
  .refine((d) => !d.password || !!d.current_password, { message: v('currentPasswordRequired'), path: ['current_password'] });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** Register (spec §7 POST /api/auth/register): a plain User account. */
export const registerSchema = z.object({
  name: nameField,
  email: userEmailField,
  phone: phoneField,
  password: userPasswordField,
});
export type RegisterInput = z.infer<typeof registerSchema>;
