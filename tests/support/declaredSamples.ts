// One row per field type a form takes: a value the type accepts and, where there is one, a value it must
// refuse with a 400. The generic suite (tests/api/declared-suite.test.ts) builds every record of every
// declared resource from this table, so a new field type is one row here (the type check asks for it).
import type { FieldType } from '../../src/shared/resources/types';

/** The types the server writes itself (no form takes them). */
export type ServerFieldType = 'id' | 'timestamp';
export interface Sample {
  valid: unknown;
  invalid?: unknown;
}

export const SAMPLE_VALUES: { [type in Exclude<FieldType, ServerFieldType>]: Sample } = {
  text: { valid: 'Sample text', invalid: 'Bell\u0007 inside' },
  longText: { valid: 'Sample long text\nSecond line', invalid: 'NUL\u0000 inside' },
  // a choice field takes its own `choices` (the suite picks them); this one is in none
  choice: { valid: 'Sample choice', invalid: 'Not one of the choices' },
  number: { valid: 7, invalid: 1.5 },
  slug: { valid: 'sample-slug', invalid: 'Not a slug!' },
  richText: { valid: '<p>Sample <strong>rich</strong> text</p>', invalid: { html: 'not a string' } },
};
