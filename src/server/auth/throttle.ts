// Failed sign-in throttling per IP and per email, counted in the database so that every replica
// sees the same numbers. A success clears the email's failures: it never locks out a correct login.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

export interface Throttle {
  /** Throws a 429 with Retry-After when either key is over the limit. */
  check(ip: string, email: string): Promise<void>;
  recordFailure(ip: string, email: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

export function createLoginThrottle(
  db: Kysely<Database>,
  opts: { maxFailures: number; windowSeconds: number },
): Throttle {
  const keys = (ip: string, email: string) => [`ip:${ip}`, `email:${email.toLowerCase()}`];
  const windowStart = () => new Date(Date.now() - opts.windowSeconds * 1000).toISOString();
  return {
    async check(ip, email) {
      const since = windowStart();
      for (const key of keys(ip, email)) {
        const row = await db
          .selectFrom('login_failures')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
          .where('key', '=', key)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow();
        if (Number(row.n) >= opts.maxFailures) {
          const oldest = new Date(String(row.oldest)).getTime();
          const retryAfter = Math.max(1, Math.ceil((oldest + opts.windowSeconds * 1000 - Date.now()) / 1000));
          throw new HttpError(
            429,
            'Too many failed sign-in attempts. Please try again later.',
            { retryAfter },
            {
              'retry-after': String(retryAfter),
            },
          );
        }
      }
    },
    async recordFailure(ip, email) {
      const t = new Date().toISOString();
      const [ipKey, emailKey] = keys(ip, email);
      await db
        .insertInto('login_failures')
        .values([
          { key: ipKey, created_at: t },
          { key: emailKey, created_at: t },
        ])
        .execute();
      // keep the table small: forget failures older than the window
      await db.deleteFrom('login_failures').where('created_at', '<=', windowStart()).execute();
    },
    async recordSuccess(email) {
      await db.deleteFrom('login_failures').where('key', '=', `email:${email.toLowerCase()}`).execute();
    },
  };
}
