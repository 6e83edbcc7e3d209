// The CSV import of a list (issue 35): its limits, its columns and the report both sides read. A file
// is UTF-8 (with or without a byte order mark), UTF-16 with its mark, or in an encoding the caller names.
import { formFields } from './resources/fields';
import type { ResourceDeclaration } from './resources/types';

/** The largest file taken: read as it arrives, refused (413) as soon as it is larger. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most rows of one file (written in one transaction: a larger file is split by whoever sends it). */
export const IMPORT_MAX_ROWS = 50_000;
/** The row errors a report lists; the others are counted. */
export const IMPORT_LISTED_ERRORS = 100;
/** The encodings a caller may name for a file without a byte order mark (utf-8 otherwise). */
export const IMPORT_ENCODINGS = ['utf-8', 'windows-1254', 'windows-1256', 'iso-8859-1'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** The columns a file of the resource may hold. */
export const importColumns = (resource: ResourceDeclaration): readonly string[] =>
  resource.import?.columns ?? formFields(resource).map((f) => f.name);

/** The columns each row must fill. */
export const requiredImportColumns = (resource: ResourceDeclaration): readonly string[] =>
  resource.import?.required ?? formFields(resource).filter((f) => f.required).map((f) => f.name);

/** The resources whose list takes a CSV file. */
export const importable = (resources: readonly ResourceDeclaration[]) => resources.filter((r) => r.import);

/** A row the import refuses: its line in the file (the header is line 1), the column, and why. */
export interface ImportRowError {
  row: number;
  column: string | null;
  /** the English text */
  message: string;
  /** its catalogue key (`validation.*` or `messages.*`) and values, for the admin's language */
  key: string;
  values?: Record<string, string | number>;
}

/** What a check (dry run) or an import answers. */
export interface ImportReport {
  dry_run: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  invalid: number;
  /** the first IMPORT_LISTED_ERRORS row errors */
  errors: ImportRowError[];
  /** the row errors not listed */
  errors_left_off: number;
}
