// What the audit calls answer, for the OpenAPI document.
import { z } from 'zod';
import { answerOf, listAnswer, maybeText, timestamp, whole } from '@server/http/answers';

const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const auditEntry = z.object({
  id: whole,
  actor: z
    .object({
      id: whole,
      name: z.string(),
      email: z.string(),
      role: z.string().describe('Admin or Sub-Admin, as they were then'),
      deleted: z.boolean().describe('the account has been deleted since'),
      path: maybeText.describe("the person's page (an Admin has none, nor a deleted account)"),
    })
    .nullable()
    .describe('who did it, as they were then (the entry outlives the account); null for the system or a guest'),
  action: z.string().describe('create, update, delete, login, moderate, …'),
  entity: z.string().describe('the kind of record'),
  entity_id: maybeText.describe("the record's id"),
  record_name: maybeText.describe("the record's name: its name now, or the one its delete entry kept (the audit log only; null in a record's history)"),
  path: maybeText.describe("the admin's page of the record, when it has one (a deleted record's page says it is not there)"),
  created_at: timestamp,
  changes: z
    .array(z.object({ field: z.string(), before: value, after: value }))
    .describe("the fields changed, as they were and as they became (a password, hash or token reads '(changed)')"),
  ip: maybeText.optional().describe("the client's address (answered to Admins only)"),
  user_agent: maybeText.optional().describe("the client's user agent (answered to Admins only)"),
});

export const auditListAnswer = listAnswer(auditEntry);

/** A staff account the person filter offers. */
export const staffAnswer = answerOf(
  z.object({
    data: z.array(
      z.object({ id: whole, name: z.string(), email: z.string(), user_type: z.string(), deleted: z.boolean().describe('the account has been deleted since (as last seen)') }),
    ),
  }),
);
