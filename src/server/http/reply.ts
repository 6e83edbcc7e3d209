// The envelope every JSON answer uses: { status, message, data } with the HTTP status equal to `status`.
import type { FastifyReply } from 'fastify';
import type { Envelope, ListMeta } from '../../shared/contract';

export function envelope<T>(status: number, message: string, data: T): Envelope<T> {
  return { status, message, data };
}

export function ok<T>(reply: FastifyReply, data: T, message = 'Success', status = 200) {
  return reply.code(status).send(envelope(status, message, data));
}

/** One item: data.data is the object. */
export const item = <T>(reply: FastifyReply, value: T, message = 'Success') => ok(reply, { data: value }, message);

/** A list: data.data is the array, data.meta the paging. */
export const list = <T>(reply: FastifyReply, rows: T[], meta: ListMeta, message = 'Success') =>
  ok(reply, { data: rows, meta }, message);
