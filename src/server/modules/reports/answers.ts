// What the report calls answer (spec §3 "Report", §7 "Reports"), for the OpenAPI document. Names and
// texts come from the report's copies or a left-joined row, so any of them may be missing (null).
import { z } from 'zod';
import { answerOf, itemAnswer, listAnswer, maybeText, timestamp, whole } from '@server/http/answers';
import { TARGET_STATUSES } from './service';

export const REPORT_TYPES = ['post', 'comment', 'user'] as const;
/** A report's own state: Pending until a moderator acts on its target, then Resolved. */
export const REPORT_STATES = ['Pending', 'Resolved'] as const;

/** Whoever was reported: the post's author, the commenter, or the reported user (with its status). */
const reportedUser = z.object({ id: whole, name: maybeText, status: maybeText.optional() });

/** A report as the screens read it; `userStatusByAdmin` is its target's status now. */
export const reportRow = z.object({
  id: whole,
  type: z.enum(REPORT_TYPES),
  reason: maybeText,
  status: z.string().describe("the report's own state: Pending, or Resolved once its target was moderated"),
  created_at: timestamp,
  post_id: whole.nullable(),
  post: z
    .object({
      id: whole,
      title: maybeText,
      description: maybeText.describe('the post\'s text (hidden posts too: the moderator reads it before restoring)'),
      type: maybeText,
      deleted_at: timestamp.nullable(),
      user: z.object({ id: whole.nullable(), name: maybeText }),
    })
    .nullable(),
  user: z.object({ id: whole, name: maybeText }).describe('who reported'),
  other_user_id: whole.nullable(),
  otherUser: z.object({ id: whole, name: maybeText, status: maybeText }).nullable(),
  comment_id: whole.nullable(),
  comment: z.object({ id: whole, comment: maybeText, deleted_at: timestamp.nullable() }).nullable(),
  category: z.object({ name: z.string() }).nullable(),
  reportedUserInfo: reportedUser.nullable(),
  userStatusByAdmin: maybeText.describe("the target's status: Active or Inactive (a reported user's own status)"),
});
export const reportListAnswer = listAnswer(reportRow);

/** One report: `otherUser` is whoever was reported (as `reportedUserInfo`). */
export const reportDetailAnswer = itemAnswer(reportRow.extend({ otherUser: reportedUser.nullable() }));

/** A moderation call: the target's status now, and whether the call changed it (false for a replay). */
export const outcomeAnswer = answerOf(z.object({ status: z.enum(TARGET_STATUSES), changed: z.boolean() }));
