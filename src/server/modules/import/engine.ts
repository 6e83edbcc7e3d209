// The CSV import (issue 35): a file is read from its temporary copy as a stream, never held in memory. Each
// row is checked by the list's form rules (the same zod schemas, so the same messages), its match key against
// the file's earlier rows and the records (500 at a time). A dry run answers that report. An import is
// checked and written in ONE transaction, 500 rows a statement, each record with its `import` entry in the
// trail: it commits whole, or, at any invalid row, not at all.
import { IMPORT_MAX_ROWS, type ImportEncoding, importColumns, requiredImportColumns } from '@shared/importCsv';
import type { AppContext } from '@server/context';
import { startsLikeFormula } from '@server/http/csv';
import { changedFields } from '../audit/changes';
import { atomically, writeAudit } from '../audit/trail';
import { csvRecords } from './csvRows';
import { importRefusal } from './refusal';
import type { ImportTarget } from './target';
import { ImportTally } from './tally';

/** Rows read, matched and written at a time. */
const BATCH = 500;

/** A row that passed the form's rules: its values as stored and its match key. */
interface CheckedRow {
  row: number;
  values: Record<string, unknown>;
  key: string;
}

/** The header's column names (lower case, '' for an unnamed one), refused when the list does not take them. */
function headerOf(target: ImportTarget, cells: string[]): string[] {
  const accepted = importColumns(target.resource);
  const columns = accepted.join(', ');
  const names = cells.map((c) => c.trim().toLowerCase());
  if (!names.some((n) => accepted.includes(n))) throw importRefusal(400, 'importNoHeader', { columns });
  const unknown = names.filter((n) => n !== '' && !accepted.includes(n));
  if (unknown.length) throw importRefusal(400, 'importUnknownColumns', { unknown: unknown.join(', '), columns });
  const repeated = names.find((n, i) => n !== '' && names.indexOf(n) !== i);
  if (repeated) throw importRefusal(400, 'importRepeatedColumn', { column: repeated });
  const missing = requiredImportColumns(target.resource).filter((c) => !names.includes(c));
  if (missing.length) throw importRefusal(400, 'importMissingColumns', { missing: missing.join(', ') });
  return names;
}

/** A row's values checked by the form's rules, or null with its errors counted. */
function checkRow(target: ImportTarget, header: string[], row: number, cells: string[], tally: ImportTally): CheckedRow | null {
  if (cells.slice(header.length).some((c) => c.trim() !== '')) {
    tally.refuseWith(row, null, 'importCellCount', { found: cells.length, expected: header.length });
    return null;
  }
  const numbers = target.resource.import?.numbers ?? [];
  const values: Record<string, string> = {};
  let formulas = false;
  header.forEach((column, i) => {
    const cell = cells[i] ?? '';
    if (!column || cell.trim() === '') return;
    // OWASP CSV injection: a text cell a spreadsheet would run is refused, not stored (a sign in a number column is a sign)
    if (!numbers.includes(column) && startsLikeFormula(cell)) {
      tally.refuseWith(row, column, 'importFormula');
      formulas = true;
    }
    values[column] = cell;
  });
  if (formulas) return null;
  const parsed = target.schema.safeParse(values);
  if (!parsed.success) {
    const refused = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '');
      if (refused.has(column)) continue;
      refused.add(column);
      tally.refuse(row, column || null, issue.message);
    }
    return null;
  }
  const checked = parsed.data as Record<string, unknown>;
  return { row, values: checked, key: target.keyOf(checked) };
}

/**
 * Reads the file's rows, checks each, and hands the valid ones to `batch` BATCH at a time (a row repeating
 * an earlier row's key is an error). A file without rows, with more than IMPORT_MAX_ROWS, or whose header
 * is not the list's, is refused whole.
 */
