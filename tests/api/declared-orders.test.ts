// A list asked without an order is in its declaration's default order (api.defaultOrder), the one the
// admin sends: spec §9, by name ascending for categories and tags, by id descending for every other list.
// The report categories' call used to answer by name, the order its declaration does not say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { category, reportCategories, tag } from '@shared/resources/index';
import { ADMIN, bearer, dialects, loginAs, startTestApp, type TestApp } from '../support/api';

/** Added in this order: neither alphabetical nor its reverse. */
const NAMES = ['Mango', 'Apricot', 'Zucchini', 'Kiwi'];
const ours = (name: string) => NAMES.some((n) => n.toLowerCase() === name.toLowerCase());

describe.each(dialects)('a list without an order on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { listCacheMs: 0 });
    admin = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t.close());

  const add = async (base: string, name: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api${base}/create`, headers: bearer(admin), payload: { name: [name], status: ['Active'] } });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Our names, as the list answers them when asked without an order. */
  const listed = async (url: string) => {
    const res = await t.app.inject({ url: `/api${url}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.data as { name: string }[]).map((r) => r.name).filter(ours);
  };

  it.each([
    ['report categories, newest first', reportCategories.api.list, '?typeUser=admin&limit=100', [...NAMES].reverse()],
    ['categories, by name', category.api.list, '?limit=100', [...NAMES].sort()],
    ['tags, by name', tag.api.list, '?limit=100', [...NAMES].map((n) => n.toLowerCase()).sort()],
  ])('lists the %s', async (_what, base, query, expected) => {
    for (const name of NAMES) await add(base, name);
    expect((await listed(`${base}${query}`)).map((n) => n.toLowerCase())).toEqual(expected.map((n) => n.toLowerCase()));
  });
});
