// Throughput: many keep-alive clients on one URL for a while. autocannon runs in a process of its own,
// so that the load generator neither shares the server's event loop nor takes on the V8 flags the bench
// runs the server with (--heap-growing-percent=20 in a worker thread halved the figure: the generator's
// own collections, not the server's).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

export interface LoadResult {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

const autocannonCli = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

export async function load(opts: { url: string; headers: Record<string, string>; connections: number; seconds: number }): Promise<LoadResult> {
  const headers = Object.entries(opts.headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const args = [autocannonCli, '--json', '-c', String(opts.connections), '-d', String(opts.seconds), '-p', '1', ...headers, opts.url];
  // the child starts without the bench's V8 flags (execArgv is not passed on)
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024, timeout: (opts.seconds + 60) * 1000 });
  const result = JSON.parse(stdout);
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
