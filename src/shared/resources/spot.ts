// Spots (spec §2 "/spot", §7 "Spots"): places posts and itineraries link to.
import { statusBulk } from './bulk';
import { COUNTRY_FILTER, CREATED_FILTER, statusFilter } from './filters';
import { ACTIVE_STATUSES } from './plain';
import { declareResource } from './types';

export const spot = declareResource({
  name: 'spot',
  label: 'resources.spot.name',
  rule: 'Spot-list',
  permission: { label: 'app.permissions.Spot-list', order: 30 },
  menu: { id: 'spots', path: '/spot', icon: 'place', order: 40 },
  search: { table: 'spots' },
  audited: true,
  api: {
    list: '/spot',
    create: '/spot',
    update: '/spot',
    remove: '/spot/delete/:id',
    pageBase: 0,
    defaultOrder: { direction: 'DESC', name: 'id', type: 'default' },
    query: { typeUser: 'admin' },
    json: true,
  },
  fields: {
    id: { sortable: true },
    thumbnail_url: {},
    name: { sortable: true, searchable: true },
    country: { sortable: true, searchable: true },
    city: { searchable: true },
    // the author's name, copied onto the spot (db/authorNames.ts): one index answers a search
    created_by: { sortable: true, searchable: ['user_name'] },
    post_id: {},
    status: { sortable: true },
    created_at: { sortable: true },
  },
  // a CSV file of spots matched by name (issue 35), created by the person importing
  import: {
    match: 'name',
    columns: ['name', 'status', 'latitude', 'longitude', 'address', 'city', 'state', 'country', 'post_code'],
    required: ['name', 'status', 'latitude', 'longitude'],
    numbers: ['latitude', 'longitude'],
  },
  filters: [statusFilter(ACTIVE_STATUSES), COUNTRY_FILTER, CREATED_FILTER],
  bulk: { fields: [statusBulk(ACTIVE_STATUSES)] },
  dashboardCard: { statistic: 'spot', title: 'app.dashboard.spots', icon: 'Place', color: '#43a047', order: 20 },
});
