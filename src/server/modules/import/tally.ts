// What an import counts as it reads a file: rows to add, to update, unchanged, and the row errors, the
// first IMPORT_LISTED_ERRORS listed with their row, column and message (English and its catalogue key),
// the others only counted: a file of 10,000 bad rows answers a report of bounded size.
import { IMPORT_LISTED_ERRORS, type ImportReport, type ImportRowError } from '@shared/importCsv';
import { type ErrorMessageKey, englishMessage, englishText } from '@shared/validation/messages';

export class ImportTally {
  rows = 0;
  created = 0;
  updated = 0;
  unchanged = 0;
  invalid = 0;
  private errors: ImportRowError[] = [];
  private leftOff = 0;
  private lastInvalidRow = 0;

  /** A row refused by a form rule (its `validation.*` key, as the zod schemas carry it). */
  refuse(row: number, column: string | null, validationKey: string) {
    this.add({ row, column, key: validationKey, message: englishText(validationKey) });
  }

  /** A row refused by one of the server's messages. */
  refuseWith(row: number, column: string | null, key: ErrorMessageKey, values?: Record<string, string | number>) {
    this.add({ row, column, key: `messages.${key}`, message: englishMessage(key, values), ...(values ? { values } : {}) });
  }

  private add(error: ImportRowError) {
    if (error.row !== this.lastInvalidRow) {
      this.invalid++;
      this.lastInvalidRow = error.row;
    }
    if (this.errors.length < IMPORT_LISTED_ERRORS) this.errors.push(error);
    else this.leftOff++;
  }

  report(dryRun: boolean): ImportReport {
    const { rows, created, updated, unchanged, invalid } = this;
    return { dry_run: dryRun, rows, created, updated, unchanged, invalid, errors: this.errors, errors_left_off: this.leftOff };
  }
}
