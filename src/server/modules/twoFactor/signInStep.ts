// What a right password leads to for a staff account: nothing more (no two-factor, no policy past its
// grace period: the sign-in answer of spec §2), or a challenge for the second step. The challenge is
// random, single use, short-lived and stored hashed; it travels in the answer's body only.
import type { SignInChallenge } from '@shared/contract';
import { randomToken, sha256 } from '@server/auth/tokens';
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import type { UserRow } from '@server/db/schema';
import { unauthorized } from '@server/http/errors';
import { enrolDeadline, readPolicy } from './policy';
import { claimChallenge, findChallenge, findTwoFactor, insertChallenge } from './queries';

const TTL_SECONDS: Record<SignInChallenge['two_factor'], number> = {
  verify: 5 * 60,
  // scanning a QR code and finding the phone take longer
  enrol: 15 * 60,
};

export const SIGN_IN_EXPIRED = 'This sign-in has expired. Please sign in again.';

async function issueChallenge(ctx: AppContext, userId: number, kind: SignInChallenge['two_factor']): Promise<SignInChallenge> {
  const challenge = randomToken();
  const expiresIn = TTL_SECONDS[kind];
  await insertChallenge(ctx.db, userId, sha256(challenge), kind, new Date(Date.now() + expiresIn * 1000).toISOString());
  return { two_factor: kind, challenge, expires_in: expiresIn };
}

/** The second step a staff member's sign-in waits for, or null when the password was enough. */
export async function signInStep(ctx: AppContext, user: UserRow): Promise<SignInChallenge | null> {
  if ((await findTwoFactor(ctx.db, user.id))?.enabled_at) return issueChallenge(ctx, user.id, 'verify');
  const deadline = enrolDeadline(await readPolicy(ctx.db));
  if (deadline && deadline <= now()) return issueChallenge(ctx, user.id, 'enrol');
  return null;
}

export const isSignInChallenge = (answer: object): answer is SignInChallenge => 'challenge' in answer;

/** The challenge of that text and kind, still usable; a 401 otherwise. */
export async function openChallenge(ctx: AppContext, token: string, kind: SignInChallenge['two_factor']) {
  const row = await findChallenge(ctx.db, sha256(token));
  if (!row || row.kind !== kind || row.used_at || row.expires_at <= now()) throw unauthorized(SIGN_IN_EXPIRED);
  return row;
}

/** Uses the challenge up (after its code was right); a 401 when a concurrent call used it first. */
export async function useChallenge(ctx: AppContext, id: number): Promise<void> {
  if (!(await claimChallenge(ctx.db, id))) throw unauthorized(SIGN_IN_EXPIRED);
}
