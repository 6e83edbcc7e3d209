// What the two-factor calls answer, for the OpenAPI document (the types of src/shared/contract.ts are
// what the admin reads; the assignments below keep both alike).
import { z } from 'zod';
import type { TwoFactorPolicy, TwoFactorSetup, TwoFactorStatus } from '@shared/contract';
import { type Alike, answerOf, type Same, whole } from '@server/http/answers';
import { session } from '../auth/answers';

const setup = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
const status = z.object({ enabled: z.boolean(), recovery_codes_left: whole, required: z.boolean(), enrol_by: z.string().nullable() });
const policy = z.object({ required: z.boolean(), grace_days: whole, since: z.string().nullable() });
const recoveryCodes = z.array(z.string());

/** A new key: its QR code, its URI and its text. */
export const setupAnswer = answerOf(setup);
export const statusAnswer = answerOf(status);
export const policyAnswer = answerOf(policy);
/** The recovery codes, shown this once. */
export const recoveryCodesAnswer = answerOf(z.object({ recovery_codes: recoveryCodes }));
/** A session opened by an enrolment at sign-in, with its recovery codes. */
export const enrolledSessionAnswer = answerOf(session.extend({ recovery_codes: recoveryCodes }));

export type SetupAlike = Alike<Same<TwoFactorSetup, z.infer<typeof setup>>>;
export type StatusAlike = Alike<Same<TwoFactorStatus, z.infer<typeof status>>>;
export type PolicyAlike = Alike<Same<TwoFactorPolicy, z.infer<typeof policy>>>;
