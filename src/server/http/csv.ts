// A list as CSV (RFC 4180): a header row of the answer's field names, then one line per row, CRLF line
// ends, every text cell quoted (its quotes doubled), and a UTF-8 byte order mark first, without which
// Excel reads the file in the machine's code page (Turkish and Arabic names come out garbled).
//
// CSV injection (OWASP): a spreadsheet runs a cell that starts with =, +, -, @, tab or CR as a formula
// (`=HYPERLINK(...)` in a name typed by anyone who can sign up). Such a text cell gets a single quote
// before it, which spreadsheets show as text. Excel splits a file on the separator of the machine's
// locale, `;` in Turkish and German, and reads `Nice trip;=HYPERLINK(...);x` there as three cells: so
// every text cell is quoted (one cell wherever the quotes are honoured), and every piece of it that
// follows a `,`, `;`, tab or line break and starts with a formula character (after spaces or quotes)
// gets the quote too, for a reader that splits inside the quotes. A value that is a number in the
// answer (a count, an id, a coordinate, -5) is written as it is, unquoted: its text is only digits, a
// sign and a point, which no spreadsheet runs, and prefixing or quoting it would turn the column into
// text. A string that looks like a number ('-2' as a category name, '+90' as a country code) is text
// and is prefixed.

/** The first bytes of the file: the UTF-8 byte order mark. */
export const CSV_BOM = '\uFEFF';

/** A piece of text a spreadsheet would run: a formula character, after spaces or quotes; a tab or CR first. */
const FORMULA = /^(?:[\s"]*[=+\-@]|[\t\r])/;
/** Does a text start like a formula (the CSV import refuses such a cell in a text column)? */
export const startsLikeFormula = (text: string) => FORMULA.test(text);
/** Where a reader may split a cell: after a separator of any locale, or a line break. */
const PIECES = /(?<=[,;\t\r\n])/;

/** A value as the JSON answer holds it, as one cell's text (neutralised and quoted). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return quoted(neutralised(flat(value)));
}

/**
 * Nested values flattened: a list of names (or of plain values) joined with '; ', any other object as
 * its JSON, a date as JSON writes it.
 */
function flat(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => (isNamed(item) ? item.name : typeof item === 'object' && item !== null ? JSON.stringify(item) : flat(item))).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isNamed = (item: unknown): item is { name: string } => typeof item === 'object' && item !== null && typeof (item as { name?: unknown }).name === 'string';

/** Each piece that would run as a formula, prefixed with a single quote. */
const neutralised = (text: string) =>
  text
    .split(PIECES)
    .map((piece) => (FORMULA.test(piece) ? `'${piece}` : piece))
    .join('');
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** One line: the cells, separated by commas, ended by CRLF. */
export const csvLine = (cells: readonly string[]) => `${cells.join(',')}\r\n`;

/**
 * Text pieces are yielded at about this many characters: a longer string would be allocated outside the
 * young generation (V8's large objects, from 128 KB) and stay until a full collection, so that an
 * export of a million rows would grow the heap by the hundreds of megabytes it wrote.
 */
const PIECE = 32 * 1024;

/** The columns of a file: their headers, and a row's values in that order. */
export interface CsvColumns {
  headers: readonly string[];
  values: (row: Record<string, unknown>) => readonly unknown[];
}

/**
 * The file's text, piece by piece: the byte order mark and the header first (`columns`' headers; else
 * the first row's field names, `fields` when there is no row), then the rows' lines. `sent.rows` counts
 * the rows of the pieces given out so far (an export's audit entry says how many rows left the server).
 */
export async function* csvText(
  batches: AsyncIterable<readonly Record<string, unknown>[]>,
  fields: readonly string[] = [],
  sent: { rows: number } = { rows: 0 },
  columns?: CsvColumns,
): AsyncGenerator<string> {
  let header: readonly string[] | undefined;
  let text = CSV_BOM;
  let rowsInText = 0;
  const piece = () => {
    sent.rows += rowsInText;
    rowsInText = 0;
    const out = text;
    text = '';
    return out;
  };
  // headers the caller named are guarded as any cell
  if (columns) text += csvLine(columns.headers.map(csvCell));
  for await (const rows of batches) {
    if (!rows.length) continue;
    if (!header) {
      header = columns?.headers ?? Object.keys(rows[0]);
      if (!columns) text += csvLine(header.map(quoted));
    }
    for (const row of rows) {
      text += csvLine(columns ? columns.values(row).map(csvCell) : header.map((field) => csvCell(row[field])));
      rowsInText++;
      if (text.length >= PIECE) yield piece();
    }
  }
  if (!header && !columns && fields.length) text += csvLine(fields.map(quoted));
  if (text) yield piece();
}
