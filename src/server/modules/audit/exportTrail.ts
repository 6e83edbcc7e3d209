// Exports leave a trace (issue 31 §1.6): every CSV export of a list is an entry of the audit trail, who
// exported which list with which search and filters, and how many rows left the server, written when the
// file ends or when the client leaves early (http/reply.ts answerList calls it then).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditEntityOf } from '@shared/audit';
import type { AppContext } from '@server/context';
import { originOf } from '@server/http/requestContext';
import { writeAudit } from './trail';

/** An export as it ended: the list's name, the rows sent, and whether the client got the whole file. */
export interface ExportSent {
  list: string;
  rows: number;
  complete: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes an ended export to the audit trail (never throws: the file has gone out either way). */
    recordExport(request: FastifyRequest, sent: ExportSent): Promise<void>;
  }
}

/** The query's search and filters (the list's order among them), without what only shapes the answer (its columns among it). */
function searchAndFilters(request: FastifyRequest) {
  const { format: _format, page: _page, limit: _limit, columns: _columns, filter, ...filters } = (request.query ?? {}) as Record<string, unknown>;
  return { search: typeof filter === 'string' ? filter : '', filters };
}

export function registerExportTrail(app: FastifyInstance, ctx: AppContext): void {
  app.decorate('recordExport', async (request: FastifyRequest, sent: ExportSent) => {
    try {
      // every list is behind a guard: the caller is known. Where the call came from is taken from the request
      // itself: a client that leaves early is noticed by the socket's close, outside the request's own context.
      const detail = { list: sent.list, ...searchAndFilters(request), rows: sent.rows, complete: sent.complete };
      await writeAudit(ctx, [{ actorId: request.caller?.userId ?? null, action: 'export', entity: auditEntityOf(sent.list), entityId: null, detail }], originOf(request));
    } catch (err) {
      request.log.error({ err }, 'an export could not be written to the audit trail');
    }
  });
}
