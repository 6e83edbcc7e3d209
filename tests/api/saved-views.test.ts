// Saved views of the lists (issue 35): saved on the server under a name, for oneself or (an Admin) shared
// with all staff; a Sub-Admin sees their own and the shared ones, of the lists they may open; every change
// is audited, and a refused one leaves nothing behind.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEntriesRefused } from '../support/refusedEntries';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
const STATE = { filter: { q: 'lake', status: 'Active', category_id: [3, 4], created: { gte: '2026-01-01' } }, sort: { field: 'title', order: 'ASC' }, perPage: 20, columns: null };

describe.each(dialects)('saved views on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let poster: string;
  let tagger: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    await createUser(t, { email: 'poster@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Post-list'], name: 'Pia Poster' });
    await createUser(t, { email: 'tagger@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Tags-list'], name: 'Tom Tagger' });
    poster = (await loginAs(t, 'poster@example.com', PASSWORD)).token;
    tagger = (await loginAs(t, 'tagger@example.com', PASSWORD)).token;
  });
  afterAll(async () => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const namesOf = async (token: string, resource: string) =>
    ((await call(token, 'GET', `/api/views?resource=${resource}`)).json().data.data as { name: string }[]).map((v) => v.name);
  const entries = (action: string) =>
    t.ctx.db.selectFrom('audit_log').select(['actor_id', 'entity', 'entity_id', 'detail']).where('action', '=', action).orderBy('id').execute();

  it('saves, lists, reads, renames, saves over and deletes a view of its owner, each change audited', async () => {
    const created = await call(poster, 'POST', '/api/views', { resource: 'post', name: '  Lakes A-Z ', state: STATE });
    expect(created.statusCode).toBe(200);
    const view = created.json().data.data;
    expect(created.json().message).toBe('The view "Lakes A-Z" has been saved.');
    // any filter value comes back as it was saved
    expect(view).toMatchObject({ resource: 'post', name: 'Lakes A-Z', state: STATE, shared: false, mine: true, editable: true, owner_name: 'Pia Poster' });
    expect(await namesOf(poster, 'post')).toEqual(['Lakes A-Z']);
    expect((await call(poster, 'GET', `/api/views/${view.id}`)).json().data.data.state).toEqual(STATE);

    const renamed = await call(poster, 'POST', `/api/views/${view.id}`, { name: 'Lakes' });
    expect(renamed.json().data.data).toMatchObject({ name: 'Lakes', state: STATE });
    const later = { ...STATE, sort: { field: 'id', order: 'DESC' }, perPage: 50 };
    expect((await call(poster, 'POST', `/api/views/${view.id}`, { state: later })).json().data.data.state).toEqual(later);

    const removed = await call(poster, 'DELETE', `/api/views/${view.id}`);
    expect(removed.json()).toMatchObject({ status: 200, message: 'The view "Lakes" has been deleted.' });
    expect(await namesOf(poster, 'post')).toEqual([]);

    const [made] = await entries('saved_view.create');
    expect(made).toMatchObject({ entity: 'saved_view', entity_id: String(view.id) });
    expect(JSON.parse(made.detail!)).toEqual({ resource: 'post', name: 'Lakes A-Z', shared: false });
    const updates = await entries('saved_view.update');
    expect(updates).toHaveLength(2);
    expect(JSON.parse(updates[0].detail!).changes).toEqual([{ field: 'name', before: 'Lakes A-Z', after: 'Lakes' }]);
    expect(JSON.parse((await entries('saved_view.delete'))[0].detail!)).toMatchObject({ name: 'Lakes' });
  });

  it('refuses a name the owner already gave a view of that list (409 naming it), not another list or person', async () => {
    const save = (token: string, resource: string, name: string) => call(token, 'POST', '/api/views', { resource, name, state: STATE });
    expect((await save(poster, 'post', 'Mine')).statusCode).toBe(200);
    const again = await save(poster, 'post', 'Mine');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, message: 'You already have a view named "Mine" for this list: choose another name.' });
    expect((await save(admin, 'post', 'Mine')).statusCode).toBe(200);
    expect((await save(poster, 'itinerary', 'Mine')).statusCode).toBe(403);
    const other = (await save(poster, 'post', 'Other')).json().data.data.id;
    expect((await call(poster, 'POST', `/api/views/${other}`, { name: 'Mine' })).statusCode).toBe(409);
    expect(await namesOf(poster, 'post')).toEqual(['Mine', 'Other']);
  });

  it('lets only an Admin share; a Sub-Admin sees shared views of the lists it may open only', async () => {
    const own = (await call(poster, 'POST', '/api/views', { resource: 'post', name: 'Private', state: STATE })).json().data.data.id;
    const refused = await call(poster, 'POST', '/api/views', { resource: 'post', name: 'For all', state: STATE, shared: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an Admin may share a view, or change or delete a shared one.');
    expect((await call(poster, 'POST', `/api/views/${own}`, { shared: true })).statusCode).toBe(403);

    const shared = (await call(admin, 'POST', '/api/views', { resource: 'post', name: 'Team posts', state: STATE, shared: true })).json().data.data;
    const adminsOwn = (await call(admin, 'POST', '/api/views', { resource: 'post', name: 'Admin only', state: STATE })).json().data.data.id;
    expect(shared.shared).toBe(true);
    const seen = (await call(poster, 'GET', '/api/views?resource=post')).json().data.data as { name: string; mine: boolean; editable: boolean }[];
    expect(seen.find((v) => v.name === 'Team posts')).toMatchObject({ mine: false, editable: false });
    expect(seen.map((v) => v.name)).not.toContain('Admin only');
    // not the Sub-Admin's to change
    expect((await call(poster, 'POST', `/api/views/${shared.id}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await call(poster, 'DELETE', `/api/views/${shared.id}`)).statusCode).toBe(403);
    // another person's private view, or a view of a list one may not open, is as if it did not exist
    for (const id of [adminsOwn, 999_999]) {
      const gone = await call(poster, 'GET', `/api/views/${id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe('This view does not exist, or it is not yours to see.');
    }
    expect((await call(tagger, 'GET', `/api/views/${shared.id}`)).json()).toMatchObject({ status: 404, message: 'This view does not exist, or it is not yours to see.' });
    expect((await call(tagger, 'DELETE', `/api/views/${shared.id}`)).statusCode).toBe(404);
    expect((await call(tagger, 'GET', '/api/views?resource=post')).statusCode).toBe(403);
    expect(await namesOf(tagger, 'tag')).toEqual([]);

    // the Admin unshares it: it is the Admin's own again
    expect((await call(admin, 'POST', `/api/views/${shared.id}`, { shared: false })).json().data.data.shared).toBe(false);
    expect(await namesOf(poster, 'post')).not.toContain('Team posts');
    const unshare = (await entries('saved_view.update')).at(-1)!;
    expect(JSON.parse(unshare.detail!).changes).toEqual([{ field: 'shared', before: true, after: false }]);
  });

  it('refuses bad input with a 4xx naming the problem, and writes nothing', async () => {
    const before = await t.ctx.db.selectFrom('saved_views').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const bad: [object, RegExp][] = [
      [{ resource: 'nothing', name: 'x', state: STATE }, /./],
      [{ resource: 'post', name: '   ', state: STATE }, /Please give the view a name\./],
      [{ resource: 'post', name: 'x'.repeat(61), state: STATE }, /at most 60 characters/],
      [{ resource: 'post', name: 'x', state: { ...STATE, filter: { q: 'y'.repeat(5000) } } }, /holds too much/],
      [{ resource: 'post', name: 'x', state: { ...STATE, perPage: 7 } }, /./],
      [{ resource: 'post', name: 'x', state: { ...STATE, sort: { field: 'id', order: 'sideways' } } }, /./],
      [{ resource: 'post', name: 'x', state: 'filter=1' }, /./],
      [{ resource: 'post', name: 'bad\u0000name', state: STATE }, /./],
    ];
    for (const [payload, message] of bad) {
      const res = await call(admin, 'POST', '/api/views', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await call(admin, 'GET', '/api/views?resource=nothing')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/views')).statusCode).toBe(400);
    const after = await t.ctx.db.selectFrom('saved_views').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps nothing of a change whose audit entry cannot be written', async () => {
    const view = (await call(admin, 'POST', '/api/views', { resource: 'tag', name: 'Before', state: STATE })).json().data.data.id;
    await withEntriesRefused(t, dialect, 'saved_view', async () => {
      expect((await call(admin, 'POST', '/api/views', { resource: 'tag', name: 'Never', state: STATE })).statusCode).toBe(500);
      expect((await call(admin, 'POST', `/api/views/${view}`, { name: 'After' })).statusCode).toBe(500);
      expect((await call(admin, 'DELETE', `/api/views/${view}`)).statusCode).toBe(500);
    });
    expect(await namesOf(admin, 'tag')).toEqual(['Before']);
  });

  it('goes with its owner: a deleted account takes its views along', async () => {
    const id = await createUser(t, { email: 'leaver@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Post-list'] });
    const leaver = (await loginAs(t, 'leaver@example.com', PASSWORD)).token;
    expect((await call(leaver, 'POST', '/api/views', { resource: 'post', name: 'Soon gone', state: STATE })).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/user/delete/${id}`)).statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('saved_views').select('id').where('owner_id', '=', id).execute()).toEqual([]);
  });
});
