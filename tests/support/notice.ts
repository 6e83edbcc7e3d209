// A throwaway declared resource whose fields make promises the server must keep (issue 33): a `unique`
// title, a slug made from it when left blank, and a rich-text body stored only after the allow-list.
import { byNewest } from '@shared/resources/named';
import { plainCalls, RECORD_FIELDS, STATUS_FIELD } from '@shared/resources/plain';
import { declareResource } from '@shared/resources/types';

export const notice = declareResource({
  name: 'testnotice',
  label: 'resources.testnotice.name',
  rule: 'EmailTemplate-list',
  menu: { id: 'testnotice', path: '/testnotice', icon: 'article', order: 96 },
  api: plainCalls('/testnotice', byNewest),
  storage: { table: 'test_notices' },
  fields: {
    title: { type: 'text', required: true, unique: true, list: true, form: true, show: true, sortable: true, searchable: true },
    slug: { type: 'slug', form: true, show: true },
    body: { type: 'richText', required: true, form: true, show: true },
    ...RECORD_FIELDS,
    status: STATUS_FIELD,
  },
});
