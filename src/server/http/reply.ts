// The envelope every JSON answer uses: { status, message, data } with the HTTP status equal to `status`.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope, ListMeta } from '@shared/contract';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { csvText } from './csv';
import { exportedCell, exportLayout } from './exportColumns';
import type { Listed } from '@server/db/list';

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

/**
 * A list as the request asked for it (http/list.ts readList): a page in the envelope, or the whole list
 * as a CSV file streamed as the client reads it (http/csv.ts), each row shaped by `shape` either way. An
 * export is written to the audit trail once it ends (modules/audit/exports.ts).
 */
export async function answerList<Row, Shown = Row>(reply: FastifyReply, listed: Listed<Row>, shape?: (row: Row) => Shown) {
  const shown = (rows: Row[]) => (shape ? rows.map(shape) : rows) as Shown[];
  if ('rows' in listed) return list(reply, shown(listed.rows), listed.meta);
  const source = listed.batches;
  async function* batches() {
    for await (const rows of source) yield shown(rows) as Record<string, unknown>[];
  }
  // the list's columns as the admin shows them, when it names them (`columns`); else the answer's fields
  const layout = exportLayout(((reply.request.query ?? {}) as Record<string, unknown>).columns);
  const columns = layout && { headers: layout.columns.map((c) => c.header), values: (row: Record<string, unknown>) => layout.columns.map((c) => exportedCell(row, c, layout.locale)) };
  const sent = { rows: 0 };
  const text = csvText(batches(), rowFields(reply), sent, columns);
  // the first piece before any header: a failure there is answered as any other, in the envelope
  const first = await text.next();
  const exportedList = listName(reply.request);
  async function* pieces() {
    let complete = false;
    try {
      if (!first.done) yield first.value;
      yield* text;
      complete = true;
    } finally {
      // when the file ends, or the client leaves early (the stream is destroyed): the rows sent so far
      await reply.server.recordExport(reply.request, { list: exportedList, rows: sent.rows, complete });
    }
  }
  const name = `${exportedList}-${new Date().toISOString().slice(0, 10)}.csv`;
  return (
    reply
      .code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      // pulled as the socket drains (back-pressure); destroyed, and so no longer read, when the client goes
      .send(Readable.from(pieces(), { objectMode: false, highWaterMark: 64 * 1024 }))
  );
}

/**
 * The exported list's name: the registered resource whose list this is (`post` and `itinerary` are one
 * call told apart by its query), else the call's last path part; ASCII letters, digits, - and _ only.
 */
function listName(request: FastifyRequest): string {
  const path = request.routeOptions.url ?? request.url.split('?')[0];
  const query = (request.query ?? {}) as Record<string, unknown>;
  const resource = (RESOURCES as readonly ResourceDeclaration[]).find(
    (r) => `/api${r.api.list}` === path && Object.entries(r.api.query ?? {}).every(([key, value]) => query[key] === undefined || query[key] === value),
  );
  return (resource?.name ?? path.split('/').filter(Boolean).pop() ?? 'list').replace(/[^A-Za-z0-9_-]/g, '-');
}

/**
 * The field names of a row of the route's documented list answer (the header of an empty export); of
 * its first kind when the rows are of several (the list's own rows, or a form's picker rows).
 */
function rowFields(reply: FastifyReply): string[] {
  type Shaped = { shape?: Record<string, Shaped>; element?: Shaped; options?: Shaped[] };
  const answer = (reply.routeOptions.schema?.response as Record<string, Shaped> | undefined)?.[200];
  const row = answer?.shape?.data?.shape?.data?.element;
  return Object.keys(row?.shape ?? row?.options?.[0]?.shape ?? {});
}
