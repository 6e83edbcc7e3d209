// Live updates (issue 35): the event stream GET /api/events over real HTTP (the app listening on a port,
// read with fetch as the admin reads it). A colleague's save arrives as a change naming the record, its
// kind, the action and who made it; a Sub-Admin hears only what it may read; a stream ends with its
// session; a reconnect with Last-Event-ID is told what it missed; an edit dialog's presence reaches the
// others; two servers on one PostgreSQL hear each other's changes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { startReplicaSync } from '@server/replicas/sync';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';
import { changeOf, isChangeTo, openStream, type OpenStream } from '../support/live';

const SUB = { email: 'live-sub@example.com', password: 'Str0ng@Pass' };

const baseOf = (t: Pick<TestApp, 'app'>) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const created = (res: { statusCode: number; body: string; json: () => { data: { id?: number; data?: { id: number }; created?: { id: number }[] } } }) => {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json().data;
  return Number(body.id ?? body.data?.id ?? body.created?.[0]?.id);
};

describe.each(dialects)('live updates on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let sub: { token: string; refresh_token: string };
  const streams: OpenStream[] = [];
  const open = async (token: string, lastEventId?: number) => {
    const s = await openStream(base, token, lastEventId);
    streams.push(s);
    return s;
  };
  const as = (token: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const newTag = async (token: string, name: string) => created(await as(token, '/api/tag/create', { name, status: 'Active' }));
  let owner: number;
  let spot: number;
  const newPost = async (title: string) =>
    created(await as(admin, '/api/post/createUpdateAdminPost', { user_id: owner, title, itinerary_date: '2026-06-01 10:00:00', type: 'post', spotData: [{ id: spot }] }));

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseOf(t);
    await createUser(t, { ...SUB, user_type: 'Sub-Admin', name: 'Aylin Kaya', permissions: ['Tags-list'] });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    sub = await loginAs(t, SUB.email, SUB.password);
    owner = await createUser(t, { email: 'live-owner@example.com', password: 'Str0ng@Pass', user_type: 'User', name: 'Deniz' });
    spot = created(await as(admin, '/api/spot', { name: 'Kız Kulesi', status: 'Active', latitude: 41.021, longitude: 29.004, address: 'Üsküdar' }));
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  it('refuses a stream without a token, in the envelope', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Invalid access_token');
  });

  it("tells a colleague's save to an open stream: the record, its kind, the action and who made it", async () => {
    const stream = await open(admin);
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'ready');
    const tag = await newTag(sub.token, 'canlı');
    const made = changeOf(await stream.next(isChangeTo('tag')));
    expect(made).toMatchObject({ resource: 'tag', ids: [String(tag)], action: 'create', by: { name: 'Aylin Kaya' } });
    expect(await as(sub.token, '/api/tag/update', { id: tag, name: 'canlı yayın', status: 'Active' })).toMatchObject({ statusCode: 200 });
    const saved = changeOf(await stream.next((e) => isChangeTo('tag')(e) && changeOf(e).action === 'update'));
    expect(saved).toMatchObject({ ids: [String(tag)], by: { name: 'Aylin Kaya' } });
    expect(saved.id).toBeGreaterThan(made.id);
  });

  it('gives a Sub-Admin without Post-list no post events, and its own kinds', async () => {
    const stream = await open(sub.token);
    await stream.next((e) => e.event === 'ready');
    const adminStream = await open(admin);
    await adminStream.next((e) => e.event === 'ready');
    const post = await newPost('Boğaz turu');
    const tag = await newTag(admin, 'sonra');
    // the tag came after the post: by then the post's event would have come too
    await stream.next((e) => isChangeTo('tag')(e) && changeOf(e).ids?.[0] === String(tag));
    expect(stream.events.filter((e) => e.event === 'change').map((e) => changeOf(e).resource)).toEqual(['tag']);
    // the Admin hears both
    expect(changeOf(await adminStream.next(isChangeTo('post'))).ids).toEqual([String(post)]);
  });

  it('tells a reconnecting stream what it missed after its Last-Event-ID', async () => {
    const first = await open(admin);
    const ready = await first.next((e) => e.event === 'ready');
    first.close();
    const tag = await newTag(admin, 'kaçırılan');
    const again = await open(admin, Number(ready.lastEventId));
    const missed = changeOf(await again.next(isChangeTo('tag')));
    expect(missed).toMatchObject({ ids: [String(tag)], action: 'create' });
  });

  it("tells the others who opened a record's edit dialog, and when it closed", async () => {
    const tag = await newTag(admin, 'düzenlenen');
    const stream = await open(sub.token);
    await stream.next((e) => e.event === 'ready');
    const opened = await as(admin, '/api/events/editing', { resource: 'tag', id: tag, editing: true });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.editing).toEqual([]);
    const editing = JSON.parse((await stream.next((e) => e.event === 'editing')).data);
    expect(editing).toMatchObject({ resource: 'tag', id: String(tag), by: { name: 'Admin' } });
    expect(editing.until).toBeGreaterThan(Date.now());
    // the Sub-Admin opens the same dialog: told the Admin is editing it
    const second = await as(sub.token, '/api/events/editing', { resource: 'tag', id: tag, editing: true });
    expect(second.json().data.editing.map((p: { by: { name: string } }) => p.by.name)).toEqual(['Admin']);
    await as(admin, '/api/events/editing', { resource: 'tag', id: tag, editing: false });
    const closed = await stream.next((e) => e.event === 'editing' && JSON.parse(e.data).until === 0);
    expect(JSON.parse(closed.data).id).toBe(String(tag));
    // a post's dialog is not the Sub-Admin's to announce
    const refused = await as(sub.token, '/api/events/editing', { resource: 'post', id: 1, editing: true });
    expect(refused.statusCode).toBe(403);
  });

  it('ends the stream when its session ends (sign-out)', async () => {
    const session = await loginAs(t, SUB.email, SUB.password);
    const stream = await open(session.token);
    await stream.next((e) => e.event === 'ready');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.token), payload: { refresh_token: session.refresh_token } });
    expect(out.statusCode).toBe(200);
    await stream.ended;
    // and it cannot be opened again with that token
    expect((await fetch(`${base}/api/events`, { headers: bearer(session.token) })).status).toBe(401);
  });
});

