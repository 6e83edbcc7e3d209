// Categories (spec §2 "/category"): named, with a status; posts are filed under them.
import { byName, NAMED_FIELDS, namedCalls } from './named';
import { declareResource } from './types';

export const category = declareResource({
  name: 'category',
  label: 'resources.category.name',
  rule: 'Categories-list',
  menu: { id: 'categories', path: '/category', icon: 'category', order: 70 },
  api: namedCalls('/category', byName),
  fields: NAMED_FIELDS,
  dashboardCard: { statistic: 'categoriescount', title: 'app.dashboard.categories', icon: 'Category', color: '#00897b', order: 50 },
});
