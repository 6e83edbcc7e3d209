// The desk's decisions (issue 34): `POST /api/moderation/cases/:id/decision` (the ladder) and
// `POST /api/moderation/cases/:id/appeal-decision` (an appeal upheld or reversed), for whoever may read
// the reports (Report-list). Each answers the case as it is now; its mail leaves after the commit.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { noControlCharacters } from '@shared/validation/common';
import { callerOf } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { refusalBecause, refusals } from '@server/http/answers';
import { item } from '@server/http/reply';
import { idParams } from '@server/http/zod';
import { APPEAL_OUTCOMES, decideAppeal } from './appeals';
import { appealPageRoutes } from './appealPage';
import { scheduleSuspensionSweep } from './suspensions';
import { caseAnswer, DECISIONS } from './answers';
import { decideCase } from './decisions';
import { caseAnswerOf } from './service';

const tags = ['moderation'];
const text = (max: number) => noControlCharacters(z.string().trim().max(max), true);

const decisionBody = z.object({
  action: z.enum(DECISIONS).describe('dismiss: no violation; warn: a mail; hide: the content hidden; suspend: the author Inactive for `days`; ban: the author Inactive'),
  reason: noControlCharacters(z.string().trim().min(1).max(200)).describe('Why, as the author is told'),
  message: text(2000).nullish().describe('A message to the author, in the mail'),
  days: z.number().int().min(1).max(365).optional().describe('suspend only: days of the suspension'),
  version: z.number().int().min(1).describe('The case version the moderator saw (a case changed since is refused with 409)'),
});
const appealDecisionBody = z.object({
  outcome: z.enum(APPEAL_OUTCOMES).describe('upheld: the decision stays; reversed: what was done is undone'),
  message: text(2000).nullish().describe('A message to the person, in the mail'),
});

/** The decision calls, the public appeal page and the sweep that ends suspensions: app.ts registers them together. */
export async function moderationDecisions(app: FastifyInstance, ctx: AppContext) {
  await decideRoutes(app, ctx);
  await appealPageRoutes(app, ctx);
  scheduleSuspensionSweep(app, ctx);
}

async function decideRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = ctx.guard('reports');

  app.post(
    '/api/moderation/cases/:id/decision',
    {
      schema: {
        tags,
        params: idParams,
        body: decisionBody,
        response: {
          200: caseAnswer,
          ...refusals(404),
          403: refusalBecause('Staff accounts are never warned, suspended or banned'),
          409: refusalBecause('Decided already (the message names who and what; data.decision), held by another moderator (data.holder), or changed since it was read'),
        },
      },
      onRequest: guard,
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const mail = await decideCase(ctx, callerOf(request).userId, id, request.body as z.infer<typeof decisionBody>);
      if (mail) ctx.background.run('moderation decision mail', mail);
      return item(reply, await caseAnswerOf(ctx, id));
    },
  );

  app.post(
    '/api/moderation/cases/:id/appeal-decision',
    {
      schema: {
        tags,
        params: idParams,
        body: appealDecisionBody,
        response: {
          200: caseAnswer,
          ...refusals(404),
          403: refusalBecause('The caller took the decision appealed: another moderator decides the appeal'),
          409: refusalBecause('No appeal waits on the case, its appeal was decided already, or another moderator holds it'),
        },
      },
      onRequest: guard,
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const { outcome, message } = request.body as z.infer<typeof appealDecisionBody>;
      const mail = await decideAppeal(ctx, callerOf(request).userId, id, outcome, message || null);
      if (mail) ctx.background.run('moderation appeal mail', mail);
      return item(reply, await caseAnswerOf(ctx, id));
    },
  );
}
