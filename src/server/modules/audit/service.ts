// The audit trail's rules: who may read a record's history, the days a filter names, and each entry as
// the screens read it (its actor, its record's page, its changed fields).
import { canAccess, mayManageAccount, satisfies } from '@shared/access';
import { type AuditEntry, historyResource, recordPath } from '@shared/audit';
import type { ResourceDeclaration } from '@shared/resources/index';
import { MAX_INT } from '@shared/validation/common';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { findUserById, permissionsOf } from '../auth/service';
import { changesOf } from './changes';
import { accountTypes, type AuditListRow, postType } from './queries';

/**
 * May `caller` read the history of record `id` of kind `entity`? An Admin always; a Sub-Admin when it may
 * open that record: an account it may manage (users with User-list, sub-admins within its own
 * permissions, never an Admin), a post or an itinerary with its kind's permission, anything else with
 * its resource's rule. A deleted account's history is the Admins'.
 */
export async function mayReadHistory(ctx: AppContext, caller: Caller, entity: string, id: number, resources: readonly ResourceDeclaration[]): Promise<boolean> {
  if (caller.role === 'Admin') return true;
  if (entity === 'user') {
    const account = await findUserById(ctx.db, id);
    return !!account && mayManageAccount(caller, { ...account, permissions: await permissionsOf(ctx.db, account) });
  }
  if (entity === 'post' || entity === 'itinerary') return canAccess(caller, (await postType(ctx.db, id)) ?? entity);
  // a plain resource's rule is in its declaration (the registry the server was built with)
  const plain = resources.find((r) => r.storage && r.name === entity);
  return plain ? satisfies(caller, plain.rule, plain.name) : canAccess(caller, historyResource(entity));
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

/** The changes of an entry as one text ('name: A → B; status: Active → Inactive'), for an export. */
const changesText = (row: AuditListRow) =>
  changesOf(row.detail)
    .map((c) => `${c.field}: ${c.before === null ? '' : `${c.before} → `}${c.after ?? ''}`)
    .join('; ');

/**
 * An entry as a line of the exported trail: the same fields, flat (the person's name, the changes as
 * text); the page of an account is not looked up (its kind is not known here).
 */
export const exportedEntry = (row: AuditListRow, resources: readonly ResourceDeclaration[]) => ({
  id: Number(row.id),
  actor: row.actor_name,
  action: row.action,
  entity: row.entity,
  entity_id: row.entity_id,
  path: recordPath(row.entity, row.entity_id, { resources }),
  created_at: row.created_at,
  changes: changesText(row),
});

/** Entries as the API answers them: the actor, the page of the record (an account's by its kind), the changes. */
export async function shownEntries(ctx: AppContext, rows: AuditListRow[], resources: readonly ResourceDeclaration[]): Promise<AuditEntry[]> {
  const types = await accountTypes(ctx.db, rows.map(accountId).filter((id): id is number => id !== null));
  return rows.map((row) => {
    const account = accountId(row);
    return {
      id: Number(row.id),
      actor:
        row.actor_id !== null && row.actor_name !== null
          ? { id: Number(row.actor_id), name: row.actor_name, email: row.actor_email ?? '', path: recordPath('user', String(row.actor_id), { accountType: row.actor_type }) }
          : null,
      action: row.action,
      entity: row.entity,
      entity_id: row.entity_id,
      path: recordPath(row.entity, row.entity_id, { accountType: account === null ? null : types.get(account), resources }),
      created_at: row.created_at,
      changes: changesOf(row.detail),
    };
  });
}
