// Sign-in and sign-up throttling, counted in the database so that every replica sees the same numbers.
// An attempt is written down BEFORE the password is checked and then counted, so a burst of concurrent
// attempts cannot all slip under the limit. Three counters, so that nobody can lock the owner out:
//   pair:<email>|<address>  the tight limit: one place guessing one account;
//   ip:<address>            one place guessing many accounts;
//   account:<email>         everyone guessing one account, much higher; the owner clears it by
//                           resetting the password through the mailed link.
// A successful sign-in clears its own pair and the account counter: it never locks out a correct login.
import { type Kysely, sql } from 'kysely';
import type { Database } from '@server/db/schema';
import { escapeLike } from '@server/db/search';
import { HttpError } from '@server/http/errors';

export interface LoginAttempt {
  /** The password was right: this attempt and the failures it proves harmless are forgotten. */
  succeeded(): Promise<void>;
  /** The password was wrong: the attempt stays counted as a failure. */
  failed(): Promise<void>;
  /**
   * The password was right but a second factor is asked for: this attempt is forgotten, the failures
   * before it stay counted until the second factor is right (a known password gives no fresh guesses).
   */
  awaitsSecondFactor(): Promise<void>;
}

export interface Throttle {
  /** Counts a sign-in attempt; throws a 429 with Retry-After when a counter is over its limit. */
  beginLogin(ip: string, email: string): Promise<LoginAttempt>;
  /** Counts a registration from `ip`; throws a 429 beyond the limit. */
  countRegistration(ip: string): Promise<void>;
  /**
   * Counts a request under each of `limits`' keys (other than sign-ins: an appeal link's page, by
   * address and by link); throws a 429 with `message` when one is over its limit in the window.
   */
  countRequest(limits: Readonly<Record<string, number>>, message: string): Promise<void>;
  /** The owner proved the mailbox (password reset): the account's failures are forgotten. */
  forgetAccount(email: string): Promise<void>;
}

export interface ThrottleLimits {
  maxFailures: number;
  windowSeconds: number;
  maxFailuresPerIp: number;
  maxFailuresPerAccount: number;
  registerMaxPerWindow: number;
}

const TOO_MANY = 'Too many failed sign-in attempts. Please try again later.';
const ACCOUNT_LOCKED =
  'Too many failed sign-in attempts on this account. Please try again later, or reset your password by email to sign in now.';

/** `onFailedLogin`: told of each sign-in whose email or password was wrong (the metrics count them). */
export function createLoginThrottle(db: Kysely<Database>, limits: ThrottleLimits, opts: { onFailedLogin?: () => void } = {}): Throttle {
  const windowStart = () => new Date(Date.now() - limits.windowSeconds * 1000).toISOString();

  /** Writes one row per key, then counts each key's rows in the window (the new row included). */
  async function record(keys: string[]) {
    const t = new Date().toISOString();
    const ids = (await db.insertInto('login_failures').values(keys.map((key) => ({ key, created_at: t }))).returning('id').execute()).map((r) => r.id);
    const counts = await db
      .selectFrom('login_failures')
      .select(['key', sql<number>`count(*)`.as('n'), sql<string>`min(created_at)`.as('oldest')])
      .where('key', 'in', keys)
      .where('created_at', '>', windowStart())
      .groupBy('key')
      .execute();
    return { ids, counts: new Map(counts.map((c) => [c.key, { n: Number(c.n), oldest: String(c.oldest) }])) };
  }
  const forget = (ids: number[]) => db.deleteFrom('login_failures').where('id', 'in', ids).execute();
  const refuse = (oldest: string, message: string) => {
    const retryAfter = Math.max(1, Math.ceil((Date.parse(oldest) + limits.windowSeconds * 1000 - Date.now()) / 1000));
    return new HttpError(429, message, { retryAfter }, { 'retry-after': String(retryAfter) });
  };

  const countRequest: Throttle['countRequest'] = async (keyLimits, message) => {
    const { ids, counts } = await record(Object.keys(keyLimits));
    for (const [key, max] of Object.entries(keyLimits)) {
      const c = counts.get(key);
      if (c && c.n > max) {
        await forget(ids);
        throw refuse(c.oldest, message);
      }
    }
  };

  return {
    async beginLogin(ip, rawEmail) {
      const email = rawEmail.trim().toLowerCase();
      const pair = `pair:${email}|${ip}`;
      const account = `account:${email}`;
      const rules: [string, number, string][] = [
        [pair, limits.maxFailures, TOO_MANY],
        [`ip:${ip}`, limits.maxFailuresPerIp, TOO_MANY],
        [account, limits.maxFailuresPerAccount, ACCOUNT_LOCKED],
      ];
      const { ids, counts } = await record(rules.map(([key]) => key));
      for (const [key, max, message] of rules) {
        const c = counts.get(key);
        if (c && c.n > max) {
          // the password is not checked: this attempt is no failure of its own
          await forget(ids);
          throw refuse(c.oldest, message);
        }
      }
      return {
        async succeeded() {
          await forget(ids);
          await db.deleteFrom('login_failures').where('key', 'in', [pair, account]).execute();
        },
        async awaitsSecondFactor() {
          await forget(ids);
        },
        async failed() {
          opts.onFailedLogin?.();
          // keep the table small: forget failures older than the window
          await db.deleteFrom('login_failures').where('created_at', '<=', windowStart()).execute();
        },
      };
    },
    async countRegistration(ip) {
      await countRequest({ [`register:${ip}`]: limits.registerMaxPerWindow }, 'Too many registrations from this address. Please try again later.');
    },
    countRequest,
    async forgetAccount(rawEmail) {
      const email = rawEmail.trim().toLowerCase();
      await db
        .deleteFrom('login_failures')
        .where((eb) =>
          eb.or([
            eb('key', '=', `account:${email}`),
            sql<boolean>`key LIKE ${`pair:${escapeLike(email)}|%`} ESCAPE '\\'`,
          ]),
        )
        .execute();
    },
  };
}