// Two servers on one PostgreSQL (stateless replicas, README "Deployment"), each relaying its writes and
// live changes (replicas/sync.ts): a change saved on one reaches a stream open on the other.
describe.skipIf(!process.env.TEST_DATABASE_URL)('live updates across two replicas (postgres)', () => {
  const jwtSecret = 'live-replicas-shared-secret-0123456789abcdef';
  let one: TestApp;
  let two: TestApp;
  const closers: (() => Promise<unknown> | void)[] = [];

  beforeAll(async () => {
    one = await startTestApp('postgres', { jwtSecret });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-live-two-'));
    const built = await buildApp(loadConfig({}, { ...one.config, dataDir }), { declared: one.declared, logger: false });
    two = { ...one, ...built, dataDir, close: async () => void (await built.app.close(), fs.rmSync(dataDir, { recursive: true, force: true })) };
    for (const server of [one, two]) {
      const sync = await startReplicaSync(server.database, { databaseUrl: server.config.databaseUrl, tokens: server.ctx.tokens, log: server.app.log, live: server.ctx.live });
      expect(sync.listening).toBe(true);
      closers.push(() => sync.close());
      await server.app.listen({ port: 0, host: '127.0.0.1' });
    }
  });
  afterAll(async () => {
    for (const close of closers) await close();
    // fetch opens a spare connection after an aborted stream, on which no request ever comes: Node's
    // server.close() waits for such a one until its headers timeout
    for (const server of [one, two]) server?.app.server.closeAllConnections();
    await two?.close();
    await one?.close();
  });

  it("each server's streams hear the other's changes", async () => {
    const token = (await loginAs(one, ADMIN.email, ADMIN.password)).token;
    const onTwo = await openStream(baseOf(two), token);
    const onOne = await openStream(baseOf(one), token);
    await onTwo.next((e) => e.event === 'ready');
    await onOne.next((e) => e.event === 'ready');
    const res = await one.app.inject({ method: 'POST', url: '/api/tag/create', headers: bearer(token), payload: { name: 'iki sunucu', status: 'Active' } });
    const tag = created(res);
    expect(changeOf(await onTwo.next(isChangeTo('tag'))).ids).toEqual([String(tag)]);
    const back = await two.app.inject({ method: 'POST', url: '/api/tag/update', headers: bearer(token), payload: { id: tag, name: 'iki sunucu bir', status: 'Active' } });
    expect(back.statusCode).toBe(200);
    expect(changeOf(await onOne.next((e) => isChangeTo('tag')(e) && changeOf(e).action === 'update')).ids).toEqual([String(tag)]);
    // the reloaded list on the other server already shows it (its kept answer was forgotten first)
    const list = await one.app.inject({ method: 'GET', url: `/api/tag?ids=${tag}`, headers: bearer(token) });
    expect(list.json().data.data[0].name).toBe('iki sunucu bir');
    onOne.close();
    onTwo.close();
  });
});
