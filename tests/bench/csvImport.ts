// CSV import (issue 35): one upload of ROWS rows per list, checked (dry run) then written in one
// transaction, against react-admin-import-csv's one request per row. Goal: ≥ 10,000 rows a second for the
// import (check and write together: the server reads the file twice). Names carry the run's stamp so a
// reused database takes new rows each run.
import type { Figure } from './measure';

const ROWS = 20_000;
const GOAL_ROWS_PER_SECOND = 10_000;

interface ImportBenchOptions {
  port: number;
  auth: Record<string, string>;
  record: (f: Figure) => void;
}

/** The file of a list: its header and ROWS rows made by `row`. */
const fileOf = (header: string, row: (i: number) => string) => {
  const lines = [header];
  for (let i = 0; i < ROWS; i++) lines.push(row(i));
  return `${lines.join('\n')}\n`;
};

async function upload(port: number, auth: Record<string, string>, list: string, file: string, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), `${list}.csv`);
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/${list}/import${dryRun ? '?dry_run=true' : ''}`, { method: 'POST', headers: auth, body: form });
  const body = (await res.json()) as { data?: { created?: number; invalid?: number } };
  return { seconds: (performance.now() - t0) / 1000, status: res.status, created: body.data?.created ?? 0, invalid: body.data?.invalid ?? 0 };
}

export async function importFigures({ port, auth, record }: ImportBenchOptions) {
  const stamp = Date.now().toString(36);
  const letters = (i: number) => i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
  const files: [list: string, label: string, file: string][] = [
    ['category', 'categories', fileOf('name,status', (i) => `Bench ${stamp} ${i},Active`)],
    // names are letters only (the user form's rule); no password: imported people use "forgot password"
    ['user', 'users', fileOf('name,email,phone,country_code,status', (i) => `Bench ${letters(i)},bench-${stamp}-${i}@example.com,+90532${String(i).padStart(7, '0')},+90,Active`)],
    ['spot', 'spots', fileOf('name,status,latitude,longitude,city,country', (i) => `Bench spot ${stamp} ${i},Active,${(i % 170) - 85}.${i},${(i % 340) - 170}.5,Istanbul,Turkey`)],
  ];
  for (const [list, label, file] of files) {
    const check = await upload(port, auth, list, file, true);
    const write = await upload(port, auth, list, file, false);
    const rate = ROWS / write.seconds;
    const wrong = [check, write].filter((r) => r.status !== 200 || r.invalid || r.created !== ROWS).map((r) => `HTTP ${r.status}, ${r.created} new, ${r.invalid} invalid`);
    record({
      name: `import · ${ROWS.toLocaleString('en')} ${label} from one CSV`,
      n: '1',
      p50: `${(write.seconds * 1000).toFixed(0)}`,
      p95: '-',
      p99: '-',
      goal: `≥ ${GOAL_ROWS_PER_SECOND.toLocaleString('en')} rows/s`,
      result: !wrong.length && rate >= GOAL_ROWS_PER_SECOND ? 'PASS' : 'FAIL',
      detail:
        `import ${Math.round(rate).toLocaleString('en')} rows/s (${write.seconds.toFixed(2)} s: checked, then written in one transaction with an entry per record); ` +
        `dry run alone ${Math.round(ROWS / check.seconds).toLocaleString('en')} rows/s, ${(file.length / 1024 / 1024).toFixed(1)} MB${wrong.length ? `; ${wrong.join('; ')}` : ''}`,
    });
  }
}
