// A decision's appeal link (issue 34), like the reset link: a random token mailed once, kept only as its
// SHA-256 (a copy of the database opens no appeal), that works until the appeal window ends
// (MODERATION_APPEAL_DAYS) and only once. The public page (appealPage.ts) finds its case by the hash.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '@server/context';

export const hashAppealToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new link's token (for the mail), its hash and the end of its window (for the case). */
export function newAppealLink(ctx: AppContext, from: Date = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const until = new Date(from.getTime() + ctx.config.moderationAppealDays * 86_400_000).toISOString();
  return { token, hash: hashAppealToken(token), until, url: `${ctx.config.publicUrl}/appeal/${token}` };
}
