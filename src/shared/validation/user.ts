// Field rules for users and sub-admins (spec §5 "Users and sub-admins"), shared by the profile,
// register and user forms and by the API.
import { z } from 'zod';
import { v } from './messages';

/** Name: 3-32 letters and spaces (any alphabet: Turkish and Arabic names are names too). */
export const NAME_PATTERN = /^[\p{L}\p{M} ]{3,32}$/u;
/** 8+ characters with lowercase, uppercase, digit and one of @$!%*?& (spec §5 Users). */
export const USER_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{8,}$/;
/** Sub-admin edit: no uppercase needed (spec §5). */
export const SUBADMIN_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*\d)(?=.*[@$!%*?&]).{8,}$/;

export const nameField = z
  .string({ error: v('nameRequired') })
  .trim()
  .min(1, v('nameRequired'))
  .regex(NAME_PATTERN, v('nameInvalid'));

export const userEmailField = z
  .string({ error: v('userEmailRequired') })
  .trim()
  .min(1, v('userEmailRequired'))
  .email(v('userEmailInvalid'));

export const phoneField = z
  .string({ error: v('phoneRequired') })
  .trim()
  .min(1, v('phoneRequired'))
  .regex(/^\+?\d+$/, v('phoneInvalid'))
  .min(10, v('phoneTooShort'))
  .max(15, v('phoneTooLong'));

export const userPasswordField = z
  .string({ error: v('userPasswordRequired') })
  .min(1, v('userPasswordRequired'))
  .regex(USER_PASSWORD_PATTERN, v('userPasswordRule'));

/** Optional new password on a profile / edit form: empty means unchanged, otherwise the user rule. */
export const optionalUserPassword = z
  .string()
  .optional()
  .refine((p) => !p || USER_PASSWORD_PATTERN.test(p), v('userPasswordRule'));

/** Picture file names the product accepts (the server also checks the content). */
export const PROFILE_PICTURE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
export function isAcceptedPictureName(fileName: string): boolean {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (PROFILE_PICTURE_EXTENSIONS as readonly string[]).includes(ext);
}
