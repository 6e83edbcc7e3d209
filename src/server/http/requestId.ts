// Request ids: every log line of a request carries its id (pino's `reqId`), every answer names it in
// X-Request-Id and every refusal or failure in its body (`requestId`), so a person who reports an error
// gives the id that finds its log lines. A caller (a proxy, another service) may bring its own id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from './reply';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may be: short, and nothing that could break a log line or a header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's genReqId: the caller's X-Request-Id when it is safe to log and echo, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  // a header sent twice arrives joined with ', ': not safe, so replaced
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** X-Request-Id on every answer; call it before any other hook, so a refusal by a later hook has it too. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/**
 * A refusal or a failure (4xx, 5xx): the envelope plus `requestId` (also set in the header here, for the
 * answers Fastify gives before any hook runs).
 */
export function refuse(request: FastifyRequest, reply: FastifyReply, status: number, message: string, data: unknown = null) {
  return reply
    .code(status)
    .header(REQUEST_ID_HEADER, request.id)
    .send({ ...envelope(status, message, data), requestId: request.id });
}
