// One row per field type a form takes: a value the type accepts and a value it must refuse with a 400.
// The generic suite (tests/api/declared-suite.test.ts) builds every record of every declared resource from
// this table, and the field-type tests read it, so a new field type is one row here (the type check asks
// for it). Two values need a record first: a `reference` names a record of the referenced resource (make
// one and use its id), and an `image` an /uploads/declared/ path as the upload call answers it (this one is
// well-formed: the server checks the path is the declared resources' upload, not that the file is there).
import type { FieldType } from '@shared/resources/types';

/** The types the server writes itself (no form takes them). */
export type ServerFieldType = 'id' | 'timestamp';
export interface Sample {
  valid: unknown;
  invalid: unknown;
}

export const SAMPLE_VALUES: { [type in Exclude<FieldType, ServerFieldType>]: Sample } = {
  text: { valid: 'Summer sale', invalid: 'bad\u0007text' },
  longText: { valid: 'First line\nSecond line', invalid: 'bad\u0000text' },
  // a choice field takes its own `choices` (the suite picks them)
  choice: { valid: 'Active', invalid: 'Sometimes' },
  number: { valid: 42, invalid: 4.5 },
  slug: { valid: 'summer-sale', invalid: 'Summer sale!' },
  richText: { valid: '<p>Summer <strong>sale</strong></p>', invalid: 'bad\u0000text' },
  date: { valid: '2026-11-26', invalid: '2026-02-30' },
  dateTime: { valid: '2026-11-26T21:30:00.000Z', invalid: '2026-11-26T25:00' },
  boolean: { valid: true, invalid: 'perhaps' },
  reference: { valid: 1, invalid: 'first' },
  image: { valid: '/uploads/declared/0b6f4a0e-6a1c-4c55-9a1b-3c0e6d1f2a7b.png', invalid: 'https://evil.example/x.png' },
};
