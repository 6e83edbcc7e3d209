// Recovery codes of two-factor sign-in: 10 per enrolment, shown once, stored as SHA-256 hashes, each
// usable once. Each holds 120 random bits (24 characters of Crockford's base32), above the 112 bits for
// which ASVS 5.0 (6.5.2) allows a plain hash instead of a salted password hash.
import { randomBytes } from 'node:crypto';
import { sha256 } from './tokens';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 24;

function newCode(): string {
  // 5 bits per character from each byte's low bits: 32 divides 256, so every character is equally likely
  const chars = [...randomBytes(LENGTH)].map((b) => ALPHABET[b % 32]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newCode);

/**
 * The hash a typed code is looked up by, or null when it cannot be a recovery code. Case, dashes and
 * spaces do not matter; o is read as 0 and i, l as 1, as Crockford's base32 says.
 */
export function recoveryCodeHash(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  if (plain.length !== LENGTH || [...plain].some((c) => !ALPHABET.includes(c))) return null;
  return sha256(plain);
}
