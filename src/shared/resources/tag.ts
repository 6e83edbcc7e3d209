// Tags (spec §2 "/tag"): lower-case names (lower-cased as they are typed) with a status; several are
// added at once.
import { byName, namedCalls, namedFields, namedTexts } from './named';
import { declareResource } from './types';

export const tag = declareResource({
  name: 'tag',
  label: 'resources.tag.name',
  rule: 'Tags-list',
  permission: { label: 'app.permissions.Tags-list', order: 70 },
  menu: { id: 'tags', path: '/tag', icon: 'tag', order: 80 },
  storage: { table: 'tags', migrations: 'hand-written', counted: true },
  audited: true,
  api: namedCalls('/tag', byName),
  fields: namedFields({ requiredName: 'tagNameRequired', requiredInRow: 'tagNameEmpty', requiredStatus: 'tagStatusRequired' }, 'lowercase'),
  // a CSV file's rows matched to tags by name (issue 35)
  import: { match: 'name' },
  screens: { addRows: 'several', texts: namedTexts('tag', 'tag') },
  // the post and itinerary forms' pickers read the list
  readers: ['post', 'itinerary'],
  dashboardCard: { statistic: 'tag', title: 'app.dashboard.tags', icon: 'LocalOffer', color: '#fdd835', order: 60 },
});
