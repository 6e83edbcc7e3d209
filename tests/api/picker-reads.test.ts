// Reading the picker lists a form needs (DESIGN.md §5, issue 31 §1.6): a Post-list-only Sub-Admin's post
// form picks a user, categories and tags, so it may read those lists, but only as a picker reads them:
// each row's id and name (what react-admin's AutocompleteInput shows), searched and sorted by name, and
// no CSV export. With the list's own permission, or as an Admin, the lists answer as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNamedRows } from '../support/namedRows';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';
const PICKER_FIELDS = ['id', 'name'];
/** a catalogue's picker row also says whether it is Active: the form offers Active ones only (issue 32 m16) */
const CATALOGUE_PICKER_FIELDS = ['id', 'name', 'status'];
const order = (name: string) => encodeURIComponent(JSON.stringify({ direction: 'ASC', name, type: 'default' }));

describe.each(dialects)('picker reads on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<'admin' | 'postsOnly' | 'users' | 'categories' | 'tags', string> = {} as never;
  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
  const rowsOf = async (url: string, token: string) => {
    const res = await get(url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.data as Record<string, unknown>[];
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    tokens.admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    const staff = { postsOnly: ['Post-list'], users: ['User-list'], categories: ['Categories-list'], tags: ['Tags-list'] } as const;
    for (const [who, permissions] of Object.entries(staff)) {
      await createUser(t, { email: `${who}@example.com`, password: PASSWORD, user_type: 'Sub-Admin', permissions: [...permissions] });
      tokens[who as keyof typeof staff] = (await loginAs(t, `${who}@example.com`, PASSWORD)).token;
    }
    for (let i = 0; i < 3; i++) await createUser(t, { email: `traveller${i}@mail.example`, password: PASSWORD, user_type: 'User', name: `Traveller ${i}` });
    await insertNamedRows(t.ctx.db, 'categories', [{ name: 'Museums', status: 'Active' }, { name: 'Beaches', status: 'Inactive' }]);
    await insertNamedRows(t.ctx.db, 'tags', [{ name: 'sunset', status: 'Active' }]);
  });
  afterAll(async () => t?.close());

  const LISTS = [
    { list: '/api/user?user_type=User', own: 'users', fields: PICKER_FIELDS },
    { list: '/api/category?typeUser=admin', own: 'categories', fields: CATALOGUE_PICKER_FIELDS },
    { list: '/api/tag?typeUser=admin', own: 'tags', fields: CATALOGUE_PICKER_FIELDS },
  ] as const;

  it("gives a Post-list-only Sub-Admin each row's id and name (a catalogue's with its status), and refuses its export", async () => {
    for (const { list, fields } of LISTS) {
      const rows = await rowsOf(`${list}&limit=100`, tokens.postsOnly);
      expect(rows.length, list).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row).sort(), list).toEqual(fields);
      // the records a form shows already chosen (react-admin's getMany): the same fields
      const some = await rowsOf(`${list}&ids=${rows[0].id}`, tokens.postsOnly);
      expect(some).toEqual([rows[0]]);
      const csv = await get(`${list}&format=csv`, tokens.postsOnly);
      expect(csv.statusCode, list).toBe(403);
      expect(csv.headers['content-type']).toMatch(/^application\/json/);
      expect(csv.json()).toMatchObject({ status: 403, data: null, message: expect.stringMatching(/exporting it needs the list's own permission/) });
    }
    // the users the picker offers: names only, 'Traveller 1' among them, nobody's email or phone
    const users = await rowsOf('/api/user?user_type=User&filter=traveller', tokens.postsOnly);
    expect(users.map((u) => u.name).sort()).toEqual(['Traveller 0', 'Traveller 1', 'Traveller 2']);
    expect(JSON.stringify(users)).not.toMatch(/mail\.example|5551234567/);
    // the form can tell an Inactive category from an Active one, and offers the Active ones only
    const categories = await rowsOf('/api/category?typeUser=admin&limit=100', tokens.postsOnly);
    const shown = categories.filter((c) => c.name === 'Beaches' || c.name === 'Museums').map(({ name, status }) => ({ name, status }));
    expect(shown.sort((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual([
      { name: 'Beaches', status: 'Inactive' },
      { name: 'Museums', status: 'Active' },
    ]);
  });

  it('lets a picker search and sort by name only: an email cannot be spelt out through the search', async () => {
    expect(await rowsOf('/api/user?user_type=User&filter=mail.example', tokens.postsOnly)).toEqual([]);
    expect(await rowsOf('/api/user?user_type=User&filter=traveller0@', tokens.postsOnly)).toEqual([]);
    // a status is no name either
    expect(await rowsOf('/api/category?filter=Inactive', tokens.postsOnly)).toEqual([]);
    for (const [list, column] of [
      ['/api/user?user_type=User', 'email'],
      ['/api/user?user_type=User', 'phone'],
      ['/api/category?typeUser=admin', 'status'],
    ]) {
      const res = await get(`${list}&order=${order(column)}`, tokens.postsOnly);
      expect(res.statusCode, `${list} by ${column}`).toBe(400);
    }
    const byName = await rowsOf(`/api/category?order=${order('name')}`, tokens.postsOnly);
    expect(byName.map((c) => c.name)).toEqual(['Beaches', 'Museums']);
  });

  it("answers the list's own readers and the Admin as before: every column, the search of every column, the export", async () => {
    for (const { list, own } of LISTS) {
      for (const token of [tokens[own], tokens.admin]) {
        const rows = await rowsOf(list, token);
        expect(Object.keys(rows[0]), list).toEqual(expect.arrayContaining(['id', 'name', 'status', 'created_at']));
        const csv = await get(`${list}&format=csv`, token);
        expect(csv.statusCode, list).toBe(200);
        expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      }
    }
    const found = await rowsOf('/api/user?user_type=User&filter=mail.example', tokens.users);
    expect(found).toHaveLength(3);
    expect(found[0]).toMatchObject({ email: expect.stringMatching(/@mail\.example$/), phone: '5551234567' });
    expect((await get(`/api/user?user_type=User&order=${order('email')}`, tokens.users)).statusCode).toBe(200);
  });
});
