// New passwords are refused when they are common (ASVS 5.0 V6.2.4): the list is zxcvbn-ts's
// `passwords-common` (about 49,000 of the passwords most found in breaches, bundled offline with
// @zxcvbn-ts/language-common), read once on first use. The whole password is compared, ignoring case
// ("P@ssw0rd", "welcome1", "Qwerty123"). The spec's composition rules are checked before, as ever; the
// check applies where a password is set (profile, reset, an Admin's forms, sign-up), never at sign-in.
import { dictionary } from '@zxcvbn-ts/language-common';
import { errorMessages } from '@shared/validation/messages';
import { badRequest } from '@server/http/errors';

let common: ReadonlySet<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** Throws a 400 naming the password field when a new password is common; nothing when none is set. */
export function refuseCommonPassword(password: string | null | undefined, field = 'password'): void {
  if (password && isCommonPassword(password)) throw badRequest(errorMessages.commonPassword, { [field]: errorMessages.commonPassword });
}
