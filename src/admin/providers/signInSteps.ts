// The sign-in's steps as authProvider.login takes them: the password, then for an account with two-factor
// sign-in the code with the challenge the password step answered, or a session already opened (the
// enrolment the staff policy asks for at sign-in opens it, with the recovery codes to show first).
import type { LoginAnswer, LoginPayload, SignInChallenge } from '@shared/contract';
import { apiFetch } from './httpClient';

export type SignInParams = { email: string; password: string } | { challenge: string; code: string } | { session: LoginPayload };

/** Thrown by authProvider.login when the password was right and a second step follows: the sign-in page asks for it. */
export class SecondStepNeeded extends Error {
  constructor(readonly step: SignInChallenge) {
    super('two-factor sign-in');
  }
}

/** The server's answer to a step: a session, or the challenge of the second step. */
export async function signInAnswer(params: SignInParams): Promise<LoginAnswer> {
  if ('session' in params) return params.session;
  const [path, body] =
    'challenge' in params
      ? ['/auth/login/verify', { challenge: params.challenge, code: params.code }]
      : ['/auth/login', { email: params.email, password: params.password, is_web: '1' }];
  const { data } = await apiFetch<LoginAnswer>(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  return data;
}

/** The session a step opened; throws SecondStepNeeded when a second step follows. */
export async function signInSession(params: SignInParams): Promise<LoginPayload> {
  const answer = await signInAnswer(params);
  if ('challenge' in answer) throw new SecondStepNeeded(answer);
  return answer;
}
