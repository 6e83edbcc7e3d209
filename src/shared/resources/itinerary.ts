// Itineraries (spec §2 "/itinerary"): posts of type itinerary; created from the AI itineraries page.
import { POST_BULK, POST_FIELDS, POST_FILTERS } from './post';
import { declareResource } from './types';

export const itinerary = declareResource({
  name: 'itinerary',
  label: 'resources.itinerary.name',
  rule: 'Itinerary-list',
  permission: { label: 'app.permissions.Itinerary-list', order: 50 },
  menu: { id: 'itineraries', path: '/itinerary', icon: 'route', order: 60 },
  search: { table: 'posts' },
  audited: true,
  api: {
    list: '/post',
    one: '/post/:id',
    // the post form's call edits an itinerary too (issue 32 m23: an addition to spec §2's View, Delete)
    update: '/post/createUpdateAdminPost',
    remove: '/post/adminPostDelete/:id',
    sequence: '/post/sequence/change',
    pageBase: 0,
    defaultOrder: { direction: 'DESC', name: 'id', type: 'default' },
    query: { type: 'itinerary' },
  },
  fields: POST_FIELDS,
  filters: POST_FILTERS,
  bulk: POST_BULK,
  dashboardCard: { statistic: 'itinerary', title: 'app.dashboard.itineraries', icon: 'Route', color: '#f4511e', order: 40 },
});
