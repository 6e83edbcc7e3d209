// Refused calls in the audit trail (ASVS V16: failed authentication and authorisation are logged): every
// 401 or 403 of an API call, with its route pattern (never its address: no ids, no query, no token), the
// signed-in person when there is one, and where it came from. Failed sign-ins have their own entry
// (auth/service.ts login). Written before the answer goes (onSend): once a client has its 401 or 403,
// the entry is there.
// An anonymous flood would write a row per call: refusals without a person are written once per address
// and minute, the next entry counting those passed over meanwhile.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@server/context';
import { originOf } from '@server/http/requestContext';
import { writeAudit } from './trail';

const QUIET_MS = 60_000;
/** Addresses remembered at most (the oldest forgotten first). */
const ADDRESSES_KEPT = 10_000;
/** Routes whose refusals are written down elsewhere. */
const OWN_ENTRY = new Set(['/api/auth/login']);

export function registerRefusalTrail(app: FastifyInstance, ctx: AppContext): void {
  const quiet = new Map<string, { until: number; passed: number }>();
  /** how many refusals from `ip` were passed over when one is written now; null: pass this one over (counted for the next) */
  const due = (ip: string): number | null => {
    const at = Date.now();
    const kept = quiet.get(ip);
    if (kept && kept.until > at) {
      kept.passed++;
      return null;
    }
    const passed = kept?.passed ?? 0;
    quiet.delete(ip);
    if (quiet.size >= ADDRESSES_KEPT) quiet.delete(quiet.keys().next().value!);
    quiet.set(ip, { until: at + QUIET_MS, passed: 0 });
    return passed;
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    if ((status !== 401 && status !== 403) || !request.url.startsWith('/api/')) return payload;
    const route = request.routeOptions.url ?? 'unmatched';
    if (OWN_ENTRY.has(route)) return payload;
    const person = request.caller?.userId ?? null;
    const origin = originOf(request);
    const passed = person === null ? due(origin.ip) : 0;
    if (passed === null) return payload;
    const detail = { status, method: request.method, route, ...(passed ? { refusedMeanwhile: passed } : {}) };
    try {
      await writeAudit(ctx, [{ actorId: person, action: 'refused', entity: 'user', entityId: person, detail }], origin);
    } catch (err) {
      request.log.error({ err }, 'the refusal could not be written to the audit trail');
    }
    return payload;
  });
}
