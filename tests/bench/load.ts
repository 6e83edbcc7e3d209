// Throughput: many keep-alive clients on one URL for a while (autocannon, in a worker thread so that the
// load generator does not share the server's event loop).
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export async function load(opts: { url: string; headers: Record<string, string>; connections: number; seconds: number }): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    headers: opts.headers,
    connections: opts.connections,
    duration: opts.seconds,
    pipelining: 1,
    workers: 1,
  });
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
