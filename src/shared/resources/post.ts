// Posts (spec §2 "/post", §7 "Posts"): what users share; itineraries are posts of another type.
import { statusBulk } from './bulk';
import { COUNTRY_FILTER, CREATED_FILTER, statusFilter } from './filters';
import { ACTIVE_STATUSES } from './plain';
import { declareResource, type ResourceDeclaration } from './types';

/** The fields of the post and itinerary lists (one call, told apart by `type`). */
export const POST_FIELDS = {
  id: { sortable: true },
  image: {},
  title: { sortable: true, searchable: true },
  description: { sortable: true, searchable: true },
  // the author's name, copied onto the post (db/authorNames.ts)
  user: { sortable: true, searchable: ['user_name'] },
  spotCount: {},
  is_planeed: { sortable: true },
  is_public: { sortable: true },
  sequence: { sortable: true },
  created_at: { sortable: true },
} as const satisfies ResourceDeclaration['fields'];

/**
 * The filters of the post and itinerary lists: live (Active) or hidden (Inactive), a category, a tag, an
 * author, the country of one of its spots, Public and Planned, the creation date.
 */
export const POST_FILTERS = [
  statusFilter(ACTIVE_STATUSES),
  { name: 'category', kind: 'reference', label: 'app.filters.category', reference: 'category' },
  { name: 'tag', kind: 'reference', label: 'app.filters.tag', reference: 'tag' },
  { name: 'author', kind: 'reference', label: 'app.filters.author', reference: 'user' },
  { ...COUNTRY_FILTER, label: 'app.filters.spot_country' },
  { name: 'public', kind: 'yesNo', label: 'app.filters.public' },
  { name: 'planned', kind: 'yesNo', label: 'app.filters.planned' },
  CREATED_FILTER,
] as const satisfies ResourceDeclaration['filters'];

/**
 * What the post and itinerary lists change in bulk: live or hidden, a category or tag added or removed,
 * Public; a delete puts them in the Trash.
 */
export const POST_BULK = {
  fields: [
    statusBulk(ACTIVE_STATUSES),
    { name: 'category', kind: 'links', label: 'app.filters.category', reference: 'category' },
    { name: 'tag', kind: 'links', label: 'app.filters.tag', reference: 'tag' },
    { name: 'is_public', kind: 'yesNo', label: 'app.filters.public' },
  ],
  delete: true,
} as const satisfies ResourceDeclaration['bulk'];

export const post = declareResource({
  name: 'post',
  label: 'resources.post.name',
  rule: 'Post-list',
  permission: { label: 'app.permissions.Post-list', order: 40 },
  menu: { id: 'posts', path: '/post', icon: 'photo', order: 50 },
  search: { table: 'posts' },
  audited: true,
  api: {
    list: '/post',
    one: '/post/:id',
    create: '/post/createUpdateAdminPost',
    update: '/post/createUpdateAdminPost',
    remove: '/post/adminPostDelete/:id',
    sequence: '/post/sequence/change',
    pageBase: 0,
    defaultOrder: { direction: 'DESC', name: 'id', type: 'default' },
    query: { type: 'post' },
  },
  fields: POST_FIELDS,
  filters: POST_FILTERS,
  bulk: POST_BULK,
  dashboardCard: { statistic: 'post', title: 'app.dashboard.posts', icon: 'PhotoLibrary', color: '#8e24aa', order: 30 },
});
