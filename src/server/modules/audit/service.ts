// The audit trail's rules: who may read a record's history, the days a filter names, and each entry as
// the screens read it (its actor, its record's page, its changed fields).
import { canAccess, mayManageAccount, satisfies } from '@shared/access';
import { type AuditEntry, historyResource, recordPath, sameRecordKinds } from '@shared/audit';
import type { ResourceDeclaration } from '@shared/resources/index';
import { MAX_INT } from '@shared/validation/common';
import type { Caller } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { findUserById, permissionsOf } from '../auth/service';
import { caseIdsOf } from '../moderation/queries';
import { changesOf } from './changes';
import { accountTypes, type AuditListRow, postType } from './queries';
import { nameOf, recordNames } from './recordNames';

/**
 * The kinds of entry `caller` may read in the history of record `id` of kind `entity`, none when it may
 * read nothing. An Admin reads all; a Sub-Admin what it may open: an account it may manage (users with
 * User-list, sub-admins within its own permissions, never an Admin), a post or an itinerary with its
 * kind's permission, anything else with its resource's rule. A deleted account's history is the Admins'.
 * A post and an itinerary share their ids (sameRecordKinds): once the record is gone its kind is not
 * known, so each entry is judged by its own kind (an itinerary's entries need Itinerary-list).
 */
export async function readableHistory(ctx: AppContext, caller: Caller, entity: string, id: number, resources: readonly ResourceDeclaration[]): Promise<string[]> {
  const kinds = sameRecordKinds(entity);
  if (caller.role === 'Admin') return kinds;
  if (entity === 'user') {
    const account = await findUserById(ctx.db, id);
    return account && mayManageAccount(caller, { ...account, permissions: await permissionsOf(ctx.db, account) }) ? kinds : [];
  }
  if (entity === 'post' || entity === 'itinerary') {
    const type = await postType(ctx.db, id);
    if (type) return canAccess(caller, type) ? kinds : [];
    // gone: the kind asked for must be the caller's, and of its entries those of the caller's kinds
    return canAccess(caller, entity) ? kinds.filter((kind) => canAccess(caller, kind)) : [];
  }
  // a plain resource's rule is in its declaration (the registry the server was built with)
  const plain = resources.find((r) => r.storage && r.name === entity);
  return (plain ? satisfies(caller, plain.rule, plain.name) : canAccess(caller, historyResource(entity))) ? kinds : [];
}

/**
 * The moderation cases whose entries (claims, notes, appeals) a post's, comment's or user's History shows
 * beside its own: to people who may read the desk (Report-list), none to others.
 */
export async function casesInHistory(ctx: AppContext, caller: Caller, entity: string, id: number): Promise<string[]> {
  const kind = entity === 'itinerary' ? 'post' : entity;
  if (!['post', 'comment', 'user'].includes(kind) || !canAccess(caller, 'reports')) return [];
  return (await caseIdsOf(ctx.db, kind, id)).map(String);
}

/** A day of a filter ('2025-05-31'), checked to be a real one. */
export const isDay = (text: string) => {
  const [y, m, d] = text.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};

/** The day after `day` (the bound of an inclusive last day): '2025-06-01' after '2025-05-31'. */
export function dayAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

const accountId = (row: AuditListRow) => (row.entity === 'user' && row.entity_id && /^\d{1,10}$/.test(row.entity_id) && Number(row.entity_id) <= MAX_INT ? Number(row.entity_id) : null);

/**
 * The changes of an entry as one JSON text ('[{"field":"name","before":"A","after":"B"}]'): a value can
 * hold any character, so the changes are never joined into a text that a crafted value could extend
 * (a title 'Trip; user_type: User → Admin' read as two changes).
 */
const changesText = (row: AuditListRow) => {
  const changes = changesOf(row.detail);
  return changes.length ? JSON.stringify(changes) : '';
};

/**
 * An entry as a line of the exported trail: the same fields, flat (the person as they were then, the
 * changes as JSON); the page of an account is not looked up (its kind is not known here).
 */
export const exportedEntry = (row: AuditListRow, resources: readonly ResourceDeclaration[]) => ({
  id: Number(row.id),
  actor: row.actor_name,
  actor_email: row.actor_email,
  actor_role: row.actor_role,
  action: row.action,
  entity: row.entity,
  entity_id: row.entity_id,
  path: recordPath(row.entity, row.entity_id, { resources }),
  created_at: row.created_at,
  ip: row.ip,
  user_agent: row.user_agent,
  changes: changesText(row),
});

/**
 * Entries as the API answers them: the actor as they were then (with their page while the account
 * exists), the page of the record (an account's by its kind), the changes; where the call came from
 * (address, user agent) only for an Admin (`withOrigin`); the name of each record (`withNames`: the audit
 * log names many records, a History one it already shows).
 */
export async function shownEntries(
  ctx: AppContext,
  rows: AuditListRow[],
  resources: readonly ResourceDeclaration[],
  { withOrigin, withNames }: { withOrigin: boolean; withNames: boolean },
): Promise<AuditEntry[]> {
  const types = await accountTypes(ctx.db, rows.map(accountId).filter((id): id is number => id !== null));
  const names = withNames ? await recordNames(ctx.db, rows, resources) : new Map<string, string>();
  return rows.map((row) => {
    const account = accountId(row);
    return {
      id: Number(row.id),
      actor:
        row.actor_id !== null && row.actor_name !== null
          ? {
              id: Number(row.actor_id),
              name: row.actor_name,
              email: row.actor_email ?? '',
              role: row.actor_role ?? '',
              deleted: row.actor_type === null,
              path: row.actor_type === null ? null : recordPath('user', String(row.actor_id), { accountType: row.actor_type }),
            }
          : null,
      action: row.action,
      entity: row.entity,
      entity_id: row.entity_id,
      record_name: nameOf(names, row),
      path: recordPath(row.entity, row.entity_id, { accountType: account === null ? null : types.get(account), resources }),
      created_at: row.created_at,
      changes: changesOf(row.detail),
      ...(withOrigin ? { ip: row.ip, user_agent: row.user_agent } : {}),
    };
  });
}
