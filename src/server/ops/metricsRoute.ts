// GET /api/metrics for Prometheus. Who may read it: with METRICS_TOKEN set, a caller that sends it as
// `Authorization: Bearer <token>`; without, only this machine (a scraper or an agent beside the server):
// the connection must come from loopback (the socket's own peer, which nobody can choose) and so must the
// client named after TRUST_PROXY's rule, so a request relayed by a local proxy is not taken for a local
// one, and a client elsewhere cannot pass for one by sending `X-Forwarded-For: 127.0.0.1` (a TRUST_PROXY
// hop count believes the last hop whoever sent it).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '@server/context';
import { refusalBecause } from '@server/http/answers';
import { HttpError } from '@server/http/errors';

/** A digest of each side, so the comparison takes the same time whatever the length or the content. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

/** Whether the connection and the client it speaks for are both this machine. */
const isLocal = (request: FastifyRequest) => isLoopback(request.socket.remoteAddress ?? '') && isLoopback(request.ip);

/** Why `request` may not read the metrics, or undefined when it may. */
export function metricsRefusal(token: string | undefined) {
  const expected = token ? digest(`Bearer ${token}`) : null;
  return (request: FastifyRequest): HttpError | undefined => {
    if (expected) {
      if (timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) return undefined;
      return new HttpError(401, 'The metrics need the METRICS_TOKEN: send Authorization: Bearer <token>.', null, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    if (isLocal(request)) return undefined;
    return new HttpError(403, 'The metrics are answered only on this machine (loopback). Set METRICS_TOKEN to read them from elsewhere.');
  };
}

export async function metricsRoutes(app: FastifyInstance, ctx: AppContext) {
  const refusalOf = metricsRefusal(ctx.config.metricsToken);
  const { registry } = ctx.metrics;
  app.get(
    '/api/metrics',
    {
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics',
        description:
          'Requests by method, route and status and their durations, database connections, failed sign-ins, mails by outcome and the Node.js process, in the Prometheus text format 0.0.4. With METRICS_TOKEN set, send it as `Authorization: Bearer <token>`; unset, only callers on this machine (loopback) are answered.',
        response: {
          200: { description: 'The metrics (text/plain; version=0.0.4)', content: { 'text/plain': { schema: { type: 'string' } } } },
          401: refusalBecause('METRICS_TOKEN is set and the request does not carry it'),
          403: refusalBecause('METRICS_TOKEN is unset and the caller is not on this machine'),
        },
      },
      // before the body is read, like the guard
      onRequest: (request, _reply, done) => done(refusalOf(request)),
    },
    async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  );
}
