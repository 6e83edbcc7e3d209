// The generic suite of a declared resource (issue 33, "green by construction"): every declaration of the
// registry with `storage` is judged here without this file naming it: the test fixtures (FAQ, notice),
// a throwaway resource with one field of every type, and whatever a developer declares tomorrow. Each
// keeps its declared calls (create, show, update, delete, each audited), searches by each searchable
// field, sorts by each sortable field both ways, refuses (no session 401, a Sub-Admin without its rule
// 403, a bad body 400 naming the field, never a 500), documents each call, exports what it lists as CSV.
// Beside it, over every declaration: no rich text field stores a script (the content pages' and email
// templates' own saves included), and a `unique` field takes one of many saves of a value sent at once.
// The spec's lists are judged too: the named ones (categories, tags, report categories: a create of
// several rows answering the rows `created`, a blank row refused naming the rows, a taken name refused
// in their own duplicates text) and the rich pages (content pages: one save that creates or updates;
// email templates, only edited: their list, refusals, documentation and rich text).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@shared/contract';
import { messageOf } from '@server/modules/declared/serverPart';
import { englishMessage } from '@shared/validation/messages';
import { auditEntityOf } from '@shared/audit';
import { type DeclaredField, formFields, typedFields, uniqueField } from '@shared/resources/fields';
import { listFilters, RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { ADMIN, bearer, createUser, dialects, loginAs, multipart, startTestApp, type TestApp } from '../support/api';
import { parseCsv } from '../support/csv';
import { SAMPLE_VALUES } from '../support/declaredSamples';
import { everyType } from '../support/everyType';
import { testFaq } from '../support/faq';
import { notice } from '../support/notice';
import { README_RESOURCES } from '../support/readmeResources';

// the README walk-through's FAQ and announcements too, as a developer copies them (unless added for real)
const REGISTRY: readonly ResourceDeclaration[] = [...RESOURCES, testFaq, notice, everyType, ...README_RESOURCES];
const DECLARED = REGISTRY.filter((r) => r.storage);
const RICH = REGISTRY.filter((r) => typedFields(r).some((f) => f.type === 'richText' && f.form));
const UNIQUE = DECLARED.filter((r) => uniqueField(r));
const PASSWORD = 'Str0ng@Pass';

type Row = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'DELETE';

/** Ids of records a `reference` field may name, by resource: made before the tests (beforeAll). */
const referenced: Record<string, number[]> = {};

/**
 * The i-th value of a field: its own choices in turn, a referenced record in turn, else the type's sample
 * made distinct by i (a number plus i, a date i days on, an image named with i, a text with `-i` before
 * its closing tag), so that records differ in every field.
 */
function sampleOf(field: DeclaredField, i: number): unknown {
  if (field.choices?.length) return field.choices[i % field.choices.length];
  if (field.type === 'reference') {
    const ids = referenced[field.reference!] ?? [];
    if (!ids.length) throw new Error(`no ${field.reference} record for ${field.name} to name`);
    return ids[i % ids.length];
  }
  if (field.type === 'image') return `/uploads/declared/00000000-0000-4000-8000-${String(i).padStart(12, '0')}.png`;
  const sample = SAMPLE_VALUES[field.type as keyof typeof SAMPLE_VALUES];
  if (!sample) throw new Error(`no sample value for a ${field.type} field (tests/support/declaredSamples.ts)`);
  const { valid } = sample;
  if (!i) return valid;
  if (typeof valid === 'number') return valid + i;
  if (typeof valid === 'boolean') return i % 2 ? !valid : valid;
  if (typeof valid !== 'string') return valid;
  if (/^\d{4}-\d\d-\d\d/.test(valid)) {
    const day = new Date(Date.parse(valid) + i * 86_400_000).toISOString();
    return valid.length === 10 ? day.slice(0, 10) : day;
  }
  return valid.replace(/(<\/[a-z0-9]+>)?$/i, `-${i}$1`);
}

/** A value as the field keeps it: a tag's name lower case (`typed: 'lowercase'`). */
const storedAs = (field: DeclaredField, value: unknown) => (field.typed === 'lowercase' && typeof value === 'string' ? value.toLowerCase() : value);
/** The record a create answered: its `data`, or the first of the rows a create of several rows added. */
const createdOf = (resource: ResourceDeclaration, answer: { data: Row & { created?: Row[] } }) => (resource.screens?.addRows ? answer.data.created![0] : answer.data.data);

/** The i-th record a form sends. */
const bodyOf = (resource: ResourceDeclaration, i: number): Row => Object.fromEntries(formFields(resource).map((f) => [f.name, sampleOf(f, i)]));
const urlOf = (path: string, id?: number) => `/api${path.replace(':id', String(id))}`;
const docPath = (path: string) => `/api${path.replace(':id', '{id}')}`;
const order = (name: string, direction: 'ASC' | 'DESC') => encodeURIComponent(JSON.stringify({ direction, name, type: 'default' }));

describe.each(dialects)('every declared resource keeps its declaration on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let subAdmin: string;
  const call = (method: Method, url: string, payload?: object, token: string | null = admin) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  /** A save through the resource's own call: JSON, or multipart when the declaration says its bodies are forms. */
  const save = async (resource: ResourceDeclaration, path: string, values: Row) => {
    if (resource.api.json) return call('POST', urlOf(path), values);
    const form = await multipart(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
    return t.app.inject({ method: 'POST', url: urlOf(path), headers: { ...bearer(admin), ...form.headers }, payload: form.payload });
  };
  const rowsOf = async (resource: ResourceDeclaration, query = '') => {
    const res = await call('GET', `${urlOf(resource.api.list)}?limit=${MAX_PAGE_SIZE}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.data as Row[];
  };
  const countOf = async (table: string, where?: [string, unknown]) => {
    let q = t.ctx.db.selectFrom(table as never).select(sql<number>`count(*)`.as('n'));
    if (where) q = q.where(where[0] as never, '=', where[1] as never);
    return Number(((await q.executeTakeFirstOrThrow()) as { n: number }).n);
  };
  const audited = async (entity: string, id: number) =>
    (await t.ctx.db.selectFrom('audit_log').select('action').where('entity', '=', entity).where('entity_id', '=', String(id)).orderBy('id').execute()).map((a) => a.action);

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { resources: REGISTRY });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    await createUser(t, { email: 'no-rights@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: [] });
    subAdmin = (await loginAs(t, 'no-rights@example.com', PASSWORD)).token;
    // the records the reference fields name (kept: a named record cannot be deleted)
    for (const target of new Set(DECLARED.flatMap((r) => typedFields(r).flatMap((f) => (f.type === 'reference' ? [f.reference!] : []))))) {
      const resource = DECLARED.find((r) => r.name === target)!;
      referenced[target] = [];
      for (const i of [91, 92, 93]) {
        const res = await call('POST', urlOf(resource.api.create!), bodyOf(resource, i));
        expect(res.statusCode, res.body).toBe(200);
        referenced[target].push(res.json().data.id);
      }
    }
  });
  afterAll(async () => t.close());

  it('runs over the test fixtures and a resource of every field type, and over what the registry adds', () => {
    expect(DECLARED.map((r) => r.name)).toEqual(expect.arrayContaining(['testfaq', 'testnotice', 'testeverytype', 'faq', 'announcement']));
  });

  it("runs over the spec's lists too: one engine serves them from their declarations", () => {
    expect(DECLARED.map((r) => r.name)).toEqual(expect.arrayContaining(['category', 'tag', 'reportCategories', 'contentmanagement', 'emailtemplate']));
  });

  describe.each(DECLARED.map((r) => [r.name, r] as const))('%s', (_name, resource) => {
    const { api } = resource;
    const table = resource.storage!.table;
    /** The answer holds what the form sent (the samples are stored as they are sent). */
    const expectSaved = (row: Row, sent: Row) => {
      for (const field of formFields(resource)) expect(row[field.name], `${resource.name}.${field.name}`).toEqual(storedAs(field, sent[field.name]));
    };

    it('creates, shows, updates and deletes through its declared calls, each write with its audit entry', async () => {
      if (!api.create) return;
      const sent = bodyOf(resource, 1);
      const created = await call('POST', urlOf(api.create), sent);
      expect(created.statusCode, created.body).toBe(200);
      const { id } = created.json().data as { id: number };
      const data = createdOf(resource, created.json()) as Row;
      expectSaved(data, sent);
      expect(await audited(auditEntityOf(resource.name), id)).toEqual(['create']);
      if (api.one) {
        const one = await call('GET', urlOf(api.one, id));
        expect(one.statusCode, one.body).toBe(200);
        expect(one.json().data.data).toEqual(data);
      }
      expect((await rowsOf(resource)).find((r) => r.id === id)).toEqual(data);
      if (api.update) {
        const changed = bodyOf(resource, 2);
        const updated = await call('POST', urlOf(api.update), { ...changed, id });
        expect(updated.statusCode, updated.body).toBe(200);
        expectSaved(updated.json().data.data, changed);
        if (api.one) expectSaved((await call('GET', urlOf(api.one, id))).json().data.data, changed);
        expect(await audited(auditEntityOf(resource.name), id)).toEqual(['create', 'update']);
      }
      if (api.remove) {
        const removed = await call('DELETE', urlOf(api.remove, id));
        expect(removed.statusCode, removed.body).toBe(200);
        if (api.one) expect((await call('GET', urlOf(api.one, id))).statusCode).toBe(404);
        expect((await audited(auditEntityOf(resource.name), id)).at(-1)).toBe('delete');
      }
    });

    it('finds a record by each searchable field, sorts by each sortable field both ways, exports what it lists', async () => {
      // a resource only edited (email templates) has no records of the suite's own to find
      if (!api.create) return;
      const ids: number[] = [];
      const sent: Row[] = [];
      for (const i of [11, 12, 13]) {
        sent.push(bodyOf(resource, i));
        const res = await call('POST', urlOf(api.create!), sent.at(-1));
        expect(res.statusCode, res.body).toBe(200);
        ids.push(res.json().data.id);
      }
      for (const field of typedFields(resource).filter((f) => f.searchable)) {
        for (const [k, id] of ids.entries()) {
          const value = sent[k][field.name];
          if (value === undefined || value === '') continue;
          const found = (await rowsOf(resource, `&filter=${encodeURIComponent(String(value))}`)).map((r) => r.id);
          expect(found, `${field.name} = ${String(value)}`).toContain(id);
          // a text of its own (no choice) finds that record alone
          if (typeof value === 'string' && !field.choices) expect(found, `${field.name} = ${value}`).toEqual([id]);
        }
      }
      for (const field of typedFields(resource).filter((f) => f.sortable)) {
        const up = await rowsOf(resource, `&order=${order(field.name, 'ASC')}`);
        const down = await rowsOf(resource, `&order=${order(field.name, 'DESC')}`);
        expect(up.map((r) => r.id).sort()).toEqual(down.map((r) => r.id).sort());
        expect(down.map((r) => r[field.name]), field.name).toEqual(up.map((r) => r[field.name]).reverse());
        const numbers = up.map((r) => r[field.name]).filter((v) => typeof v === 'number');
        expect(numbers, field.name).toEqual([...numbers].sort((a, b) => a - b));
      }
      // the CSV export holds the list's rows, cell for cell, in its order
      const listed = await rowsOf(resource);
      const csv = await call('GET', `${urlOf(api.list)}?format=csv`);
      expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
      const [header, ...lines] = parseCsv(csv.rawPayload.subarray(3).toString('utf8'));
      expect(header).toEqual(Object.keys(listed[0]));
      expect(lines).toEqual(listed.map((row) => header.map((name) => (row[name] === null || row[name] === undefined ? '' : String(row[name])))));
    });

    it('filters its list by what its fields give it (choice, yes/no, reference, created date); a bad value is a 400 naming it', async () => {
      const filters = listFilters(resource);
      expect(filters.map((f) => f.name)).toContain('created');
      const refused = async (query: string, name: string) => {
        const res = await call('GET', `${urlOf(api.list)}?${query}`);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toContain(name);
      };
      for (const filter of filters) {
        const { name } = filter;
        if (filter.kind === 'created') {
          const today = new Date().toISOString().slice(0, 10);
          const all = await rowsOf(resource);
          expect(await rowsOf(resource, '&created=today')).toEqual(all.filter((r) => String(r.created_at).startsWith(today)));
          expect(await rowsOf(resource, '&created_from=2000-01-01&created_to=2000-01-02')).toEqual([]);
          await refused('created=never', name);
          continue;
        }
        const values = filter.kind === 'choice' ? [...(filter.choices ?? [])] : filter.kind === 'yesNo' ? ['yes', 'no'] : [String(referenced[filter.reference!]?.[0] ?? 1)];
        for (const value of values) {
          const expected = filter.kind === 'yesNo' ? value === 'yes' : filter.kind === 'reference' ? Number(value) : value;
          for (const row of await rowsOf(resource, `&${name}=${encodeURIComponent(value)}`)) expect(row[name], `${name}=${value}`).toEqual(expected);
        }
        await refused(`${name}=${filter.kind === 'reference' ? 'none' : '__none'}`, name);
      }
    });

    it('refuses no session (401), a Sub-Admin without its rule (403) and a bad body (400 naming the field), writing nothing', async () => {
      const before = await countOf(table);
      const calls: [Method, string | undefined, object?][] = [
        ['GET', api.list],
        ['GET', api.one],
        ['POST', api.create, bodyOf(resource, 21)],
        ['POST', api.update, { ...bodyOf(resource, 21), id: 1 }],
        ['DELETE', api.remove],
      ];
      for (const [method, path, payload] of calls.filter((c): c is [Method, string, object?] => c[1] !== undefined)) {
        const anonymous = await call(method, urlOf(path, 1), payload, null);
        expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
        expect(anonymous.json()).toMatchObject({ status: 401, message: expect.any(String) });
        if (resource.rule === 'staff') continue;
        const refused = await call(method, urlOf(path, 1), payload, subAdmin);
        expect(refused.statusCode, `${method} ${path}`).toBe(403);
        expect(refused.json()).toMatchObject({ status: 403, message: expect.any(String) });
      }
      const bad = async (payload: object, field: string) => {
        for (const path of [api.create, api.update]) {
          if (!path) continue;
          const res = await call('POST', urlOf(path), path === api.update ? { ...payload, id: 1 } : payload);
          expect(res.statusCode, `${path} ${field}: ${res.body}`).toBe(400);
          expect(res.json().message, res.body).toEqual(expect.stringMatching(/\S/));
          // the field is named, in the message or beside it (a create of several rows names the rows)
          expect(JSON.stringify(res.json()), res.body).toContain(path === api.create && resource.screens?.addRows ? 'rows' : field);
        }
      };
      for (const field of formFields(resource)) {
        const { invalid } = SAMPLE_VALUES[field.type as keyof typeof SAMPLE_VALUES] ?? {};
        if (invalid !== undefined) await bad({ ...bodyOf(resource, 22), [field.name]: invalid }, field.name);
        if (field.required) {
          const { [field.name]: _left, ...rest } = bodyOf(resource, 22);
          await bad(rest, field.name);
        }
      }
      expect(await countOf(table)).toBe(before);
    });

    it('documents each of its calls in the OpenAPI document', async () => {
      const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
      const documented = (path: string | undefined, method: string) => path && expect(doc.paths[docPath(path)]?.[method], `${method} ${path}`).toBeDefined();
      documented(api.list, 'get');
      documented(api.one, 'get');
      documented(api.remove, 'delete');
      for (const path of [api.create, api.update]) {
        if (!path) continue;
        const schema = (doc.paths[docPath(path)].post.requestBody as { content: Record<string, { schema: { properties: object } }> }).content['application/json'].schema;
        expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(formFields(resource).map((f) => f.name)));
      }
    });
  });

  describe('no rich text stores a script: every richText field of every declaration, through its own save', () => {
    const KEPT = '<p><strong>Kept bold</strong> and <em>kept</em> <a href="https://example.com/ok">kept link</a></p>';
    const HOSTILE = [
      KEPT,
      '<p onclick="steal()">Click<script>alert(1)</script></p>',
      '<a href="javascript:alert(2)">js link</a><a href="JaVaScRiPt&#58;alert(3)">js link</a>',
      '<img src="/uploads/x.png" onerror="alert(4)"><img src=x onerror=alert(5)>',
      '<svg onload="alert(6)"><script>alert(7)</script></svg><svg><a xlink:href="javascript:alert(8)"><text>svg link</text></a></svg>',
      '<math><mtext><img src=x onerror=alert(9)></mtext></math><iframe src="javascript:alert(10)"></iframe>',
      '<p style="position:fixed;background:url(javascript:alert(11))">styled</p>',
    ].join('');
    const RAN = /<script|<svg|<math|<iframe|\bon[a-z]+\s*=|javascript\s*:|javascript&#|position\s*:/i;

    it.each(RICH.map((r) => [r.name, r] as const))('%s', async (_name, resource) => {
      const { api } = resource;
      const rich = formFields(resource).filter((f) => f.type === 'richText');
      const values = { ...bodyOf(resource, 31), ...Object.fromEntries(rich.map((f) => [f.name, HOSTILE])) };
      // a resource that is only edited (email templates) is saved over its first record
      const existing = api.create ? undefined : (await rowsOf(resource))[0]?.id;
      const res = await save(resource, (api.create ?? api.update)!, existing === undefined ? values : { ...values, id: existing });
      expect(res.statusCode, res.body).toBe(200);
      const id = (existing ?? res.json().data.id) as number;
      const expectHarmless = async () => {
        const answers: Row[] = [(await rowsOf(resource)).find((r) => r.id === id)!];
        if (api.one) answers.push((await call('GET', urlOf(api.one, id))).json().data.data);
        for (const row of answers) {
          for (const field of rich) {
            if (!(field.name in row)) continue;
            const stored = String(row[field.name]);
            expect(stored, `${resource.name}.${field.name}`).not.toMatch(RAN);
            expect(stored).toContain(KEPT);
          }
        }
      };
      await expectHarmless();
      // and an edit of it (a resource that is created is edited through its update call too)
      if (api.create && api.update) {
        const edited = await save(resource, api.update, { ...values, id });
        expect(edited.statusCode, edited.body).toBe(200);
        await expectHarmless();
      }
    });
  });

  describe('a unique field takes one of many saves of one value sent at once (the others a 409), creates and renames', () => {
    it.each(UNIQUE.map((r) => [r.name, r] as const))('%s', async (_name, resource) => {
      const { api } = resource;
      const field = uniqueField(resource)!;
      const table = resource.storage!.table;
      const expectOneWon = async (answers: { statusCode: number; json: () => { message: string } }[], value: unknown) => {
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(answers.length - 1).fill(409)]);
        const stored = storedAs(field, value);
        const message = englishMessage(messageOf(resource, 'duplicates'), { names: String(stored) });
        for (const lost of answers.filter((a) => a.statusCode === 409)) expect(lost.json()).toMatchObject({ status: 409, message });
        expect(await countOf(table, [field.name, stored])).toBe(1);
      };
      const same = bodyOf(resource, 41);
      await expectOneWon(await Promise.all(Array.from({ length: 8 }, () => call('POST', urlOf(api.create!), same))), same[field.name]);

      const others: { id: number; body: Row }[] = [];
      for (let i = 50; i < 56; i++) {
        const res = await call('POST', urlOf(api.create!), bodyOf(resource, i));
        expect(res.statusCode, res.body).toBe(200);
        others.push({ id: res.json().data.id, body: bodyOf(resource, i) });
      }
      const renamed = sampleOf(field, 60);
      await expectOneWon(await Promise.all(others.map(({ id, body }) => call('POST', urlOf(api.update!), { ...body, id, [field.name]: renamed }))), renamed);
    });
  });
});
