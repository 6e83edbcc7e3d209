// Reading the CSV exports in tests (src/server/http/csv.ts writes them).

/** A strict RFC 4180 reader: CRLF after every line, quotes only around a whole field, doubled inside. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') cell += text[++i];
      else quoted = false;
    } else if (c === '"') {
      if (cell !== '' || wasQuoted) throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = wasQuoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
      wasQuoted = false;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      wasQuoted = false;
      i++;
    } else if (c === '\r' || c === '\n') {
      throw new Error(`a bare ${JSON.stringify(c)} outside quotes at ${i}`);
    } else cell += c;
  }
  if (quoted || cell !== '' || row.length) throw new Error('the file does not end with a whole line');
  return rows;
}
