// Password hashing with scrypt at OWASP's recommended parameters (N=2^17, r=8, p=1).
// The stored form carries its parameters, so a hash made with other costs still verifies.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { HttpError } from '@server/http/errors';

const KEY_LENGTH = 64;
export const DEFAULT_SCRYPT_N = 2 ** 17;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string, N = DEFAULT_SCRYPT_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, 8, 1);
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A stored hash no password matches, of the cost of real ones (random salt and key, nothing hashed): an
 * account that has no password yet (imported: it sets one through "forgot password") signs in as slowly
 * as any other, so its sign-in tells nothing.
 */
export const unusableHash = (N: number) => ['scrypt', N, 8, 1, randomBytes(16).toString('base64url'), randomBytes(64).toString('base64url')].join('$');

/**
 * Hashing and checking passwords on the request path, at most `concurrency` at a time (each scrypt holds
 * 128 MB and one of libuv's four threads, which static files and DNS need too). Beyond `queue` waiting
 * calls the answer is a 503, so a sign-in flood cannot starve other requests nor the memory.
 */
export function createPasswordHasher(opts: { scryptN: number; concurrency: number; queue: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running < opts.concurrency) running++;
    else if (waiting.length < opts.queue) await new Promise<void>((resolve) => waiting.push(resolve));
    else throw new HttpError(503, 'The server is busy. Please try again in a moment.', null, { 'retry-after': '2' });
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }
  // A hash no password matches, made with the same cost as real ones: an unknown email takes as long.
  const unusable = unusableHash(opts.scryptN);
  return {
    hash: (password: string) => inTurn(() => hashPassword(password, opts.scryptN)),
    /** Checks `password` against `stored`, or against an unusable hash of the same cost when there is none. */
    verify: (password: string, stored: string | null | undefined) => inTurn(() => verifyPassword(password, stored ?? unusable)),
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

/** Random password of `length` characters with lower, upper, digit and a special character (sub-admin invites). */
export function generatePassword(length = 10): string {
  const sets = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '@$!%*?&'];
  const all = sets.join('');
  const pick = (s: string) => s[randomBytes(1)[0] % s.length];
  const chars = sets.map(pick);
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBytes(1)[0] % (i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
