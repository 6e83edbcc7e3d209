// Field rules for users and sub-admins (spec §5 "Users and sub-admins"), shared by the profile,
// register and user forms and by the API.
import { z } from 'zod';
import { idNumber, MAX_INT, recordVersion } from './common';
import { v } from './messages';
import { CALLING_CODE_PATTERN, normalisePhone } from './phone';

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
  // '+90 532 123-45 67' is a number as people write it: the separators go before the spec's checks
  .overwrite(normalisePhone)
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
  .nullish()
  .refine((p) => !p || USER_PASSWORD_PATTERN.test(p), v('userPasswordRule'));

/** Picture file names the product accepts (the server also checks the content). */
export const PROFILE_PICTURE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
export function isAcceptedPictureName(fileName: string): boolean {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (PROFILE_PICTURE_EXTENSIONS as readonly string[]).includes(ext);
}

/** The calling code chosen beside the number (empty: none). */
export const countryCodeField = z
  .string()
  .trim()
  .refine((c) => c === '' || CALLING_CODE_PATTERN.test(c), v('phoneInvalid'))
  .nullish();

/** The account kinds a user form manages. */
export const MANAGED_USER_TYPES = ['User', 'Sub-Admin'] as const;
export type ManagedUserType = (typeof MANAGED_USER_TYPES)[number];

/** Status choices of the forms (spec §4, §5): users Pending/Active/Inactive; sub-admins also 'Request Pending'. */
export const USER_FORM_STATUSES = ['Active', 'Inactive', 'Pending'] as const;
export const SUBADMIN_FORM_STATUSES = ['Active', 'Inactive', 'Request Pending'] as const;

const statusField = z
  .string({ error: v('statusRequired') })
  .trim()
  .min(1, v('statusRequired'))
  .refine((s) => [...USER_FORM_STATUSES, ...SUBADMIN_FORM_STATUSES].includes(s as never), v('statusRequired'));

/**
 * Add User / Add Sub Admin (spec §5). A User needs a password by the user rule; a Sub-Admin gets a
 * generated one and starts at 'Request Pending' (set by the server).
 */
export const userCreateSchema = z
  .object({
    name: nameField,
    email: userEmailField,
    phone: phoneField,
    country_code: countryCodeField,
    user_type: z.enum(MANAGED_USER_TYPES).default('User'),
    password: z.string().optional(),
    status: z.string().optional(),
  })
  .superRefine((d, ctx) => {
    if (d.user_type !== 'User') {
      // a Sub-Admin starts at 'Request Pending' unless the Add Sub Admin dialog chose another status
      if (d.status && !(SUBADMIN_FORM_STATUSES as readonly string[]).includes(d.status.trim()))
        ctx.addIssue({ code: 'custom', path: ['status'], message: v('statusRequired') });
      return;
    }
    const password = userPasswordField.safeParse(d.password ?? '');
    if (!password.success) ctx.addIssue({ code: 'custom', path: ['password'], message: password.error.issues[0].message });
    // a User starts at one of the user statuses ('Request Pending' is a Sub-Admin's)
    const status = statusField.refine((st) => (USER_FORM_STATUSES as readonly string[]).includes(st), v('statusRequired')).safeParse(d.status ?? '');
    if (!status.success) ctx.addIssue({ code: 'custom', path: ['status'], message: status.error.issues[0].message });
  });
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** Optional new sub-admin password: no uppercase needed (spec §5). */
export const optionalSubAdminPassword = z
  .string()
  .nullish()
  .refine((p) => !p || SUBADMIN_PASSWORD_PATTERN.test(p), v('subAdminPasswordRule'));

/** Edit user / sub-admin: email and phone are not editable; password optional by the type's rule. */
export const userUpdateSchema = z
  .object({
    id: idNumber(),
    name: nameField,
    status: statusField,
    password: z.string().optional(),
    /** the version the edit form was opened on (no lost updates) */
    updated_at: recordVersion,
  })
  .passthrough();
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** Sequence: a whole number, minimum 0. */
export const sequenceSchema = z.object({
  id: idNumber(),
  sequence: z
    .coerce.number({ error: v('sequenceInvalid') })
    .int(v('sequenceInvalid'))
    .min(0, v('sequenceInvalid'))
    .max(MAX_INT, v('sequenceInvalid')),
});

export const BULK_ACTIONS = ['delete', 'inactive', 'active'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const bulkActionSchema = z.object({
  // a single id may arrive as a plain value from a url-encoded form
  user_ids: z.preprocess(
    (ids) => (ids === undefined || Array.isArray(ids) ? ids : [ids]),
    z.array(z.coerce.number().int().min(-MAX_INT).max(MAX_INT)).min(1, v('invalidInput')).max(1000),
  ),
  action: z.enum(BULK_ACTIONS, { error: v('invalidInput') }),
});

/**
 * Add Sub Admin: no password (generated and mailed by the server); the status starts at 'Request Pending'
 * (spec §4) and may be changed there, as the permissions (finding m29).
 */
export const subAdminCreateSchema = z.object({
  name: nameField,
  email: userEmailField,
  phone: phoneField,
  country_code: countryCodeField,
  status: z.enum(SUBADMIN_FORM_STATUSES, { error: v('statusRequired') }),
});
