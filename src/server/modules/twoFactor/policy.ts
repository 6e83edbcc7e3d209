// The Admin's staff policy: two-factor sign-in for every staff member, with a grace period for enrolling.
// Kept in the settings table as JSON. Once the grace period is over, a staff member without two-factor
// who signs in gets no session: the password step answers an enrolment challenge, and the session opens
// only when the new key's first code is right (signInStep.ts). Within the grace period nothing changes
// at sign-in; My Profile says by when to enrol.
import type { Kysely } from 'kysely';
import type { TwoFactorPolicy } from '@shared/contract';
import type { PolicyInput } from '@shared/validation/twoFactor';
import { now } from '@server/db/index';
import type { Database } from '@server/db/schema';
import { readSetting, writeSetting } from './queries';

const KEY = 'two_factor_policy';
const OFF: TwoFactorPolicy = { required: false, grace_days: 7, since: null };
const DAY_MS = 24 * 3600 * 1000;

export async function readPolicy(db: Kysely<Database>): Promise<TwoFactorPolicy> {
  const stored = await readSetting(db, KEY);
  if (!stored) return OFF;
  const value = JSON.parse(stored) as Partial<TwoFactorPolicy>;
  return { required: value.required === true, grace_days: Number(value.grace_days ?? OFF.grace_days), since: value.since ?? null };
}

/** Saves the policy; the grace period counts from when it was first switched on. */
export async function savePolicy(db: Kysely<Database>, input: PolicyInput): Promise<{ before: TwoFactorPolicy; after: TwoFactorPolicy }> {
  const before = await readPolicy(db);
  const after: TwoFactorPolicy = {
    required: input.required,
    grace_days: input.grace_days,
    since: input.required ? (before.required && before.since ? before.since : now()) : null,
  };
  await writeSetting(db, KEY, JSON.stringify(after));
  return { before, after };
}

/** When staff must have enrolled by (ISO), or null when the policy is off. */
export function enrolDeadline(policy: TwoFactorPolicy): string | null {
  if (!policy.required || !policy.since) return null;
  return new Date(Date.parse(policy.since) + policy.grace_days * DAY_MS).toISOString();
}
