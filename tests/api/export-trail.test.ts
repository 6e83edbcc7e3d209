// Exports leave a trace (issue 31 §1.6): each CSV export is an entry of the audit trail, who exported
// which list with which search and filters, and how many rows it sent, written when the file ends, and
// when the client leaves early, with the rows sent until then. Read back as an Admin reads the trail.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';
import { parseCsv } from '../support/csv';

const PASSWORD = 'Str0ng@Pass';
type Change = { field: string; after: unknown };
type Entry = { action: string; entity: string; entity_id: string | null; actor: { id: number; name: string } | null; changes: Change[]; ip?: string | null; user_agent?: string | null };
/** The exporting browser (issue 31 §1.11: an export entry says where it came from). */
const AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

describe.each(dialects)('exports in the audit trail on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let exporter: { token: string; id: number };

  /** The trail's export entries, newest first, as the Admin's /audit screen reads them. */
  const exportEntries = async () => {
    const res = await t.app.inject({ url: '/api/audit?filter=export&limit=100', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.data as Entry[]).filter((e) => e.action === 'export');
  };
  const detail = (entry: Entry) => Object.fromEntries(entry.changes.map((c) => [c.field, c.after]));

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    const id = await createUser(t, { email: 'exporter@example.com', password: PASSWORD, user_type: 'Sub-Admin', name: 'Export Person', permissions: ['User-list', 'Post-list'] });
    exporter = { token: (await loginAs(t, 'exporter@example.com', PASSWORD)).token, id };
    for (let i = 0; i < 4; i++) await createUser(t, { email: `walker${i}@example.com`, password: PASSWORD, user_type: 'User', name: `Walker ${i}` });
  });
  afterAll(async () => t?.close());

  it('records who exported which list, with the search, the filters and the row count', async () => {
    const order = JSON.stringify({ direction: 'ASC', name: 'name', type: 'default' });
    const res = await t.app.inject({
      url: `/api/user?user_type=User&format=csv&filter=walker&order=${encodeURIComponent(order)}&page=2&limit=10`,
      headers: { ...bearer(exporter.token), 'user-agent': AGENT },
    });
    expect(res.statusCode).toBe(200);
    const [, ...lines] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(lines).toHaveLength(4);

    const [entry] = await exportEntries();
    expect(entry).toMatchObject({ action: 'export', entity: 'user', entity_id: null, actor: { id: exporter.id, name: 'Export Person' }, ip: '127.0.0.1', user_agent: AGENT });
    expect(detail(entry)).toMatchObject({ list: 'user', search: 'walker', rows: 4, complete: true });
    // the filters as the trail shows a value: its JSON (page and limit shape no export: left out)
    expect(JSON.parse(String(detail(entry).filters))).toEqual({ user_type: 'User', order });

    // every export is one entry: an empty one too, and the trail's own
    await t.app.inject({ url: '/api/user?user_type=User&format=csv&filter=nobody-is-called-this', headers: bearer(exporter.token) });
    await t.app.inject({ url: '/api/audit?format=csv', headers: bearer(admin) });
    const [trail, empty] = await exportEntries();
    expect(detail(empty)).toMatchObject({ list: 'user', search: 'nobody-is-called-this', rows: 0, complete: true });
    expect(trail).toMatchObject({ entity: 'audit', actor: { name: 'Admin' } });
    expect(detail(trail).rows).toBeGreaterThan(0);
    // a JSON page is no export
    await t.app.inject({ url: '/api/user?user_type=User', headers: bearer(exporter.token) });
    expect(await exportEntries()).toHaveLength(3);
  });

  it('records an export the client left early, with the rows sent until then', async () => {
    // posts of 2 KB: the file (6 MB) is far larger than what the sockets hold
    const { id: author } = await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'walker0@example.com').executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    const ROWS = 3000;
    for (let i = 0; i < ROWS; i += 500) {
      const batch = Array.from({ length: 500 }, (_, j) => ({ type: 'post', user_id: author, title: `Long post ${i + j}`, description: 'x'.repeat(2000), latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp, updated_at: stamp, deleted_at: null }));
      await t.ctx.db.insertInto('posts').values(batch).execute();
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = (await exportEntries()).length;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/api/post?type=post&format=csv', headers: { ...bearer(exporter.token), 'user-agent': AGENT } }, resolve).on('error', reject);
    });
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => res.once('data', resolve));
    res.destroy();

    // written once the server sees the client gone
    const entry = await vi.waitFor(
      async () => {
        const entries = await exportEntries();
        expect(entries.length).toBe(before + 1);
        return entries[0];
      },
      { timeout: 15_000, interval: 100 },
    );
    // written after the request's own work, still with where it came from
    expect(entry).toMatchObject({ entity: 'post', actor: { id: exporter.id }, ip: '127.0.0.1', user_agent: AGENT });
    const { rows, complete, list } = detail(entry) as { rows: number; complete: boolean; list: string };
    expect({ list, complete }).toEqual({ list: 'post', complete: false });
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(ROWS);
  });
});
