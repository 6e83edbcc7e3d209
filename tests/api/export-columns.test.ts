// An export with the list's columns (issue 32 M3, p15): the admin names the columns of the list on screen,
// headed and worded in its language (src/shared/listColumns.ts, src/admin/components/exportColumns.ts), and
// the server writes each row as the list shows it (src/server/http/exportColumns.ts): the list's headers
// in Turkish or Arabic, Yes/No for flags, statuses and report types as words, dates as the list writes
// them, nested objects as the name the column shows, never JSON. The rows, their order and the export's
// audit entry stay what they were.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportLayoutOf } from '@admin/components/exportColumns';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { tr } from '@admin/i18n/tr';
import { formatDate, MAX_PAGE_SIZE } from '@shared/contract';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { listColumnsOf } from '@shared/listColumns';
import { ADMIN, bearer, createUser, dialects, loginAs, seedTestDemo, startTestApp, type TestApp } from '../support/api';
import { parseCsv } from '../support/csv';

const CATALOGUES = { en, tr, ar } as const;
type Language = keyof typeof CATALOGUES;
const PASSWORD = 'Str0ng@Pass';

/** The admin's translate in a language (react-admin's polyglot, as the admin builds it). */
function translator(language: Language) {
  const { translate } = polyglotI18nProvider(() => CATALOGUES[language], language);
  return (key: string, options?: Record<string, unknown>) => translate(key, options);
}

type Row = Record<string, unknown>;

