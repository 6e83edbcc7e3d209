// The guard keeps the accounts it reads for a moment (src/server/auth/guard.ts): whatever changes who a
// person is or what they may do still takes effect on the very next call, however many calls the account
// has just answered. Each case signs a Sub-Admin in, makes calls until the account is surely kept, makes
// the change, and expects the very next call refused (or, for a grant, allowed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINCIPAL_TTL_MS } from '@server/auth/guard';
import { openDatabase } from '@server/db/index';
import { RIGHTS_HEADER, rightsStamp } from '@shared/roles';
import { ADMIN, bearer, createUser, dialects, loginAs, multipart, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

describe.each(dialects)('the guard’s kept accounts on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  let n = 0;
  /** A Sub-Admin holding `permissions`, signed in, whose account the guard now keeps (three calls answered). */
  const warmSubAdmin = async (permissions = ['User-list']) => {
    const email = `kept${++n}@example.com`;
    const id = await createUser(t, { email, password: PASSWORD, user_type: 'Sub-Admin', permissions, name: 'Kept Person' });
    const session = await loginAs(t, email, PASSWORD);
    const expected = permissions.includes('User-list') ? 200 : 403;
    for (let i = 0; i < 3; i++) expect((await listUsers(session.token)).statusCode).toBe(expected);
    return { id, email, ...session };
  };
  const listUsers = (token: string) => t.app.inject({ method: 'GET', url: '/api/user?user_type=User', headers: bearer(token) });
  const updateUser = (fields: Record<string, string | number>) =>
    t.app.inject({ method: 'POST', url: '/api/user/update-user', headers: bearer(admin), payload: { name: 'Kept Person', status: 'Active', ...fields } });

  describe('sign-out (the end of every session of the person)', () => {
    it('as the server ends them: the next call is a 401', async () => {
      const p = await warmSubAdmin();
      await t.ctx.tokens.endSessions(p.id);
      const next = await listUsers(p.token);
      expect(next.statusCode).toBe(401);
      expect(next.json().message).toBe('Invalid access_token');
    });

    it('by a new password of one’s own: the old token is refused at once, the new one works', async () => {
      const p = await warmSubAdmin();
      const body = await multipart({ name: 'Kept Person', password: 'N3w@Password', current_password: PASSWORD });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/user/update', headers: { ...bearer(p.token), ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(200);
      expect((await listUsers(p.token)).statusCode).toBe(401);
      expect((await listUsers(res.json().data.token)).statusCode).toBe(200);
    });

    it('by an Admin setting the password', async () => {
      const p = await warmSubAdmin();
      expect((await updateUser({ id: p.id, password: 'Other@1234' })).statusCode).toBe(200);
      expect((await listUsers(p.token)).statusCode).toBe(401);
    });
  });

  describe('blocking a Sub-Admin', () => {
    it('by the edit form', async () => {
      const p = await warmSubAdmin();
      expect((await updateUser({ id: p.id, status: 'Inactive' })).statusCode).toBe(200);
      expect((await listUsers(p.token)).statusCode).toBe(401);
    });

    it('by the bulk menu', async () => {
      const p = await warmSubAdmin();
      const bulk = await t.app.inject({ method: 'POST', url: '/api/user/bulk-action', headers: bearer(admin), payload: { user_ids: [p.id], action: 'inactive' } });
      expect(bulk.json().data.succeedUserIds).toEqual([p.id]);
      expect((await listUsers(p.token)).statusCode).toBe(401);
    });

    it('by a write that does not end the sessions (a transaction of the app): the list is closed at once', async () => {
      const p = await warmSubAdmin();
      await t.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ status: 'Inactive' }).where('id', '=', p.id).execute();
      });
      // still signed in, but an Inactive Sub-Admin reaches its profile only
      expect((await listUsers(p.token)).statusCode).toBe(403);
    });

    it('by deleting the account', async () => {
      const p = await warmSubAdmin();
      expect((await t.app.inject({ method: 'DELETE', url: `/api/user/delete/${p.id}`, headers: bearer(admin) })).statusCode).toBe(200);
      expect((await listUsers(p.token)).statusCode).toBe(401);
    });
  });

  describe('changing a Sub-Admin’s permissions', () => {
    it('withdrawn by the edit form: the next call is refused, the session kept for the rights left', async () => {
      const p = await warmSubAdmin(['User-list', 'Tags-list']);
      expect((await updateUser({ id: p.id, permissions: '["Tags-list"]' })).statusCode).toBe(200);
      expect((await listUsers(p.token)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/tag', headers: bearer(p.token) })).statusCode).toBe(200);
    });

    it('granted by the edit form: the same token opens the list at once', async () => {
      const p = await warmSubAdmin(['Tags-list']);
      expect((await updateUser({ id: p.id, permissions: '["Tags-list","User-list"]' })).statusCode).toBe(200);
      expect((await listUsers(p.token)).statusCode).toBe(200);
    });

    it('withdrawn by a write that does not end the sessions: refused at once', async () => {
      const p = await warmSubAdmin();
      await t.ctx.db.deleteFrom('user_permissions').where('user_id', '=', p.id).execute();
      expect((await listUsers(p.token)).statusCode).toBe(403);
    });
  });

  describe('the rights each answer names (X-Access-Rights: the admin reads them afresh when they change, without a sign-out)', () => {
    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const stampOf = (permissions: string[]) => rightsStamp({ role: 'Sub-Admin', status: 'Active', permissions });

    it('names the caller’s rights as the guard read them, an Admin’s as its role, nobody’s none', async () => {
      const p = await warmSubAdmin(['Tags-list']);
      expect((await get('/api/tag', p.token)).headers[RIGHTS_HEADER]).toBe(stampOf(['Tags-list']));
      expect((await get('/api/tag', admin)).headers[RIGHTS_HEADER]).toBe('Admin');
      expect((await t.app.inject({ method: 'GET', url: '/api/tag' })).headers[RIGHTS_HEADER]).toBeUndefined();
    });

    it('a grant: the same token’s next answer names it, and the session answer holds it', async () => {
      const p = await warmSubAdmin(['Tags-list']);
      expect((await updateUser({ id: p.id, permissions: '["Tags-list","Categories-list"]' })).statusCode).toBe(200);
      const next = await get('/api/tag', p.token);
      expect(next.statusCode).toBe(200);
      expect(next.headers[RIGHTS_HEADER]).toBe(stampOf(['Tags-list', 'Categories-list']));
      expect((await get('/api/category', p.token)).statusCode).toBe(200);
      expect((await get('/api/auth/access-token', p.token)).json().data.user.permissions.sort()).toEqual(['Categories-list', 'Tags-list']);
    });

    it('a withdrawal that keeps the session: refused at once, the refusal naming the rights left', async () => {
      const p = await warmSubAdmin(['Tags-list', 'Categories-list']);
      const categories = await t.ctx.db.selectFrom('permissions').select('id').where('name', '=', 'Categories-list').executeTakeFirstOrThrow();
      await t.ctx.db.deleteFrom('user_permissions').where('user_id', '=', p.id).where('permission_id', '=', categories.id).execute();
      const refused = await get('/api/category', p.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers[RIGHTS_HEADER]).toBe(stampOf(['Tags-list']));
    });
  });

  it('a call under way while the change happens answers as it found the account; the next one sees the change', async () => {
    const p = await warmSubAdmin();
    const during = Array.from({ length: 10 }, () => listUsers(p.token));
    const change = updateUser({ id: p.id, status: 'Inactive' });
    const answers = await Promise.all(during);
    expect((await change).statusCode).toBe(200);
    for (const a of answers) expect([200, 401]).toContain(a.statusCode);
    expect((await listUsers(p.token)).statusCode).toBe(401);
  });

  it('sees a change made by another connection (another process) within PRINCIPAL_TTL_MS', async () => {
    const p = await warmSubAdmin();
    const other = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.dataDir });
    try {
      await other.db.updateTable('users').set({ status: 'Inactive' }).where('id', '=', p.id).execute();
    } finally {
      await other.close();
    }
    await new Promise((resolve) => setTimeout(resolve, PRINCIPAL_TTL_MS + 50));
    expect((await listUsers(p.token)).statusCode).toBe(403);
  });
});
