// Tags (spec §2 "/tag"): lower-case names with a status.
import { byName, NAMED_FIELDS, namedCalls } from './named';
import { declareResource } from './types';

export const tag = declareResource({
  name: 'tag',
  label: 'resources.tag.name',
  rule: 'Tags-list',
  menu: { id: 'tags', path: '/tag', icon: 'tag', order: 80 },
  api: namedCalls('/tag', byName),
  fields: NAMED_FIELDS,
  dashboardCard: { statistic: 'tag', title: 'app.dashboard.tags', icon: 'LocalOffer', color: '#fdd835', order: 60 },
});
