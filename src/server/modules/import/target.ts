// What the CSV import needs of a list (modules/import/): the form's rules for a row, the key that matches
// a record, and batched reads and writes. Each module gives its own (declared, users, spots); the engine
// (engine.ts) reads the file, checks, reports and writes through it.
import type { ZodType } from 'zod';
import type { ResourceDeclaration } from '@shared/resources/types';
import type { ErrorMessageKey } from '@shared/validation/messages';

/** A record a row matches: its id and the values it has now, or why the row may not change it. */
export type MatchedRecord = { id: number; row: Record<string, unknown> } | { refused: ErrorMessageKey };

export interface ImportTarget {
  resource: ResourceDeclaration;
  /** the kind of record the trail names (audit_log.entity) */
  entity: string;
  /** the form's rules over a row's cells (an empty cell is no value) */
  schema: ZodType;
  /** the fields an update writes (what the edit form changes) */
  updatable: readonly string[];
  /** a checked row's match key, folded as the list's duplicates are compared */
  keyOf(values: Record<string, unknown>): string;
  /** the records of these keys */
  matched(keys: readonly string[]): Promise<Map<string, MatchedRecord>>;
  /** adds the rows (checked values), answering the records as the trail keeps them */
  create(rows: readonly Record<string, unknown>[], actorId: number): Promise<Record<string, unknown>[]>;
  /** writes an update's changed fields */
  update(id: number, changes: Record<string, unknown>, before: Record<string, unknown>): Promise<void>;
}
