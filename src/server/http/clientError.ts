// A request that Node's HTTP parser cannot read (a Content-Length that is no number, Content-Length and
// Transfer-Encoding together, a control character in a header, headers too large, a request that never
// finishes arriving) never reaches Fastify's routing, hooks or error handler: Node raises `clientError`
// on the socket, and Fastify's default answer is its own `{"error":"Bad Request","message":"Client
// Error","statusCode":400}`. This answers it in the product's envelope instead (DESIGN.md §3), with a
// request id, then closes the connection (what follows on it cannot be read either).
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { envelope } from './reply';
import { REQUEST_ID_HEADER } from './requestId';

/** Each parser failure's status and what the caller is told. */
function refusalOf(code: string | undefined): { status: number; reason: string; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive.' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, reason: 'Request Header Fields Too Large', message: 'The request headers are too large.' };
  return { status: 400, reason: 'Bad Request', message: 'The request could not be read: it is not well-formed HTTP (its headers, length or framing).' };
}

/** Fastify's `clientErrorHandler`: the refusal in the envelope, written straight to the socket. */
export function answerClientError(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  // a connection reset by the client, or already closed: nobody to answer
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, message } = refusalOf(err.code);
  const requestId = randomUUID();
  // the code and message only: the error also holds the raw bytes read, a bearer token among them
  this.log.debug({ code: err.code, requestId }, `unreadable request: ${err.message}`);
  if (socket.writable) {
    const body = JSON.stringify({ ...envelope(status, message, null), requestId });
    socket.write(
      [
        `HTTP/1.1 ${status} ${reason}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `${REQUEST_ID_HEADER}: ${requestId}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(err);
}
