// Posts (spec §2 "/post", §7 "Posts"): what users share; itineraries are posts of another type.
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
  dashboardCard: { statistic: 'post', title: 'app.dashboard.posts', icon: 'PhotoLibrary', color: '#8e24aa', order: 30 },
});
