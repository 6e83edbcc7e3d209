// The post lists' search by status (spec §2 placeholder 'Search for Title, Description and Status'; issue
// 32 m26): Active lists the live posts, Inactive (or hidden) the ones hidden by moderation, in English,
// Turkish and Arabic; through an index (migration 031) on both databases.
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

describe.each(dialects)('post status search on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect, { listCacheMs: 0 });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    const owner = await createUser(t, { email: 'poster@example.com', password: 'Str0ng@Pass', user_type: 'User', name: 'Deniz' });
    const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#aa3355' } }).png().toBuffer();
    for (const title of ['Kept on the list', 'An inactive volcano', 'Taken down']) {
      const form = new FormData();
      const row = { name: 'Etna', latitude: 37.75, longitude: 14.99, country: 'Italy', imageIndex: 0 };
      for (const [k, v] of Object.entries({ user_id: String(owner), title, type: 'post', itinerary_date: '2026-05-01 10:00:00', spotData: JSON.stringify([row]) })) form.append(k, v);
      form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'etna.png');
      const res = new Response(form);
      const saved = await t.app.inject({ method: 'POST', url: '/api/post/createUpdateAdminPost', payload: Buffer.from(await res.arrayBuffer()), headers: { ...bearer(admin), 'content-type': res.headers.get('content-type')! } });
      expect(saved.statusCode, saved.body).toBe(200);
      ids[title] = saved.json().data.id;
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/post/adminPostDelete/${ids['Taken down']}`, headers: bearer(admin) })).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  const titles = async (filter: string) => {
    const res = await t.app.inject({ url: `/api/post?type=post&filter=${encodeURIComponent(filter)}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json().data as { data: { title: string; deleted_at: string | null }[]; meta: { total: number } };
    expect(meta.total).toBe(data.length);
    return data.map((p) => p.title).sort();
  };

  it('finds the hidden posts by Inactive, hidden, Pasif, Gizli or غير نشط, and the live ones by Active, Aktif or نشط', async () => {
    for (const word of ['Inactive', 'hidden', 'PASİF', 'gizli', 'غير نشط', 'مخفي']) expect(await titles(word), word).toEqual(['Taken down']);
    for (const word of ['Active', 'aktif', 'نشط']) expect(await titles(word), word).toEqual(['An inactive volcano', 'Kept on the list']);
    // any other word still searches the text
    expect(await titles('volcano')).toEqual(['An inactive volcano']);
    const hidden = (await t.app.inject({ url: '/api/post?type=post&filter=Inactive', headers: bearer(admin) })).json().data.data[0];
    expect(hidden.deleted_at).toBeTruthy();
  });

  it('reads the hidden posts through their own index', async () => {
    if (dialect === 'postgres') {
      await sql`SET enable_seqscan = off`.execute(t.ctx.db);
      const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM posts WHERE type = 'post' AND deleted_at IS NOT NULL ORDER BY id DESC LIMIT 10`.execute(t.ctx.db);
      await sql`RESET enable_seqscan`.execute(t.ctx.db);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('posts_hidden_id');
    } else {
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM posts WHERE type = 'post' AND deleted_at IS NOT NULL ORDER BY id DESC LIMIT 10`.execute(t.ctx.db);
      expect(plan.rows.map((r) => r.detail).join('\n')).toContain('posts_hidden_id');
    }
  });
});