describe.each(dialects)('exports with the list columns on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const get = (url: string) => t.app.inject({ url, headers: bearer(admin) });
  const listUrl = (resource: ResourceDeclaration, params: Record<string, string>) =>
    `/api${resource.api.list}?${new URLSearchParams({ ...resource.api.query, ...params }).toString()}`;

  async function jsonRows(resource: ResourceDeclaration): Promise<Row[]> {
    const rows: Row[] = [];
    for (let page = resource.api.pageBase; ; page++) {
      const res = await get(listUrl(resource, { page: String(page), limit: String(MAX_PAGE_SIZE) }));
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data.data as Row[];
      rows.push(...data);
      if (data.length < MAX_PAGE_SIZE) return rows;
    }
  }
  /** The list exported as the admin in `language` asks for it: header and lines. */
  async function exported(resource: ResourceDeclaration, language: Language) {
    const layout = exportLayoutOf(resource.name, translator(language), language);
    const res = await get(listUrl(resource, { format: 'csv', columns: JSON.stringify(layout) }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    return { header, lines, cell: (line: string[], source: string) => line[listColumnsOf(resource).findIndex((c) => c.source === source)] };
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    const rows = { users: 8, subAdmins: 3, spots: 8, posts: 8, itineraries: 6, categories: 4, tags: 4, reportCategories: 3, reports: 18, comments: 12, contentPages: 2 };
    await seedTestDemo(t, rows, PASSWORD, 5);
    const egyptian = await createUser(t, { email: 'nour@example.com', password: PASSWORD, user_type: 'User', name: 'نور الهدى' });
    await t.ctx.db.updateTable('users').set({ country_code: '+20', phone: '1001234567' }).where('id', '=', egyptian).execute();
  });
  afterAll(async () => t.close());

  it.each(['tr', 'ar'] as const)('writes every list with its own columns, headers and words in %s, never JSON', async (language) => {
    const translate = translator(language);
    for (const resource of RESOURCES) {
      const [json, csv] = [await jsonRows(resource), await exported(resource, language)];
      const columns = listColumnsOf(resource);
      expect(csv.header, resource.name).toEqual(columns.map((c) => translate(c.label, { smart_count: 1, _: c.label })));
      // the same rows, in the same order
      expect(csv.lines.length, resource.name).toBe(json.length);
      for (const line of csv.lines) {
        expect(line.length).toBe(columns.length);
        for (const cell of line) expect(cell, `${resource.name}: ${cell}`).not.toMatch(/^'?[[{]|"id":/);
      }
      json.forEach((row, i) => {
        const line = csv.lines[i];
        for (const column of columns) {
          const cell = csv.cell(line, column.source);
          const raw = row[column.source];
          // a status in words: a record's Active/Inactive, a report's own state (Pending/Resolved)
          if (column.source === 'status' && raw) expect(cell).toBe(translate(column.words?.[String(raw)] ?? `app.status.${String(raw)}`));
          if (column.shows === 'date' && raw) expect(cell).toBe(formatDate(String(raw)));
          if (column.source === 'created_at' && raw) expect(cell, resource.name).not.toContain('T');
        }
      });
    }
  });

  it('flattens the report lists to what their columns show: names, titles, words', async () => {
    const translate = translator('tr');
    for (const name of ['report', 'reportedComments', 'reportedUsers']) {
      const resource = RESOURCES.find((r) => r.name === name)!;
      const [json, csv] = [await jsonRows(resource), await exported(resource, 'tr')];
      expect(json.length, name).toBeGreaterThan(0);
      json.forEach((row, i) => {
        const line = csv.lines[i];
        const report = row as { type: string; user?: { name?: string }; reportedUserInfo?: { name?: string } | null; post?: { title: string } | null; reason: string | null };
        expect(csv.cell(line, 'type')).toBe(translate(`app.report.types.${report.type}`));
        expect(csv.cell(line, 'user.name')).toBe(report.user?.name || '----');
        expect(csv.cell(line, 'reportedUserInfo.name')).toBe(report.reportedUserInfo?.name || '----');
        expect(csv.cell(line, 'reason')).toBe(report.reason || '----');
        if (name !== 'reportedUsers') expect(csv.cell(line, 'post.title')).toBe(report.post?.title ?? '----');
      });
    }
  });

  it('writes the itineraries\' flags as Yes/No, in Arabic, as the list reads them', async () => {
    const resource = RESOURCES.find((r) => r.name === 'itinerary')!;
    const [json, csv] = [await jsonRows(resource), await exported(resource, 'ar')];
    expect(json.length).toBeGreaterThan(0);
    json.forEach((row, i) => {
      expect(csv.cell(csv.lines[i], 'is_planeed')).toBe(row.is_planeed === '0' ? ar.ra.boolean.true : ar.ra.boolean.false);
      expect(csv.cell(csv.lines[i], 'is_public')).toBe(Number(row.is_public) === 1 ? ar.ra.boolean.true : ar.ra.boolean.false);
    });
  });

  it('writes the audit log as the screen shows it: action labels, the person by name, the record, the changes', async () => {
    const resource = RESOURCES.find((r) => r.name === 'audit')!;
    const csv = await exported(resource, 'tr');
    const actions = csv.lines.map((line) => csv.cell(line, 'action'));
    expect(actions).toContain(tr.app.audit.actions.login);
    expect(actions).not.toContain('login');
    expect(csv.lines.map((line) => csv.cell(line, 'actor'))).toContain('Admin');
    const changes = csv.lines.map((line) => csv.cell(line, 'changes')).filter(Boolean);
    expect(changes.length).toBeGreaterThan(0);
    for (const cell of changes) expect(cell).toMatch(/^[\w ]+: /);
  });

  it('writes no country code a spreadsheet shows as \'+20 (p15): the users list has no such column', async () => {
    const csv = await exported(RESOURCES.find((r) => r.name === 'user')!, 'en');
    const nour = csv.lines.find((line) => csv.cell(line, 'name') === 'نور الهدى')!;
    expect(nour).toBeDefined();
    expect(csv.cell(nour, 'phone')).toBe('1001234567');
    for (const line of csv.lines) for (const cell of line) expect(cell).not.toMatch(/^'\+\d/);
  });

  it('keeps the export\'s audit entry as it was: the list, search, filters and rows, not the columns', async () => {
    const resource = RESOURCES.find((r) => r.name === 'category')!;
    const csv = await exported(resource, 'ar');
    const entry = await t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'export').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const detail = JSON.parse(String(entry.detail)) as Record<string, unknown>;
    expect(detail).toMatchObject({ list: 'category', rows: csv.lines.length, complete: true });
    expect(JSON.stringify(detail)).not.toContain('columns');
  });

  it('refuses malformed columns with a 400 in the envelope, before any file', async () => {
    const resource = RESOURCES.find((r) => r.name === 'user')!;
    for (const columns of ['nope', '{}', JSON.stringify({ locale: 'en', columns: [{ source: 'a;drop', header: 'x' }] }), JSON.stringify({ locale: 'en', columns: [] })]) {
      const res = await get(listUrl(resource, { format: 'csv', columns }));
      expect(res.statusCode, columns).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    }
  });
});
