// Users (spec §2 "/user", §7 "Users"): the product's people. Sub-Admins share the calls (subadmin.ts).
import { statusBulk } from './bulk';
import { COUNTRY_FILTER, CREATED_FILTER, statusFilter } from './filters';
import { type ApiCalls, declareResource } from './types';

/** The user calls, for one type of account (users and Sub-Admins share them, spec §7 "Users"). */
export const accountCalls = (userType: 'User' | 'Sub-Admin', pageBase: 0 | 1) =>
  ({
    list: '/user',
    one: '/user/login/:id',
    create: '/user',
    update: '/user/update-user',
    remove: '/user/delete/:id',
    pageBase,
    defaultOrder: { direction: 'DESC', name: 'id', type: 'default' },
    query: { user_type: userType },
    createFields: { user_type: userType },
  }) as const satisfies ApiCalls;

export const user = declareResource({
  name: 'user',
  label: 'resources.user.name',
  rule: 'User-list',
  permission: { label: 'app.permissions.User-list', order: 10 },
  menu: { id: 'users', path: '/user', icon: 'people', order: 20 },
  search: { table: 'users' },
  audited: true,
  api: { ...accountCalls('User', 1), sequence: '/user/sequence/change', bulk: '/user/bulk-action' },
  // `status` as the dashboard's status chips set it; a user has posts or spots by the counts on its row
  filters: [
    statusFilter(['Pending', 'Active', 'Inactive']),
    COUNTRY_FILTER,
    { name: 'has_posts', kind: 'yesNo', label: 'app.filters.has_posts' },
    { name: 'has_spots', kind: 'yesNo', label: 'app.filters.has_spots' },
    CREATED_FILTER,
  ],
  fields: {
    id: { sortable: true },
    thumbnail: {},
    name: { sortable: true, searchable: true },
    // the spec's sort name for the name column
    username: { sortable: true },
    email: { sortable: true, searchable: true },
    phone: { sortable: true, searchable: true },
    location: { sortable: true },
    postCount: { sortable: true },
    userSpotCount: { sortable: true },
    itineraryCount: { sortable: true },
    sequence: { sortable: true },
    created_at: { sortable: true },
    status: { sortable: true, searchable: true },
  },
  bulkActions: ['delete', 'inactive', 'active'],
  // a status as the user form sets it (an account leaving Active is signed out, as there)
  bulk: { fields: [statusBulk(['Active', 'Inactive', 'Pending'])] },
  // a CSV file of product users matched by email (issue 35): no password column, the person sets one
  // through "forgot password"; an update changes what the edit form changes (name, status)
  import: {
    match: 'email',
    columns: ['name', 'email', 'phone', 'country_code', 'status'],
    required: ['name', 'email', 'phone', 'status'],
    numbers: ['phone', 'country_code'],
  },
  dashboardCard: { statistic: 'user', title: 'app.dashboard.total_users', icon: 'People', color: '#1e88e5', order: 10 },
});
