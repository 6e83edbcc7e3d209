// The audit trail as both sides read it: the kinds of record it names (audit_log.entity), who may read
// each kind's history, where the admin shows such a record, the actions it records, and the changed
// fields of an entry. Only the audit screens and the server import this (not the start-up code).
import { ACCESS_ENTRIES } from './resources/index';
import type { AccessDeclaration, ResourceDeclaration } from './resources/types';

/** The kinds of record `entries` declare (`audited`), each with the entry whose rule reads its history. */
export const declaredAuditKinds = (entries: readonly AccessDeclaration[]): Record<string, string> =>
  Object.fromEntries(entries.flatMap((e) => (e.audited ? [[e.audited === true ? e.name : e.audited, e.name]] : [])));

/**
 * The kinds of record the server's writers name, each with the resource whose rule reads its history:
 * the declared ones (a user's history is its own kind's, users or sub-admins, decided by the account; a
 * comment's the reports'), in menu order. A plain resource (one with `storage`) is audited under its own
 * name and read with its own rule.
 */
export const AUDIT_ENTITIES: Readonly<Record<string, string>> = {
  ...declaredAuditKinds(ACCESS_ENTRIES),
  // the staff's two-factor policy (its history: Admins only, as every resource the registry does not name)
  setting: 'setting',
  // a moderation desk's case (issue 34): its history is read by whoever may read the reports
  moderation_case: 'reports',
  // a list's saved view (issue 35): its history is the Admins'
  saved_view: 'saved_view',
};

/** Every kind of record of a registry's trail: the fixed ones, then its plain resources. */
export const auditEntityKinds = (resources: readonly ResourceDeclaration[]): string[] => [
  ...new Set([...Object.keys(AUDIT_ENTITIES), ...resources.filter((r) => r.storage).map((r) => (typeof r.audited === 'string' ? r.audited : r.name))]),
];

/** The kind of record a resource's records are audited as (a sub-admin is an account, as a user). */
export const auditEntityOf = (resource: string): string =>
  resource === 'subadmin' ? 'user' : (Object.entries(AUDIT_ENTITIES).find(([, r]) => r === resource)?.[0] ?? resource);

/** The resource whose rule reads a kind's history (an account's kind is told apart by the server). */
export const historyResource = (entity: string): string => (AUDIT_ENTITIES as Record<string, string>)[entity] ?? entity;

/**
 * Posts and itineraries share their ids (one table): a record of either kind may have been audited under
 * the other (moderation named every post 'post'), so a history reads both.
 */
export const sameRecordKinds = (entity: string): string[] => (entity === 'post' || entity === 'itinerary' ? ['post', 'itinerary'] : [entity]);

/** The actions the server records; the screens translate each (`app.audit.actions.<action with _>`). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'login',
  'register',
  'moderate',
  'sequence',
  'password.reset',
  'profile.update',
  'bulk.delete',
  'bulk.inactive',
  'bulk.active',
  // bulk edit of everything that matches (issue 35): a record changed, and put back by the Undo
  'bulk.update',
  'bulk.undo',
  'login.failed',
  'refused',
  'audit.prune',
  'export',
  'logout',
  'session.end',
  'sessions.end',
  'two_factor.enable',
  'two_factor.disable',
  'two_factor.reset',
  'two_factor.recovery_code',
  'two_factor.policy',
  'emailtemplate.test_send',
  'moderation_claim',
  'moderation_release',
  'moderation_assign',
  'moderation_note',
  'moderation_decide',
  'moderation_appeal',
  'moderation_appeal_decide',
  'moderation_suspension_end',
  'saved_view.create',
  'saved_view.update',
  'saved_view.delete',
  'restore',
  'revert',
  // a record added or updated by a CSV import (issue 35)
  'import',
] as const;

/** The catalogue key of an action's label (polyglot keys cannot hold the dot). */
export const actionLabelKey = (action: string) => `app.audit.actions.${action.replace(/\./g, '_')}`;

/** A changed field's value as an entry shows it. */
export type AuditValue = string | number | boolean | null;
export interface AuditChange {
  field: string;
  /** null when the record had no such value (a new record, a field first set) */
  before: AuditValue;
  /** null when the record no longer has it (a deleted record) */
  after: AuditValue;
}

/** What stands for a password, hash or token that changed: its value is never recorded. */
export const REDACTED = '(changed)';
/** The longest value an entry keeps (a rich text's whole markup is no use in a trail); a longer one is clipped with '…'. */
export const MAX_VALUE_LENGTH = 1000;
/** Fields whose values are secrets. */
export const isSecretField = (field: string) => /password|hash|token|secret/i.test(field);

/** An entry of the trail as the API answers it. */
export interface AuditEntry {
  id: number;
  /** who acted, as they were then; null for the system or a guest. `path`: the person's page (none for an Admin or a deleted account) */
  actor: { id: number; name: string; email: string; role: string; deleted: boolean; path: string | null } | null;
  action: string;
  entity: string;
  entity_id: string | null;
  /** the record's name (its name now, or the one its delete entry kept); null where not known or not asked */
  record_name: string | null;
  /** the admin's page of the record, when it has one (a deleted record's page says it is not there) */
  path: string | null;
  created_at: string;
  changes: AuditChange[];
  /** where the call came from (Admins only) */
  ip?: string | null;
  user_agent?: string | null;
}

/**
 * The admin's page of a record, when its kind has one: the detail pages of users, sub-admins, posts,
 * itineraries and the plain resources that show fields. `accountType`: an account's user_type, when
 * known (an Admin has no detail page; a deleted account's kind is not known: the users' page says so).
 */
export function recordPath(
  entity: string,
  id: string | null,
  opts: { accountType?: string | null; resources?: readonly ResourceDeclaration[] } = {},
): string | null {
  if (!id || !/^\d+$/.test(id)) return null;
  if (entity === 'user') {
    if (opts.accountType === 'Admin') return null;
    return opts.accountType === 'Sub-Admin' ? `/subadmin/${id}` : `/user/${id}`;
  }
  if (entity === 'post' || entity === 'itinerary') return `/${entity}/${id}`;
  const plain = opts.resources?.find((r) => r.storage && r.name === entity);
  return plain && Object.values(plain.fields).some((f) => f.show) ? `/${entity}/${id}` : null;
}
