// A throwaway declared resource holding one field of each value type added for issue 33: a day, a
// moment, a yes/no, a reference to another declared resource (the `testnotice` fixture: its title names
// the record) and an image.
import { byNewest } from '../../src/shared/resources/named';
import { plainCalls, RECORD_FIELDS } from '../../src/shared/resources/plain';
import { declareResource } from '../../src/shared/resources/types';

export const typed = declareResource({
  name: 'testtyped',
  label: 'resources.testtyped.name',
  rule: 'EmailTemplate-list',
  menu: { id: 'testtyped', path: '/testtyped', icon: 'article', order: 97 },
  api: plainCalls('/testtyped', byNewest),
  storage: { table: 'test_typed' },
  fields: {
    title: { type: 'text', required: true, list: true, form: true, show: true, sortable: true, searchable: true },
    starts_on: { type: 'date', required: true, list: true, form: true, show: true, sortable: true },
    opens_at: { type: 'dateTime', list: true, form: true, show: true, sortable: true },
    pinned: { type: 'boolean', list: true, form: true, show: true, sortable: true },
    notice: { type: 'reference', reference: 'testnotice', list: true, form: true, show: true },
    picture: { type: 'image', list: true, form: true, show: true },
    ...RECORD_FIELDS,
  },
});
