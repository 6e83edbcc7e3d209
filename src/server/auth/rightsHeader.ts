// X-Access-Rights on every answer to a signed-in staff member: their role, status and permissions as the
// guard read them for this very call (live from the database, auth/guard.ts). The admin compares it with
// the rights it stored at sign-in and reads them afresh when they differ (providers/authProvider.ts), so
// an Admin's grant shows in a Sub-Admin's menu at their next call, without a sign-out. Not a secret: the
// person's own rights, which their session answer holds too.
import type { FastifyInstance } from 'fastify';
import { RIGHTS_HEADER, rightsStamp } from '@shared/roles';

export function registerRightsHeader(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.caller) reply.header(RIGHTS_HEADER, rightsStamp(request.caller));
    return payload;
  });
}
