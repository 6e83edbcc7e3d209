// The audit trail's entries as live changes: each entry names its kind, record, action and who acted,
// which is what a list or record page needs to know (the database's write notifications name tables
// only). Entries that change no record (sign-ins, refusals, exports…) tell nothing. One message per
// kind, action and person in a batch: a bulk change of 10,000 rows is one message, not 10,000.
import { MAX_INT } from '@shared/validation/common';
import type { LiveChange } from '@shared/live';
import type { AppContext } from '@server/context';
import type { FeedMessage } from './feed';

/** An audit entry as the feed reads it. */
export interface TrailEntry {
  id: number;
  action: string;
  entity: string;
  entity_id: string | null;
  actor_id: number | null;
  actor_name: string | null;
}

/** Actions that change no record a list or page shows. */
const NOT_CHANGES = /^(login|login\.failed|refused|audit\.prune|export|logout|session\.end|sessions\.end|password\.reset|emailtemplate\.test_send|two_factor\..*)$/;
/** Records named one by one up to this many in a message; past it, "many" (ids: null). */
const MAX_IDS = 100;
/** Kinds of the trail shown on a list named otherwise. */
const LIST_OF: Readonly<Record<string, string>> = { moderation_case: 'moderation', comment: 'reportedComments', reportCategory: 'reportCategories' };

export const isChange = (action: string) => !NOT_CHANGES.test(action);

const numericIds = (entries: readonly TrailEntry[], entity: string) => [
  ...new Set(entries.filter((e) => e.entity === entity && e.entity_id && /^\d{1,10}$/.test(e.entity_id) && Number(e.entity_id) <= MAX_INT).map((e) => Number(e.entity_id))),
];

/**
 * Who may read each entry's record: an account by its kind now (a user's list, a sub-admin's with its
 * permissions, an Admin's or a deleted one's: Admins only, as its History), a post or itinerary by its
 * type now, anything else by its kind's resource. Two reads at most per batch.
 */
async function audiences(ctx: AppContext, entries: readonly TrailEntry[]) {
  const accounts = new Map<string, { type: string; permissions: string[] }>();
  const userIds = numericIds(entries, 'user');
  if (userIds.length) {
    const rows = await ctx.db
      .selectFrom('users')
      .leftJoin('user_permissions', 'user_permissions.user_id', 'users.id')
      .leftJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
      .select(['users.id', 'users.user_type', 'permissions.name as permission'])
      .where('users.id', 'in', userIds)
      .execute();
    for (const r of rows) {
      const account = accounts.get(String(r.id)) ?? { type: r.user_type, permissions: [] };
      if (r.permission) account.permissions.push(r.permission);
      accounts.set(String(r.id), account);
    }
  }
  const postIds = [...new Set([...numericIds(entries, 'post'), ...numericIds(entries, 'itinerary')])];
  const postTypes = new Map<string, string>();
  if (postIds.length) {
    for (const r of await ctx.db.selectFrom('posts').select(['id', 'type']).where('id', 'in', postIds).execute()) postTypes.set(String(r.id), r.type);
  }
  return (entry: TrailEntry): { resource: string; needs?: string[] } => {
    const id = entry.entity_id ?? '';
    if (entry.entity === 'user') {
      const account = accounts.get(id);
      if (account?.type === 'User') return { resource: 'user' };
      if (account?.type === 'Sub-Admin') return { resource: 'subadmin', needs: account.permissions.sort() };
      return { resource: 'account' };
    }
    if (entry.entity === 'post' || entry.entity === 'itinerary') return { resource: postTypes.get(id) ?? entry.entity };
    return { resource: LIST_OF[entry.entity] ?? entry.entity };
  };
}

/** The live messages of a batch of audit entries, in their order. */
export async function changesOf(ctx: AppContext, entries: readonly TrailEntry[]): Promise<FeedMessage[]> {
  const changes = entries.filter((e) => isChange(e.action));
  if (!changes.length) return [];
  const audienceOf = await audiences(ctx, changes);
  const groups = new Map<string, { change: LiveChange; needs?: string[] }>();
  for (const entry of changes) {
    const { resource, needs } = audienceOf(entry);
    const key = JSON.stringify([resource, entry.action, entry.actor_id, needs ?? null]);
    const group = groups.get(key);
    if (!group) {
      const by = entry.actor_id === null ? null : { id: entry.actor_id, name: entry.actor_name ?? '' };
      groups.set(key, { change: { id: entry.id, resource, ids: entry.entity_id ? [entry.entity_id] : null, action: entry.action, by }, needs });
      continue;
    }
    const { change } = group;
    change.id = Math.max(change.id, entry.id);
    if (change.ids && entry.entity_id && !change.ids.includes(entry.entity_id)) change.ids.push(entry.entity_id);
    if (!entry.entity_id || (change.ids && change.ids.length > MAX_IDS)) change.ids = null;
  }
  return [...groups.values()].sort((a, b) => a.change.id - b.change.id).map(({ change, needs }) => ({ kind: 'change', change, ...(needs ? { needs } : {}) }));
}

/** How many entries a reconnecting stream is told again at most; past that it is told to refresh. */
export const REPLAY_LIMIT = 200;

/** The entries after `afterId` (at most REPLAY_LIMIT + 1: one more says there are too many). */
export async function entriesAfter(ctx: AppContext, afterId: number): Promise<TrailEntry[]> {
  const rows = await ctx.db
    .selectFrom('audit_log')
    .select(['id', 'action', 'entity', 'entity_id', 'actor_id', 'actor_name'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(REPLAY_LIMIT + 1)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The newest entry's id (0 for an empty trail): where a new stream starts. */
export async function newestEntry(ctx: AppContext): Promise<number> {
  const row = await ctx.db.selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.id) : 0;
}

/**
 * Who may read record `id` of admin resource `resource` (an edit dialog's presence): its resource's rule,
 * and for a sub-admin the permissions it holds (the same as its changes').
 */
export async function recordAudience(ctx: AppContext, resource: string, id: string): Promise<{ resource: string; needs?: string[] }> {
  if (resource !== 'subadmin' || !/^\d{1,10}$/.test(id) || Number(id) > MAX_INT) return { resource };
  const of = await audiences(ctx, [{ id: 0, action: 'update', entity: 'user', entity_id: id, actor_id: null, actor_name: null }]);
  const audience = of({ id: 0, action: 'update', entity: 'user', entity_id: id, actor_id: null, actor_name: null });
  // a sub-admin's dialog names a sub-admin: another kind of account there is read by Admins only
  return audience.resource === 'subadmin' ? audience : { resource: 'account' };
}
