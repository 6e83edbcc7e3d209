// What the moderation desk's case calls answer (issue 34), for the OpenAPI document.
import { z } from 'zod';
import { answerOf, itemAnswer, listAnswer, maybeText, timestamp, whole } from '@server/http/answers';
import { auditEntry } from '@server/modules/audit/answers';

export const CASE_KINDS = ['post', 'comment', 'user'] as const;
export const CASE_STATUSES = ['open', 'decided', 'appealed', 'closed'] as const;
export const DECISIONS = ['dismiss', 'warn', 'hide', 'suspend', 'ban'] as const;
/** The age filter: first reported within the last day, 7 days, 30 days, or longer ago than 30 days. */
export const CASE_AGES = ['1d', '7d', '30d', 'older'] as const;

/** The longest private note on a case. */
export const MAX_NOTE_LENGTH = 2000;

const person = z.object({ id: whole, name: maybeText });

/** A case as the desk lists it. */
export const caseRow = z.object({
  id: whole,
  kind: z.enum(CASE_KINDS).describe("what was reported: a post (or itinerary), a comment or a user"),
  target_id: whole,
  status: z.enum(CASE_STATUSES),
  preview: z
    .object({ title: maybeText, text: maybeText, picture: maybeText, author: person.nullable() })
    .describe('the target as it was when first reported: title, text, picture and author'),
  report_count: whole,
  reporter_count: whole.describe('distinct people who reported it'),
  reasons: maybeText.describe("the report categories it was reported under, joined by ', '"),
  first_reported_at: timestamp,
  last_reported_at: timestamp,
  priority: z.number().describe('higher is more urgent (reporters, their accuracy, the categories’ weights, earlier upheld cases)'),
  holder: person.nullable().describe('who holds the case (claimed or assigned); null when nobody does or the claim lapsed'),
  held_until: timestamp.nullable().describe('when the claim lapses unless its holder touches the case again'),
  decision: z
    .object({
      action: z.enum(DECISIONS),
      reason: maybeText,
      message: maybeText,
      suspend_days: whole.nullable(),
      suspended_until: timestamp.nullable(),
      by: person.nullable(),
      at: timestamp.nullable(),
    })
    .nullable(),
  appeal: z
    .object({
      text: maybeText.describe('the appeal as written, as text'),
      at: timestamp.nullable(),
      until: timestamp.nullable().describe('the last moment an appeal could be made'),
      outcome: z.enum(['upheld', 'reversed']).nullable(),
      by: person.nullable(),
      decided_at: timestamp.nullable(),
    })
    .nullable(),
  version: whole.describe('bumped on every change of the case'),
});
export const caseListAnswer = listAnswer(caseRow);
export const caseAnswer = itemAnswer(caseRow);

/** A private note on a case, stored and answered as text. */
export const caseNote = z.object({ id: whole, author: person, body: z.string(), created_at: timestamp });
export const noteAnswer = itemAnswer(caseNote);

export const caseDetailAnswer = itemAnswer(
  caseRow.extend({
    reports: z.array(
      z.object({
        id: whole,
        created_at: timestamp,
        reason: maybeText.describe("the reporter's own words"),
        category: z.object({ id: whole, name: z.string(), weight: z.number() }).nullable(),
        reporter: z.object({
          id: whole,
          name: maybeText,
          accuracy: z.number().nullable().describe("share of the reporter's last 100 decided reports that were upheld; null when none was decided"),
          decided: whole.describe('how many of those last 100 were decided'),
        }),
      }),
    ).describe('the newest 500 reports of the case, newest first'),
    notes: z.array(caseNote).describe('the private notes, oldest first'),
    history: z.array(auditEntry).describe("the audit trail's entries of the case and of its target, newest first (the last 100)"),
  }),
);

export const summaryAnswer = answerOf(
  z.object({
    open: whole.describe('open cases'),
    oldestOpenAt: timestamp.nullable().describe("the oldest open case's first report"),
    medianDecisionSeconds7d: z.number().nullable().describe('median seconds from first report to decision of the cases decided in the last 7 days'),
    alerts: z
      .array(
        z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('case'), id: whole, priority: z.number(), at: timestamp.describe('its last report') }),
          z.object({ kind: z.literal('subadminRequest'), id: whole, name: maybeText, at: timestamp.describe('when the request was made') }),
        ]),
      )
      .describe('open cases above MODERATION_ALERT_PRIORITY reported in the last 24 h and, for Admins, sub-admins waiting for approval; newest first, at most 20'),
  }),
);
