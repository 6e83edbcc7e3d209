// The two-factor calls of the admin: the signed-in person's own second factor (My Profile), the Admin's
// staff policy and reset, and the enrolment the staff policy asks for at sign-in (no session yet: the
// challenge of the password step stands for it). Kept apart from the dataProvider: only the screens that
// use them load them.
import type { LoginPayload, TwoFactorPolicy, TwoFactorSetup, TwoFactorStatus } from '@shared/contract';
import { ensureFreshToken } from './authProvider';
import { apiFetch } from './httpClient';

const post = (value: unknown) => ({ method: 'POST', body: JSON.stringify(value), headers: { 'Content-Type': 'application/json' } });

async function call<T>(path: string, options?: Parameters<typeof apiFetch>[1]) {
  await ensureFreshToken();
  return apiFetch<T>(path, options);
}

export const twoFactorApi = {
  status: async () => (await call<TwoFactorStatus>('/auth/two-factor')).data,
  setup: async () => (await call<TwoFactorSetup>('/auth/two-factor/setup', post({}))).data,
  /** the recovery codes, shown once */
  enable: async (code: string) => (await call<{ recovery_codes: string[] }>('/auth/two-factor/enable', post({ code }))).data.recovery_codes,
  disable: async (proof: { code?: string; password?: string }) => (await call('/auth/two-factor/disable', post(proof))).message,
  policy: async () => (await call<TwoFactorPolicy>('/two-factor/policy')).data,
  savePolicy: async (policy: { required: boolean; grace_days: number }) => {
    const { data, message } = await call<TwoFactorPolicy>('/two-factor/policy', post(policy));
    return { policy: data, message };
  },
  reset: async (userId: number | string) => (await call(`/user/two-factor-reset/${encodeURIComponent(String(userId))}`, post({}))).message,
  /** enrolment at sign-in (staff policy): no session yet */
  setupAtSignIn: async (challenge: string) => (await apiFetch<TwoFactorSetup>('/auth/login/enrol', post({ challenge }))).data,
  confirmAtSignIn: async (challenge: string, code: string) =>
    (await apiFetch<LoginPayload & { recovery_codes: string[] }>('/auth/login/enrol/confirm', post({ challenge, code }))).data,
};
