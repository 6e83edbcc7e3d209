// Categories (spec §2 "/category"): named, with a status; posts are filed under them. Several are added
// at once; the server stores names with the first letter capitalised.
import { byName, namedCalls, namedFields, namedTexts } from './named';
import { declareResource } from './types';

export const category = declareResource({
  name: 'category',
  label: 'resources.category.name',
  rule: 'Categories-list',
  permission: { label: 'app.permissions.Categories-list', order: 60 },
  menu: { id: 'categories', path: '/category', icon: 'category', order: 70 },
  storage: { table: 'categories', migrations: 'hand-written', counted: true },
  audited: true,
  api: namedCalls('/category', byName),
  fields: namedFields({ requiredName: 'categoryNameRequired', requiredInRow: 'categoryNameEmpty', requiredStatus: 'statusSelect' }),
  // a CSV file's rows matched to categories by name (issue 35)
  import: { match: 'name' },
  screens: { addRows: 'several', texts: namedTexts('category', 'category') },
  // the post and itinerary forms' pickers and the AI itineraries page read the list
  readers: ['post', 'itinerary', 'aiItineraries'],
  dashboardCard: { statistic: 'categoriescount', title: 'app.dashboard.categories', icon: 'Category', color: '#00897b', order: 50 },
});
