// Live updates for staff (issue 35): the event stream of colleagues' changes and of who has a record
// open for editing (stream.ts), and the call an edit dialog makes when it opens, every
// EDITING_HEARTBEAT_MS while open, and when it closes.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RESOURCE_RULES } from '@shared/access';
import { idNumber } from '@shared/validation/common';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { answerOf, whole } from '@server/http/answers';
import { forbidden } from '@server/http/errors';
import { ok } from '@server/http/reply';
import { findUserById } from '../auth/service';
import { recordAudience } from './changes';
import { type LiveFeed, mayRead, presenceUntil } from './feed';
import { createLiveStreams } from './stream';

const editingBody = z.object({
  resource: z.enum(Object.keys(RESOURCE_RULES) as [string, ...string[]]),
  id: idNumber(),
  /** false: the dialog closed */
  editing: z.boolean(),
});
const presence = z.object({ resource: z.string(), id: z.string(), by: z.object({ id: whole, name: z.string() }), until: whole });
const editingAnswer = answerOf(z.object({ editing: z.array(presence) }));

export async function liveRoutes(app: FastifyInstance, ctx: AppContext, feed: LiveFeed, onWrite: Db['onWrite']) {
  const streams = createLiveStreams(ctx, feed, onWrite);
  // an open stream would hold the server's close
  app.addHook('preClose', (done) => {
    streams.close();
    done();
  });

  // text/event-stream, not the envelope: outside the OpenAPI document (its refusals are the envelope's)
  app.get('/api/events', { schema: { hide: true }, onRequest: ctx.guard('profile') }, async (request, reply) => {
    await streams.serve(request, reply, callerOf(request));
  });

  app.post(
    '/api/events/editing',
    { schema: { tags: ['live'], body: editingBody, response: { 200: editingAnswer } }, onRequest: ctx.guard('profile') },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body as z.infer<typeof editingBody>;
      const id = String(body.id);
      const audience = await recordAudience(ctx, body.resource, id);
      if (!mayRead(caller, audience)) throw forbidden();
      const me = await findUserById(ctx.db, caller.userId);
      await feed.publish({
        kind: 'editing',
        presence: { resource: body.resource, id, by: { id: caller.userId, name: me?.name ?? '' }, until: body.editing ? presenceUntil() : 0 },
        session: caller.sessionId,
        ...(audience.needs ? { needs: audience.needs } : {}),
      });
      const others = feed.editing(body.resource, id, caller.sessionId).filter((p) => p.by.id !== caller.userId);
      return ok(reply, { editing: body.editing ? others : [] });
    },
  );
}
