// Timing helpers: an HTTP client over one keep-alive connection, percentiles, the statements a
// request ran (captured through openDatabase's `log` hook) and their re-run straight on the database.
import http from 'node:http';
import SQLite from 'better-sqlite3';
import type { LogEvent } from 'kysely';
import pg from 'pg';
import { SEARCH_FOLD, searchFold } from '@server/db/search';

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** Calls over a single keep-alive socket to the server on loopback, one at a time: GETs, and POSTs of JSON. */
export function httpClient(port: number, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const call = (path: string, json?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const t0 = performance.now();
      const body = json === undefined ? undefined : JSON.stringify(json);
      const method = body === undefined ? 'GET' : 'POST';
      const sent = body === undefined ? headers : { ...headers, 'content-type': 'application/json' };
      const req = http.request({ host: '127.0.0.1', port, path, agent, method, headers: sent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { get: (path: string) => call(path), post: (path: string, json: unknown) => call(path, json), close: () => agent.destroy() };
}

/** A CSV download read and thrown away as it comes: its status, bytes, records (CRLF outside quotes) and time. */
export function downloadCsv(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number; records: number; ms: number }>((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let bytes = 0;
      let records = 0;
      let quoted = false;
      let afterCr = false;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        // UTF-8: no byte of a multi-byte character is a quote, CR or LF
        for (let i = 0; i < chunk.length; i++) {
          const b = chunk[i];
          if (b === 0x22) quoted = !quoted;
          else if (b === 0x0a && afterCr && !quoted) records++;
          afterCr = b === 0x0d;
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, records, ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export interface Timing {
  n: number;
  p50: number;
  p95: number;
  p99: number;
}
export function summarise(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99) };
}

/**
 * Runs `once` `runs` times (warm-up is the caller's), stopping early past `maxSeconds` once `minRuns` are
 * done, and past 3 × `maxSeconds` whatever the count (a call of seconds is a miss at any percentile).
 */
export async function repeat(once: () => Promise<number> | number, opts: { runs: number; minRuns: number; maxSeconds: number }): Promise<number[]> {
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < opts.runs; i++) {
    times.push(await once());
    const elapsed = (performance.now() - start) / 1000;
    if (opts.maxSeconds > 0 && ((i + 1 >= opts.minRuns && elapsed > opts.maxSeconds) || elapsed > 3 * opts.maxSeconds)) break;
  }
  return times;
}

// ---- captured SQL -----------------------------------------------------------------------------------

export interface Statement {
  sql: string;
  parameters: unknown[];
}

/** The `log` option for openDatabase: records each statement while a capture is open. */
export function sqlRecorder() {
  let open: Statement[] | null = null;
  let durations: number[] | null = null;
  const log = (event: LogEvent) => {
    durations?.push(event.queryDurationMillis);
    if (open && event.level === 'query') open.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
  };
  return {
    log,
    /** how long each statement the server ran while `fn` ran took */
    async timed<T>(fn: () => Promise<T>): Promise<{ result: T; durations: number[] }> {
      const taken: number[] = [];
      durations = taken;
      try {
        return { result: await fn(), durations: taken };
      } finally {
        durations = null;
      }
    },
    /** the statements `fn` made the server run */
    async capture<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
      const statements: Statement[] = [];
      open = statements;
      try {
        return { result: await fn(), statements };
      } finally {
        open = null;
      }
    },
  };
}

const isRead = (s: Statement) => /^\s*(select|with)\b/i.test(s.sql);

/** Runs captured statements straight on the database, outside the app: the floor an HTTP answer is compared with. */
export interface RawRunner {
  /** prepares the statements; answers a function that runs them all once and returns the milliseconds */
  prepare(statements: Statement[]): Promise<{ run: () => Promise<number>; skipped: number }>;
  version(): Promise<string>;
  close(): Promise<void>;
}

export function sqliteRunner(file: string): RawRunner {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  db.function(SEARCH_FOLD, { deterministic: true }, (text: unknown) => (text == null ? null : searchFold(String(text))));
  return {
    async prepare(statements) {
      const reads = statements.filter(isRead);
      // prepared once, like a statement cache would: the time is the statements' execution
      const prepared = reads.map((s) => ({ stmt: db.prepare(s.sql), parameters: s.parameters }));
      return {
        skipped: statements.length - reads.length,
        run: async () => {
          const t0 = performance.now();
          for (const p of prepared) p.stmt.all(p.parameters);
          return performance.now() - t0;
        },
      };
    },
    version: async () => (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v,
    close: async () => {
      db.close();
    },
  };
}

export async function postgresRunner(url: string): Promise<RawRunner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async prepare(statements) {
      const reads = statements.filter(isRead);
      return {
        skipped: statements.length - reads.length,
        run: async () => {
          const t0 = performance.now();
          for (const s of reads) await client.query(s.sql, s.parameters);
          return performance.now() - t0;
        },
      };
    },
    version: async () => String((await client.query('SHOW server_version')).rows[0].server_version),
    close: () => client.end(),
  };
}

/** One line of the bench's table. */
export interface Figure {
  name: string;
  n: string;
  p50: string;
  p95: string;
  p99: string;
  goal: string;
  result: 'PASS' | 'FAIL' | 'INFO';
  detail: string;
}
