// The rows of an uploaded CSV file, read as a stream (csv-parse): the text decoded by its byte order mark
// (UTF-8, UTF-16), else as the encoding named (UTF-8 by default, checked: bytes that are no UTF-8 are a 400
// rather than names garbled), the separator taken from the header line (`,`, or `;` and tab as Excel
// writes them in Turkish or German). Row numbers are the spreadsheet's: the header is row 1.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { ImportEncoding } from '@shared/importCsv';
import { importRefusal } from './refusal';

/** The encoding a byte order mark (or UTF-16's zero bytes) says, if any. */
function sniffed(head: Buffer): string | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  // UTF-16 saved without its mark: ASCII column names leave every other byte zero
  if (head.length >= 4 && head[1] === 0 && head[3] === 0 && head[0] !== 0) return 'utf-16le';
  if (head.length >= 4 && head[0] === 0 && head[2] === 0 && head[1] !== 0) return 'utf-16be';
  return undefined;
}

/** The file's text, piece by piece. */
async function* decoded(file: string, encoding: ImportEncoding): AsyncGenerator<string> {
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  const notText = () => importRefusal(400, 'importNotUtf8');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    // the mark itself is dropped by the decoder (ignoreBOM: false)
    decoder ??= new TextDecoder(sniffed(chunk) ?? encoding, { fatal: true });
    try {
      yield decoder.decode(chunk, { stream: true });
    } catch {
      throw notText();
    }
  }
  try {
    if (decoder) yield decoder.decode();
  } catch {
    throw notText();
  }
}

/** The separator of the header line: the one of `,` `;` tab it holds most (a comma when none). */
function separatorOf(text: string): string {
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((s) => [s, line.split(s).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/** The text pieces, the start (its header line) shown to `seen` before any is given out. */
async function* peeked(pieces: AsyncGenerator<string>, seen: (first: string) => void): AsyncGenerator<string> {
  let first = '';
  // enough of the start to hold the header line (next(), not for-of: a break would close the generator)
  while (first.length < 4096 && !first.includes('\n')) {
    const next = await pieces.next();
    if (next.done) break;
    first += next.value;
  }
  seen(first);
  if (first) yield first;
  yield* pieces;
}

/** Each record of the file (the header first) with its row number. */
export async function* csvRecords(file: string, encoding: ImportEncoding): AsyncGenerator<{ row: number; cells: string[] }> {
  let delimiter = ',';
  const text = peeked(decoded(file, encoding), (first) => (delimiter = separatorOf(first)));
  // the first piece is read before the parser is made, so that it knows the separator
  const first = await text.next();
  const parser = parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, max_record_size: 1024 * 1024 });
  const source = Readable.from((async function* () {
    if (!first.done) yield first.value;
    yield* text;
  })());
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) yield { row: ++row, cells };
  } catch (err) {
    if (err instanceof CsvError) throw importRefusal(400, 'importMalformed', { line: Number((err as { lines?: number }).lines ?? row + 1), problem: err.message });
    throw err;
  } finally {
    source.destroy();
  }
}
