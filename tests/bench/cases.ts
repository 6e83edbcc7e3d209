// The lists of the admin (the registry, src/shared/resources/) and the calls measured on each: first
// page, page 500 where the list is big enough, a sort by each sortable field the registry declares and
// the search terms planted by data.ts.
import { category, contentmanagement, post, report, sortNames, spot, user } from '../../src/shared/resources/index';
import { type SeedParams, TERMS } from './data';

type Direction = 'ASC' | 'DESC';
export type SearchKind = 'common' | 'rare' | 'phrase' | 'none' | 'name';

interface ListDef {
  key: string;
  path: string;
  query: Record<string, string>;
  pageBase: 0 | 1;
  /** the order the admin asks for by default */
  defaultOrder: { name: string; direction: Direction };
  sortable: string[];
  /** rows in the list, for the deep page */
  rows: number;
  search: Partial<Record<SearchKind, string[]>>;
}

export interface Case {
  /** list key */
  list: string;
  name: string;
  url: string;
}

// the sortable columns of each list, as the registry declares them
const USER_SORTS = sortNames(user);
const POST_SORTS = sortNames(post);
const SPOT_SORTS = sortNames(spot);
const REPORT_SORTS = sortNames(report);
const NAMED_SORTS = sortNames(category);
const PAGE_SORTS = sortNames(contentmanagement);

export const DEEP_PAGE = 500;
const PAGE_SIZE = 10;

export function listDefs(p: SeedParams): ListDef[] {
  const byId = { name: 'id', direction: 'DESC' as const };
  const byName = { name: 'name', direction: 'ASC' as const };
  const small = { common: ['bazaar'], none: [TERMS.none] };
  const big = { common: ['bazaar'], rare: ['#4242'], phrase: [TERMS.phrase], none: [TERMS.none], name: [TERMS.surname] };
  const itineraries = Math.floor(p.posts / 10);
  const reports = (type: string, share: number): ListDef => ({
    key: `reports ${type}`,
    path: '/api/user/reports',
    query: { type },
    pageBase: 0,
    defaultOrder: byId,
    sortable: REPORT_SORTS,
    rows: Math.floor(p.reports * share),
    search: big,
  });
  return [
    {
      key: 'user',
      path: '/api/user',
      query: { user_type: 'User' },
      pageBase: 1,
      defaultOrder: byId,
      sortable: USER_SORTS,
      rows: p.users,
      search: { common: ['bazaar'], rare: [TERMS.userRare], phrase: [TERMS.userPhrase], none: [TERMS.none], name: [TERMS.surname] },
    },
    {
      key: 'subadmin',
      path: '/api/user',
      query: { user_type: 'Sub-Admin' },
      pageBase: 0,
      defaultOrder: byId,
      sortable: USER_SORTS,
      rows: p.subAdmins,
      search: { common: ['bazaar'], none: [TERMS.none], name: [TERMS.surname] },
    },
    { key: 'category', path: '/api/category', query: {}, pageBase: 0, defaultOrder: byName, sortable: NAMED_SORTS, rows: p.categories, search: small },
    { key: 'tag', path: '/api/tag', query: {}, pageBase: 0, defaultOrder: byName, sortable: NAMED_SORTS, rows: p.tags, search: small },
    {
      key: 'reportCategories',
      path: '/api/reportCategory',
      query: { typeUser: 'admin' },
      pageBase: 0,
      defaultOrder: byId,
      sortable: NAMED_SORTS,
      rows: p.reportCategories,
      search: small,
    },
    { key: 'emailtemplate', path: '/api/email-template', query: {}, pageBase: 0, defaultOrder: byId, sortable: PAGE_SORTS, rows: p.emailTemplates, search: small },
    {
      key: 'spot',
      path: '/api/spot',
      query: { typeUser: 'admin' },
      pageBase: 0,
      defaultOrder: byId,
      sortable: SPOT_SORTS,
      rows: p.spots,
      search: { ...big, common: ['lighthouse'] },
    },
    {
      key: 'post',
      path: '/api/post',
      query: { type: 'post' },
      pageBase: 0,
      defaultOrder: byId,
      sortable: POST_SORTS,
      rows: p.posts - itineraries,
      search: { ...big, common: [...TERMS.common], rare: [...TERMS.rare] },
    },
    {
      key: 'itinerary',
      path: '/api/post',
      query: { type: 'itinerary' },
      pageBase: 0,
      defaultOrder: byId,
      sortable: POST_SORTS,
      rows: itineraries,
      search: { ...big, common: [...TERMS.common], rare: [...TERMS.rare] },
    },
    reports('post', 0.4),
    reports('comment', 0.3),
    reports('user', 0.3),
    { key: 'contentmanagement', path: '/api/page', query: {}, pageBase: 0, defaultOrder: byId, sortable: PAGE_SORTS, rows: p.contentPages, search: small },
  ];
}

export const orderParam = (name: string, direction: Direction) => JSON.stringify({ direction, name, type: 'default' });

function url(def: ListDef, extra: { pageIndex?: number; order?: { name: string; direction: Direction }; filter?: string }): string {
  const q = new URLSearchParams({
    ...def.query,
    page: String((extra.pageIndex ?? 0) + def.pageBase),
    limit: String(PAGE_SIZE),
    ...(extra.filter ? { filter: extra.filter } : {}),
    order: orderParam((extra.order ?? def.defaultOrder).name, (extra.order ?? def.defaultOrder).direction),
  });
  return `${def.path}?${q}`;
}

/** Every list case, in list order. Sorts are ascending (a header's first click); the first page is the default order. */
export function listCases(p: SeedParams): Case[] {
  const cases: Case[] = [];
  for (const def of listDefs(p)) {
    const add = (name: string, u: string) => cases.push({ list: def.key, name: `${def.key} · ${name}`, url: u });
    add('first page', url(def, {}));
    if (def.rows > (DEEP_PAGE + 1) * PAGE_SIZE) add(`page ${DEEP_PAGE}`, url(def, { pageIndex: DEEP_PAGE }));
    for (const name of def.sortable) add(`sort ${name} ASC`, url(def, { order: { name, direction: 'ASC' } }));
    for (const [kind, terms] of Object.entries(def.search)) {
      for (const term of terms ?? []) add(`search ${kind} '${term}'`, url(def, { filter: term }));
    }
  }
  return cases;
}
