// A declared resource's readers (issue 33, one engine): any declaration that names `readers` gets the
// picker reads the categories' list gives the post form (http/picker.ts), not only the spec's lists. A
// reader without the list's own rule reads the id, name and status, searched by name alone, and cannot
// export; with the rule, or as an Admin, the whole row; without either, a 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byNewest } from '@shared/resources/named';
import { plainCalls, RECORD_FIELDS, STATUS_FIELD } from '@shared/resources/plain';
import { declareResource } from '@shared/resources/types';
import { ADMIN, bearer, createUser, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

const PASSWORD = 'Str0ng@Pass';

/** A throwaway list the post form would pick from, with a contact it must not spell out to the form's users. */
const venue = declareResource({
  name: 'testvenue',
  label: 'resources.testvenue.name',
  rule: 'EmailTemplate-list',
  menu: { id: 'testvenue', path: '/testvenue', icon: 'place', order: 97 },
  api: plainCalls('/testvenue', byNewest),
  storage: { table: 'test_venues' },
  readers: ['post'],
  fields: {
    name: { type: 'text', required: true, list: true, form: true, sortable: true, searchable: true },
    contact: { type: 'text', required: true, list: true, form: true, searchable: true },
    ...RECORD_FIELDS,
    status: STATUS_FIELD,
  },
});

describe.each(dialects)("a declared list's readers pick from it on %s", (dialect) => {
  let t: TestApp;
  let admin: string;
  let postStaff: string;
  let noRights: string;
  const list = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/testvenue?limit=50${query}`, headers: bearer(token) });

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { resources: [venue] });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    await createUser(t, { email: 'posts@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: ['Post-list'] });
    await createUser(t, { email: 'nothing@example.com', password: PASSWORD, user_type: 'Sub-Admin', permissions: [] });
    postStaff = (await loginAs(t, 'posts@example.com', PASSWORD)).token;
    noRights = (await loginAs(t, 'nothing@example.com', PASSWORD)).token;
    for (const [name, contact] of [['Harbour Hall', 'booking@harbour.example'], ['Old Mill', 'mill@old.example']]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/testvenue/create', headers: bearer(admin), payload: { name, contact, status: 'Active' } });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  it("gives a reader without the list's rule the id, name and status, searched by name only, and no export", async () => {
    const read = await list(postStaff);
    expect(read.statusCode, read.body).toBe(200);
    const rows = read.json().data.data as Record<string, unknown>[];
    expect(rows.map((r) => Object.keys(r).sort())).toEqual([
      ['id', 'name', 'status'],
      ['id', 'name', 'status'],
    ]);
    const found = (await list(postStaff, '&filter=harbour')).json().data.data as { name: string }[];
    expect(found.map((r) => r.name)).toEqual(['Harbour Hall']);
    // the contact is not searched: a picker's user could spell it out letter by letter
    expect((await list(postStaff, '&filter=booking')).json().data.data).toEqual([]);
    const csv = await list(postStaff, '&format=csv');
    expect(csv.statusCode).toBe(403);
    expect(csv.json()).toMatchObject({ status: 403, message: expect.any(String) });
  });

  it('gives the whole rows to an Admin, and refuses a Sub-Admin who neither reads nor picks from it', async () => {
    const rows = (await list(admin, '&filter=booking')).json().data.data as Record<string, unknown>[];
    expect(rows).toEqual([expect.objectContaining({ name: 'Harbour Hall', contact: 'booking@harbour.example' })]);
    const refused = await list(noRights);
    expect(refused.statusCode).toBe(403);
  });
});
