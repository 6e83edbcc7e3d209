// Accounts, access and naming of issue 32 (findings m11, m12, m14, m29): what the API answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, latestMail, loginAs, resetTokenFromMail, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
const RESET_RULE = 'Password must be 8 characters long with at least one uppercase letter, one lowercase letter, one special character and one number.';

describe.each(dialects)('accounts on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    await createUser(t, { email: 'reset@example.com', password: PASSWORD, user_type: 'Sub-Admin' });
    await createUser(t, { email: 'manager@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['SubAdmin-list', 'User-list'] });
  });
  afterAll(async () => t.close());

  const addAccount = (token: string, payload: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/user', headers: bearer(token), payload });
  const checkLink = async (token: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token } });
    expect(res.statusCode).toBe(200);
    return res.json() as { message: string; data: { valid: boolean } };
  };
  const mailedToken = async (email: string) => {
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    return resetTokenFromMail(await latestMail(t))!;
  };

  it('m11: says whether a reset link still works without using it up', async () => {
    const token = await mailedToken('reset@example.com');
    expect((await checkLink(token)).data.valid).toBe(true);
    // asked twice, still usable: the check does not consume the link
    expect((await checkLink(token)).data.valid).toBe(true);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Brand9@NewPass' } });
    expect(reset.statusCode).toBe(200);
    const used = await checkLink(token);
    expect(used.data.valid).toBe(false);
    expect(used.message).toBe('This reset link is invalid or has expired.');
    expect((await checkLink('x'.repeat(43))).data.valid).toBe(false);
    // no token at all is a refusal in the envelope, not a 500
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The reset link is not valid.');
  });

  it('m12: the reset rule asks for the special character its message names', async () => {
    const token = await mailedToken('reset@example.com');
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Newpass123' } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(RESET_RULE);
    const good = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Newpass#123' } });
    expect(good.statusCode).toBe(200);
  });

  it('m29: Add Sub Admin sets the status and the permissions in one call', async () => {
    const res = await addAccount(admin, { name: 'Deniz Kaya', email: 'deniz@example.com', phone: '5321112233', user_type: 'Sub-Admin', status: 'Active', permissions: '["Spot-list","Tags-list"]' });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.data.id as number;
    const detail = (await t.app.inject({ url: `/api/user/login/${id}`, headers: bearer(admin) })).json().data.data;
    expect(detail.status).toBe('Active');
    expect([...detail.permissions].sort()).toEqual(['Spot-list', 'Tags-list']);
    // without a status it starts at the spec's 'Request Pending'
    const plain = await addAccount(admin, { name: 'Ece Demir', email: 'ece@example.com', phone: '5321112234', user_type: 'Sub-Admin' });
    const plainDetail = (await t.app.inject({ url: `/api/user/login/${plain.json().data.data.id}`, headers: bearer(admin) })).json().data.data;
    expect(plainDetail.status).toBe('Request Pending');
    expect(plainDetail.permissions).toEqual([]);
  });

  it('m29: only an Admin grants permissions, and a status must be a sub-admin status', async () => {
    const manager = (await loginAs(t, 'manager@example.com', PASSWORD)).token;
    const granted = await addAccount(manager, { name: 'Can Er', email: 'can@example.com', phone: '5321112235', user_type: 'Sub-Admin', permissions: '["Spot-list"]' });
    expect(granted.statusCode).toBe(403);
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'can@example.com').executeTakeFirst()).toBeUndefined();
    const badStatus = await addAccount(admin, { name: 'Can Er', email: 'can@example.com', phone: '5321112235', user_type: 'Sub-Admin', status: 'Pending' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe('Status is required');
  });

  it('m14: a number written with +code, spaces and dashes is stored as code and digits, and listed with its code', async () => {
    const typed = await addAccount(admin, { name: 'Mert Aydin', email: 'mert@example.com', phone: '+90 532 123-4567', user_type: 'User', password: PASSWORD, status: 'Pending' });
    expect(typed.statusCode).toBe(200);
    const picked = await addAccount(admin, { name: 'Lena Meier', email: 'lena@example.com', phone: '(044) 668 18 00', country_code: '+41', user_type: 'User', password: PASSWORD, status: 'Pending' });
    expect(picked.statusCode).toBe(200);
    const rows = await t.ctx.db.selectFrom('users').select(['email', 'phone', 'country_code']).where('email', 'in', ['mert@example.com', 'lena@example.com']).orderBy('email').execute();
    expect(rows).toEqual([
      { email: 'lena@example.com', phone: '0446681800', country_code: '+41' },
      { email: 'mert@example.com', phone: '5321234567', country_code: '+90' },
    ]);
    const list = (await t.app.inject({ url: '/api/user?user_type=User&filter=mert', headers: bearer(admin) })).json().data.data;
    expect(list[0]).toMatchObject({ phone: '5321234567', country_code: '+90' });
    const bad = await addAccount(admin, { name: 'Lena Meier', email: 'lena2@example.com', phone: '0446681800', country_code: '41a', user_type: 'User', password: PASSWORD, status: 'Pending' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Phone number is not valid');
  });
});
