// A throwaway declared resource holding one field of every type a form takes (FIELD_TYPES, the server's
// `id` and timestamps from RECORD_FIELDS): the generic suite (tests/api/declared-suite.test.ts) runs over
// it, so a field type added tomorrow is served, searched, sorted, exported and refused like the others.
import { byNewest } from '@shared/resources/named';
import { plainCalls, RECORD_FIELDS } from '@shared/resources/plain';
import { FIELD_TYPES, type FieldDeclaration, type ResourceDeclaration } from '@shared/resources/types';
import { SAMPLE_VALUES } from './declaredSamples';

/** What a type needs beside the common flags to be declared at all. */
const NEEDS: Partial<Record<(typeof FIELD_TYPES)[number], Partial<FieldDeclaration>>> = {
  choice: { choices: ['Alpha', 'Beta', 'Gamma', 'Delta'] },
  // the one unique field (its taken values are refused: the suite's race test runs over it too)
  text: { unique: true },
  // records the suite makes first (tests/api/declared-suite.test.ts `referenced`)
  reference: { reference: 'testnotice', searchable: false },
  // nothing a search box would type: a yes/no, an id, a file's path
  boolean: { searchable: false },
  image: { searchable: false },
};

const formTypes = FIELD_TYPES.filter((type): type is keyof typeof SAMPLE_VALUES => Object.hasOwn(SAMPLE_VALUES, type));

export const everyType: ResourceDeclaration = {
  name: 'testeverytype',
  label: 'resources.testeverytype.name',
  rule: 'EmailTemplate-list',
  menu: { id: 'testeverytype', path: '/testeverytype', icon: 'list', order: 97 },
  api: plainCalls('/testeverytype', byNewest),
  storage: { table: 'test_every_types' },
  fields: {
    ...Object.fromEntries(
      formTypes.map((type) => [
        `a_${type.toLowerCase()}`,
        { type, required: true, list: true, form: true, show: true, sortable: true, searchable: true, ...NEEDS[type] } satisfies FieldDeclaration,
      ]),
    ),
    ...RECORD_FIELDS,
  },
};