async function walk(target: ImportTarget, file: string, encoding: ImportEncoding, tally: ImportTally, batch: (rows: CheckedRow[], header: string[]) => Promise<void>) {
  const match = target.resource.import!.match;
  let header: string[] | undefined;
  const seen = new Map<string, number>();
  let rows: CheckedRow[] = [];
  for await (const { row, cells } of csvRecords(file, encoding)) {
    if (!header) {
      header = headerOf(target, cells);
      continue;
    }
    if (++tally.rows > IMPORT_MAX_ROWS) throw importRefusal(413, 'importTooManyRows', { max: IMPORT_MAX_ROWS });
    const checked = checkRow(target, header, row, cells, tally);
    if (!checked) continue;
    const first = seen.get(checked.key);
    if (first !== undefined) {
      tally.refuseWith(row, match, 'importRepeatedRow', { first, column: match });
      continue;
    }
    seen.set(checked.key, row);
    rows.push(checked);
    if (rows.length >= BATCH) {
      await batch(rows, header);
      rows = [];
    }
  }
  if (!tally.rows) throw importRefusal(400, 'importEmpty');
  if (header && rows.length) await batch(rows, header);
}

/**
 * The rows of a batch to add and to update (the changed fields among the file's columns: a column the file
 * leaves out keeps its value), counted; a record the row may not change is its error.
 */
async function planBatch(target: ImportTarget, rows: CheckedRow[], header: string[], tally: ImportTally) {
  const match = target.resource.import!.match;
  const matched = await target.matched(rows.map((r) => r.key));
  const creates: CheckedRow[] = [];
  const updates: { id: number; before: Record<string, unknown>; changes: Record<string, unknown> }[] = [];
  for (const checked of rows) {
    const record = matched.get(checked.key);
    if (!record) {
      creates.push(checked);
      tally.created++;
    } else if ('refused' in record) {
      tally.refuseWith(checked.row, match, record.refused);
    } else {
      const sent = Object.fromEntries(target.updatable.filter((f) => header.includes(f) && checked.values[f] !== undefined).map((f) => [f, checked.values[f]]));
      const changed = changedFields(record.row, sent).map((c) => c.field);
      if (!changed.length) tally.unchanged++;
      else {
        updates.push({ id: record.id, before: record.row, changes: Object.fromEntries(changed.map((f) => [f, sent[f]])) });
        tally.updated++;
      }
    }
  }
  return { creates, updates };
}

/** Thrown to roll back an import that met an invalid row (its report says which). */
class InvalidRows extends Error {}

/**
 * Checks the file (`dryRun`: only that) or imports it: checked and written in one pass, in one transaction,
 * from the first row to the last; an invalid row stops the writing (the rest is still checked, for the
 * report) and rolls everything back. Answers the report.
 */
export async function runImport(ctx: AppContext, target: ImportTarget, file: string, opts: { dryRun: boolean; encoding: ImportEncoding; actorId: number }) {
  const tally = new ImportTally();
  if (opts.dryRun) {
    await walk(target, file, opts.encoding, tally, async (rows, header) => void (await planBatch(target, rows, header, tally)));
    return tally.report(true);
  }
  try {
    await atomically(ctx, async () => {
      await walk(target, file, opts.encoding, tally, async (rows, header) => {
        const { creates, updates } = await planBatch(target, rows, header, tally);
        if (tally.invalid) return;
        const created = creates.length ? await target.create(creates.map((c) => c.values), opts.actorId) : [];
        for (const u of updates) await target.update(u.id, u.changes, u.before);
        const entry = { actorId: opts.actorId, action: 'import', entity: target.entity };
        await writeAudit(ctx, [
          ...created.map((row) => ({ ...entry, entityId: Number(row.id), detail: { created: row } })),
          ...updates.map((u) => ({ ...entry, entityId: u.id, detail: { before: u.before, after: u.changes } })),
        ]);
      });
      if (tally.invalid) throw new InvalidRows();
    });
  } catch (err) {
    if (!(err instanceof InvalidRows)) throw err;
  }
  return tally.report(false);
}
