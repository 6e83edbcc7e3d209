// The lists of the admin (the registry, src/shared/resources/) and the calls measured on each: first
// page, page 500 where the list is big enough, a sort by each sortable field the registry declares and
// the search terms planted by data.ts.
import { category, contentmanagement, post, report, sortNames, spot, user } from '@shared/resources/index';
import { type SeedParams, TERMS } from './data';
import type { FilterIds } from './postLinks';

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
  /** the list asked with a filter or a status word (views) */
  views?: View[];
}

/**
 * A list filtered (`query`: the report state, the account status) or searched by a status word
 * (`filter`: a post's state): its first page, page 500 where it holds enough rows, each sort in `sorts`
 * on both, and its searches.
 */
interface View {
  name: string;
  query?: Record<string, string>;
  filter?: string;
  rows: number;
  sorts?: string[];
  search?: Partial<Record<SearchKind, string[]>>;
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
/**
 * A filtered list counts its rows up to 1,000 ("1–10 of 1,000+", db/list.ts SEARCH_PLAN): its pager ends at
 * page 100, the deepest page a person reaches (page 500 is the API's alone).
 */
const LAST_COUNTED_PAGE = 1_000 / PAGE_SIZE - 1;

/** Rows written beyond the seed's parameters (tagScale.ts). */
export interface Extra {
  tags: number;
  /** the ids the filter cases pick (postLinks.ts); without them no filter case */
  filterIds?: FilterIds;
}

/**
 * The declared filters' cases (issue 35) of each list: each filter alone (a common value, and a rare or
 * empty one), with a common and a rare search, and with sorts. data.ts: 90% of the posts Public, itineraries
 * half Planned, 3% hidden; a category on 2.6% of the posts (the rare one on 0.01%), a tag on one post in 120 (another on every 120th, an itinerary); an author
 * about ten posts; Turkey a fifth of the places; created_at over 2018 to mid-2025 (the last 30 days: none).
 */
function filterViews(p: SeedParams, ids: FilterIds | undefined): Record<'post' | 'itinerary' | 'user' | 'spot' | 'report' | 'category', View[]> {
  if (!ids) return { post: [], itinerary: [], user: [], spot: [], report: [], category: [] };
  const searched = { common: ['bazaar'], rare: ['#4242'] };
  const postSorts = ['title', 'created_at', 'user', 'is_public'];
  const posts = (rows: number): View[] => [
    { name: 'filter category', query: { category: String(ids.category) }, rows: Math.floor(rows * 0.026), sorts: postSorts, search: searched },
    { name: 'filter rare category', query: { category: String(ids.rareCategory) }, rows: Math.floor(rows / 10_000), sorts: postSorts, search: searched },
    { name: 'filter tag', query: { tag: String(ids.postTag) }, rows: Math.floor(rows / 120), sorts: postSorts, search: searched },
    // the adversary's: a tag with thousands of links, none of them this list's
    { name: 'filter tag of the other list', query: { tag: String(ids.tag) }, rows: 0, sorts: [], search: { common: ['bazaar'] } },
    { name: 'filter author', query: { author: String(ids.author) }, rows: 10, sorts: postSorts, search: searched },
    { name: 'filter country', query: { country: 'Turkey' }, rows: Math.floor(rows * 0.08), sorts: postSorts, search: searched },
    { name: 'filter public no', query: { public: 'no' }, rows: Math.floor(rows * 0.1), sorts: postSorts, search: searched },
    { name: 'filter planned yes', query: { planned: 'yes' }, rows: Math.floor(rows * 0.95), sorts: postSorts, search: searched },
    { name: 'filter created range', query: { created_from: '2024-01-01', created_to: '2024-01-31' }, rows: Math.floor(rows / 90), sorts: postSorts, search: searched },
    { name: 'filter created 30d', query: { created: '30d' }, rows: 0, sorts: postSorts, search: searched },
    { name: 'filter status Inactive + category', query: { status: 'Inactive', category: String(ids.category) }, rows: Math.floor(rows * 0.03 * 0.026), sorts: ['title'] },
  ];
  const itineraries = Math.floor(p.posts / 10);
  return {
    post: posts(p.posts - itineraries),
    itinerary: posts(itineraries)
      .filter((v) => !v.name.includes('rare') && !v.name.includes('other list'))
      .map((v) => (v.name === 'filter tag' ? { ...v, query: { tag: String(ids.tag) }, rows: Math.floor(itineraries / 12) } : v)),
    user: [
      { name: 'filter country', query: { country: 'Turkey' }, rows: Math.floor(p.users * 0.2), sorts: ['name', 'created_at', 'postCount'], search: searched },
      { name: 'filter has_posts no', query: { has_posts: 'no' }, rows: Math.floor(p.users * 0.0001), sorts: ['name', 'created_at'], search: searched },
      { name: 'filter has_spots yes', query: { has_spots: 'yes' }, rows: Math.floor(p.users * 0.6), sorts: ['name', 'created_at'], search: searched },
      { name: 'filter created range', query: { created_from: '2024-01-01', created_to: '2024-01-31' }, rows: Math.floor(p.users / 90), sorts: ['name'], search: searched },
      { name: 'filter Active + country', query: { status: 'Active', country: 'Turkey' }, rows: Math.floor(p.users * 0.17), sorts: ['name'] },
    ],
    spot: [
      { name: 'filter status Inactive', query: { status: 'Inactive' }, rows: Math.floor(p.spots * 0.1), sorts: ['name', 'created_at'], search: { common: ['lighthouse'], rare: ['#4242'] } },
      { name: 'filter country', query: { country: 'Portugal' }, rows: Math.floor(p.spots * 0.03), sorts: ['name', 'created_at'], search: { common: ['lighthouse'], rare: ['#4242'] } },
      { name: 'filter created 7d', query: { created: '7d' }, rows: 0, sorts: ['name'] },
    ],
    report: [
      { name: 'filter reason', query: { reason: String(ids.reportCategory) }, rows: Math.floor(p.reports * 0.4 * 0.075), sorts: ['reported_by', 'created_at'], search: searched },
      { name: 'filter reason + Pending', query: { reason: String(ids.reportCategory), state: 'Pending' }, rows: Math.floor(p.reports * 0.4 * 0.05), sorts: ['reported_by'] },
      { name: 'filter created range', query: { created_from: '2024-01-01', created_to: '2024-01-31' }, rows: Math.floor((p.reports * 0.4) / 90), sorts: ['reported_by'], search: searched },
    ],
    category: [{ name: 'filter status Inactive', query: { status: 'Inactive' }, rows: 6, sorts: ['name'], search: { common: ['bazaar'] } }],
  };
}

export function listDefs(p: SeedParams, extra: Extra = { tags: 0 }): ListDef[] {
  const filters = filterViews(p, extra.filterIds);
  const byId = { name: 'id', direction: 'DESC' as const };
  const byName = { name: 'name', direction: 'ASC' as const };
  const small = { common: ['bazaar'], none: [TERMS.none] };
  const big = { common: ['bazaar'], rare: ['#4242'], phrase: [TERMS.phrase], none: [TERMS.none], name: [TERMS.surname] };
  const itineraries = Math.floor(p.posts / 10);
  // data.ts: 3% of the posts hidden (soft-deleted), 70% of the reports Pending
  const hidden = (rows: number) => Math.floor(rows * 0.03);
  const postViews = (rows: number): View[] => [
    { name: "status 'Inactive'", filter: 'Inactive', rows: hidden(rows), sorts: ['title'] },
    { name: "status 'hidden'", filter: 'hidden', rows: hidden(rows) },
    { name: "status 'Gizli'", filter: 'Gizli', rows: hidden(rows) },
    { name: "status 'Active'", filter: 'Active', rows },
  ];
  const reports = (type: string, share: number): ListDef => ({
    key: `reports ${type}`,
    path: '/api/user/reports',
    query: { type },
    pageBase: 0,
    defaultOrder: byId,
    sortable: REPORT_SORTS,
    rows: Math.floor(p.reports * share),
    search: big,
    views: [
      { name: 'Pending', query: { state: 'Pending' }, rows: Math.floor(p.reports * share * 0.7), sorts: ['state', 'reported_by'], search: { common: ['bazaar'], rare: ['#4242'] } },
      { name: 'Resolved', query: { state: 'Resolved' }, rows: Math.floor(p.reports * share * 0.3), sorts: ['state'] },
      ...(type === 'post' ? filters.report : []),
    ],
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
      // data.ts: 85% Active, 8% Inactive, 5% Pending
      views: [
        { name: 'Active', query: { status: 'Active' }, rows: Math.floor(p.users * 0.85), sorts: ['name'] },
        { name: 'Inactive', query: { status: 'Inactive' }, rows: Math.floor(p.users * 0.08), sorts: ['name', 'created_at'], search: { common: ['bazaar'] } },
        { name: 'Pending', query: { status: 'Pending' }, rows: Math.floor(p.users * 0.05) },
        ...filters.user,
      ],
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
    { key: 'category', path: '/api/category', query: {}, pageBase: 0, defaultOrder: byName, sortable: NAMED_SORTS, rows: p.categories, search: small, views: filters.category },
    { key: 'tag', path: '/api/tag', query: {}, pageBase: 0, defaultOrder: byName, sortable: NAMED_SORTS, rows: p.tags + extra.tags, search: small },
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
      views: filters.spot,
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
      views: [...postViews(p.posts - itineraries), ...filters.post],
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
      views: [...postViews(itineraries).slice(0, 1), ...filters.itinerary],
    },
    reports('post', 0.4),
    reports('comment', 0.3),
    reports('user', 0.3),
    {
      // the moderation desk's open cases (about one per ten reports: data.ts), by priority
      key: 'moderation',
      path: '/api/moderation/cases',
      query: {},
      pageBase: 0,
      defaultOrder: { name: 'priority', direction: 'DESC' },
      sortable: ['priority', 'last_reported_at', 'first_reported_at', 'report_count', 'id'],
      rows: Math.floor(p.reports / 10),
      search: big,
      views: [
        { name: 'kind post', query: { kind: 'post' }, rows: Math.floor(p.reports * 0.04), sorts: ['last_reported_at'], search: { common: ['bazaar'] } },
        // the seed's first report category (the bootstrap makes none)
        { name: 'reason', query: { reason: '1' }, rows: Math.floor(p.reports * 0.04) },
        { name: 'holder none', query: { holder: 'none' }, rows: Math.floor(p.reports / 10) },
        { name: 'age older', query: { age: 'older' }, rows: Math.floor(p.reports / 10) },
      ],
    },
    { key: 'contentmanagement', path: '/api/page', query: {}, pageBase: 0, defaultOrder: byId, sortable: PAGE_SORTS, rows: p.contentPages, search: small },
  ];
}

export const orderParam = (name: string, direction: Direction) => JSON.stringify({ direction, name, type: 'default' });

function url(def: ListDef, extra: { pageIndex?: number; order?: { name: string; direction: Direction }; filter?: string; query?: Record<string, string> }): string {
  const q = new URLSearchParams({
    ...def.query,
    ...extra.query,
    page: String((extra.pageIndex ?? 0) + def.pageBase),
    limit: String(PAGE_SIZE),
    ...(extra.filter ? { filter: extra.filter } : {}),
    order: orderParam((extra.order ?? def.defaultOrder).name, (extra.order ?? def.defaultOrder).direction),
  });
  return `${def.path}?${q}`;
}

/** Every list case, in list order. Sorts are ascending (a header's first click); the first page is the default order. */
export function listCases(p: SeedParams, extra?: Extra): Case[] {
  const cases: Case[] = [];
  const deep = (rows: number) => rows > (DEEP_PAGE + 1) * PAGE_SIZE;
  for (const def of listDefs(p, extra)) {
    const add = (name: string, u: string) => cases.push({ list: def.key, name: `${def.key} · ${name}`, url: u });
    add('first page', url(def, {}));
    if (deep(def.rows)) add(`page ${DEEP_PAGE}`, url(def, { pageIndex: DEEP_PAGE }));
    for (const name of def.sortable) add(`sort ${name} ASC`, url(def, { order: { name, direction: 'ASC' } }));
    for (const [kind, terms] of Object.entries(def.search)) {
      for (const term of terms ?? []) add(`search ${kind} '${term}'`, url(def, { filter: term }));
    }
    for (const view of def.views ?? []) {
      const asked = { query: view.query, filter: view.filter };
      const deepest = view.query ? LAST_COUNTED_PAGE : DEEP_PAGE;
      const pages = view.rows > (deepest + 1) * PAGE_SIZE ? [0, deepest] : [0];
      const at = (pageIndex: number) => (pageIndex === 0 ? 'first page' : pageIndex === DEEP_PAGE ? `page ${DEEP_PAGE}` : `page ${pageIndex + 1}`);
      for (const pageIndex of pages) add(`${view.name} · ${at(pageIndex)}`, url(def, { ...asked, pageIndex }));
      for (const name of view.sorts ?? []) {
        for (const pageIndex of pages) add(`${view.name} · sort ${name} ASC · ${at(pageIndex)}`, url(def, { ...asked, pageIndex, order: { name, direction: 'ASC' } }));
      }
      for (const [kind, terms] of Object.entries(view.search ?? {})) {
        for (const term of terms ?? []) add(`${view.name} · search ${kind} '${term}'`, url(def, { ...asked, filter: term }));
      }
    }
  }
  return cases;
}
