// What GET /api/metrics reports, in Prometheus's text format (prom-client). Each app has its own
// registry: the tests start many apps in one process, and prom-client's global registry refuses a
// metric registered twice.
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ConnectionStats, DialectName } from '@server/db/index';

export interface Metrics {
  registry: Registry;
  /** a sign-in refused for a wrong email or password (auth/throttle.ts) */
  loginFailed(): void;
  /** a mail handed to the outbox or the SMTP server, or not (mail/mailer.ts) */
  mailSent(outcome: 'sent' | 'failed'): void;
}

/** The label of an answer no route matched (the not-found handler): any path a caller sends is one label. */
export const UNMATCHED_ROUTE = 'unmatched';

export function createMetrics(opts: { dialect: DialectName; connections: () => ConnectionStats }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const dialect = opts.dialect;

  const pool = (name: string, help: string, read: (stats: ConnectionStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['dialect'],
      registers,
      collect() {
        this.set({ dialect }, read(opts.connections()));
      },
    });
  pool('db_pool_connections', 'Open database connections (SQLite: its single connection)', (s) => s.total);
  pool('db_pool_idle_connections', 'Open database connections doing nothing', (s) => s.idle);
  pool('db_pool_waiting_requests', 'Queries waiting for a database connection', (s) => s.waiting);

  const loginFailures = new Counter({ name: 'auth_login_failures_total', help: 'Sign-ins refused for a wrong email or password', registers });
  const mails = new Counter({ name: 'mail_messages_total', help: 'Mails handed to the outbox or the SMTP server, by outcome', labelNames: ['outcome'], registers });
  // at zero from the start, so a rate over them has a first point
  loginFailures.inc(0);
  for (const outcome of ['sent', 'failed']) mails.inc({ outcome }, 0);

  return {
    registry,
    loginFailed: () => loginFailures.inc(),
    mailSent: (outcome) => mails.inc({ outcome }),
  };
}

/**
 * Counts and times every answer by method, route pattern (never the raw path: ids would make a label
 * value per record) and status.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const registers = [metrics.registry];
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer',
    labelNames,
    // most answers take a few milliseconds: finer buckets at the low end than prom-client's defaults
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: reply.statusCode };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
