// What a bulk change does to one batch of records, and its reverse (the Undo): each resource's records are
// changed as their single edit changes them (a post hidden or live through deleted_at, to the Trash
// through trashed_at, a user leaving Active signed out, a plain record through its declared store). Each
// record changed answers what it had before and what it was given (`Changed`), which the job keeps per
// record and writes to the audit trail; an Undo puts `before` back only where the record still holds
// `after` (else someone changed it since: it is left as it is and counted).
/* eslint-disable @typescript-eslint/no-explicit-any -- a batch's scope works on the posts' or spots' query */
import { type Kysely, sql } from 'kysely';
import { bulkOf, type BulkChange, type BulkFieldDeclaration, itinerary, post, type ResourceDeclaration, spot, user } from '@shared/resources/index';
import type { AppContext } from '@server/context';
import { now } from '@server/db/index';
import type { Database } from '@server/db/schema';
import { badRequest, HttpError } from '@server/http/errors';
import { declaredStore } from '../declared/store';
import { endSessionsIfAccessLost } from '../users/service';

/** One record changed: its id and the values before and after, as kept for its Undo. */
export interface Changed {
  id: number;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface BulkTarget {
  /** the kind of record its audit entries name */
  entity: string;
  apply(ids: number[], actorId: number): Promise<Changed[]>;
  /** puts `before` back where the record still holds `after`; answers the ids put back */
  revert(items: Changed[]): Promise<number[]>;
}

const LINKS = { category: { table: 'post_categories', column: 'category_id', of: 'categories' }, tag: { table: 'post_tags', column: 'tag_id', of: 'tags' } } as const;

/**
 * Checks a change against the resource's `bulk` declaration and the form's rules: an undeclared field, a
 * value outside its choices, a missing linked record: a 400 naming it, before anything is written.
 */
export async function checkedChange(ctx: AppContext, resource: ResourceDeclaration, change: BulkChange): Promise<BulkChange> {
  const bulk = bulkOf(resource);
  if ('delete' in change) {
    if (!bulk?.delete) throw badRequest(`${resource.name} records cannot be deleted in bulk`, { delete: 'not allowed in bulk' });
    return change;
  }
  const field = bulk?.fields.find((f) => f.name === change.field);
  if (!field) throw badRequest(`field "${String(change.field).slice(0, 60)}" cannot be set in bulk`, { field: `not a bulk field of ${resource.name}` });
  const refuse = (what: string) => badRequest(`${field.name}: ${what}`, { [field.name]: what });
  if (field.kind === 'links') {
    const id = 'add' in change ? change.add : 'remove' in change ? change.remove : undefined;
    if (id === undefined) throw refuse('add or remove a record');
    const link = LINKS[field.name as keyof typeof LINKS];
    const found = await ctx.db.selectFrom(link.of).select('status').where('id', '=', id).executeTakeFirst();
    // a form offers Active ones only; removing an Inactive one is allowed
    if (!found || ('add' in change && found.status !== 'Active')) throw refuse(`no Active ${field.reference} ${id}`);
    return change;
  }
  if (!('value' in change)) throw refuse('a value is needed');
  if (field.kind === 'yesNo' && typeof change.value !== 'boolean') throw refuse('must be true or false');
  if (field.kind === 'choice' && !(field.choices ?? []).includes(change.value as string)) throw refuse(`must be one of: ${(field.choices ?? []).join(', ')}`);
  return change;
}

type Table = 'posts' | 'spots';

/**
 * A column set over a batch with one UPDATE per distinct value it had (`stored`: the value written; a
 * post's status is its deleted_at). `scope` keeps the batch to the list's records (a post's type, not in
 * the Trash).
 */
function columnChange(db: Kysely<Database>, table: Table, scope: (qb: any) => any, column: string, stored: (stamp: string) => unknown) {
  return async (ids: number[], field: string, shown: (raw: unknown) => unknown): Promise<Changed[]> => {
    const stamp = now();
    const value = stored(stamp);
    const rows: { id: number; v: unknown }[] = await scope(db.selectFrom(table).select(['id', sql.ref(column).as('v')]).where('id', 'in', ids)).execute();
    const changing = rows.filter((r) => shown(r.v) !== shown(value));
    if (changing.length) await db.updateTable(table).set({ [column]: value, updated_at: stamp } as never).where('id', 'in', changing.map((r) => r.id)).execute();
    return changing.map((r) => ({ id: Number(r.id), before: { [field]: r.v }, after: { [field]: value } }));
  };
}

/** Puts each record's `before` back where it still holds `after`, grouped by value (few distinct ones). */
async function revertColumn(db: Kysely<Database>, table: Table, column: string, field: string, items: Changed[], extra: (before: Record<string, unknown>) => Record<string, unknown> = () => ({})) {
  const stamp = now();
  const groups = new Map<string, Changed[]>();
  for (const item of items) {
    const key = JSON.stringify([item.before, item.after[field]]);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const put: number[] = [];
  for (const group of groups.values()) {
    const { before, after } = group[0];
    const held = after[field] === null ? sql<boolean>`${sql.ref(column)} IS NULL` : sql<boolean>`${sql.ref(column)} = ${after[field]}`;
    const done = await db
      .updateTable(table)
      .set({ [column]: before[field], ...extra(before), updated_at: stamp } as never)
      .where('id', 'in', group.map((i) => i.id))
      .where(held)
      .returning('id')
      .execute();
    put.push(...done.map((r) => Number(r.id)));
  }
  return put;
}

/** Posts or itineraries: status (live or hidden), Public, a category or tag added or removed, to the Trash. */
function postTarget(ctx: AppContext, type: 'post' | 'itinerary', change: BulkChange): BulkTarget {
  const { db } = ctx;
  const scope = (qb: any) => qb.where('type', '=', type).where('trashed_at', 'is', null);
  const entity = type;
  if ('delete' in change) {
    return {
      entity,
      async apply(ids, actorId) {
        const stamp = now();
        const rows = await scope(db.selectFrom('posts').select(['id', 'deleted_at', 'title']).where('id', 'in', ids)).execute();
        if (rows.length)
          await db
            .updateTable('posts')
            .set({ trashed_at: stamp, trashed_by: actorId, deleted_at: sql`COALESCE(deleted_at, ${stamp})`, updated_at: stamp })
            .where('id', 'in', rows.map((r: { id: number }) => r.id))
            .execute();
        return rows.map((r: { id: number; deleted_at: string | null; title: string }) => ({ id: Number(r.id), before: { deleted_at: r.deleted_at, title: r.title }, after: { trashed_at: stamp } }));
      },
      revert: (items) => revertColumn(db, 'posts', 'trashed_at', 'trashed_at', items.map((i) => ({ ...i, before: { trashed_at: null, deleted_at: i.before.deleted_at } })), (b) => ({ deleted_at: b.deleted_at, trashed_by: null })),
    };
  }
  if ('value' in change && change.field === 'status') {
    const hidden = change.value === 'Inactive';
    const set = columnChange(db, 'posts', scope, 'deleted_at', (stamp) => (hidden ? stamp : null));
    return { entity, apply: (ids) => set(ids, 'deleted_at', (v) => v !== null), revert: (items) => revertColumn(db, 'posts', 'deleted_at', 'deleted_at', items) };
  }
  if ('value' in change) {
    const set = columnChange(db, 'posts', scope, 'is_public', () => (change.value ? 1 : 0));
    return { entity, apply: (ids) => set(ids, 'is_public', Number), revert: (items) => revertColumn(db, 'posts', 'is_public', 'is_public', items) };
  }
  const link = LINKS[change.field as keyof typeof LINKS];
  const adding = 'add' in change;
  const linkId = adding ? change.add : (change as { remove: number }).remove;
  const table = sql.table(link.table);
  const linked = async (ids: number[]) =>
    new Set((await sql<{ post_id: number }>`SELECT post_id FROM ${table} WHERE ${sql.ref(link.column)} = ${linkId} AND post_id IN (${sql.join(ids)})`.execute(db)).rows.map((r) => Number(r.post_id)));
  const addLinks = (ids: number[]) =>
    ids.length ? sql`INSERT INTO ${table} (post_id, ${sql.ref(link.column)}) VALUES ${sql.join(ids.map((id) => sql`(${id}, ${linkId})`))}`.execute(db) : undefined;
  const removeLinks = (ids: number[]) => (ids.length ? sql`DELETE FROM ${table} WHERE ${sql.ref(link.column)} = ${linkId} AND post_id IN (${sql.join(ids)})`.execute(db) : undefined);
  const key = change.field;
  return {
    entity,
    async apply(ids) {
      const posts = (await scope(db.selectFrom('posts').select('id').where('id', 'in', ids)).execute()).map((r: { id: number }) => Number(r.id));
      if (!posts.length) return [];
      const has = await linked(posts);
      const changing = posts.filter((id: number) => has.has(id) !== adding);
      await (adding ? addLinks(changing) : removeLinks(changing));
      return changing.map((id: number) => ({ id, before: { [key]: adding ? null : linkId }, after: { [key]: adding ? linkId : null } }));
    },
    async revert(items) {
      const ids = items.map((i) => i.id);
      const has = await linked(ids);
      // a link added is removed while it is there; a link removed comes back while it is missing
      const back = ids.filter((id) => has.has(id) === adding);
      await (adding ? removeLinks(back) : addLinks(back));
      return back;
    },
  };
}

/** Spots: their status. */
function spotTarget(ctx: AppContext, change: BulkChange): BulkTarget {
  const value = (change as { value: string }).value;
  const set = columnChange(ctx.db, 'spots', (qb) => qb, 'status', () => value);
  return { entity: 'spot', apply: (ids) => set(ids, 'status', String), revert: (items) => revertColumn(ctx.db, 'spots', 'status', 'status', items) };
}

/** Users: their status, one by one as the user form sets it (never one's own; leaving Active signs out). */
function userTarget(ctx: AppContext, change: BulkChange): BulkTarget {
  const { db } = ctx;
  const value = (change as { value: string }).value;
  const setStatus = async (ids: number[], to: (id: number) => string, held: (id: number) => string | undefined, actorId?: number) => {
    const rows = await db.selectFrom('users').select(['id', 'status']).where('id', 'in', ids).where('user_type', '=', 'User').execute();
    const done: Changed[] = [];
    for (const row of rows) {
      const status = to(row.id);
      const expected = held(row.id);
      if (row.id === actorId || row.status === status || (expected !== undefined && row.status !== expected)) continue;
      await db.updateTable('users').set({ status: status as never, updated_at: now() }).where('id', '=', row.id).execute();
      await endSessionsIfAccessLost(ctx, row.id, { before: { status: row.status }, after: { status } } as never);
      done.push({ id: row.id, before: { status: row.status }, after: { status } });
    }
    return done;
  };
  return {
    entity: 'user',
    apply: (ids, actorId) => setStatus(ids, () => value, () => undefined, actorId),
    async revert(items) {
      const byId = new Map(items.map((i) => [i.id, i]));
      return (await setStatus([...byId.keys()], (id) => String(byId.get(id)!.before.status), (id) => String(byId.get(id)!.after.status))).map((c) => c.id);
    },
  };
}

/** A plain resource: a field through its declared store (search text, keys, version), or a delete. */
function declaredTarget(ctx: AppContext, resource: ResourceDeclaration, registry: readonly ResourceDeclaration[], change: BulkChange, onDelete?: (trx: Kysely<any>, id: number) => Promise<void>): BulkTarget {
  const store = declaredStore(ctx.db, resource, { registry });
  const entity = typeof resource.audited === 'string' ? resource.audited : resource.name;
  if ('delete' in change) {
    return {
      entity,
      async apply(ids) {
        const done: Changed[] = [];
        for (const id of ids) {
          try {
            const before = await store.remove(id, onDelete);
            if (before) done.push({ id, before, after: {} });
          } catch (err) {
            // a record another one references stays (the single delete's 409): left as it is
            if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
          }
        }
        return done;
      },
      revert: async () => [],
    };
  }
  const { field, value } = change as { field: string; value: unknown };
  const setEach = async (items: { id: number; to: unknown; held?: unknown }[]) => {
    const done: Changed[] = [];
    for (const { id, to, held } of items) {
      const current = await store.one(id);
      if (!current || current[field] === to || (held !== undefined && current[field] !== held)) continue;
      const saved = await store.update(id, { [field]: to });
      if (saved) done.push({ id, before: { [field]: saved.before[field] }, after: { [field]: saved.after[field] } });
    }
    return done;
  };
  return {
    entity,
    apply: (ids) => setEach(ids.map((id) => ({ id, to: value }))),
    revert: async (items) => (await setEach(items.map((i) => ({ id: i.id, to: i.before[field], held: i.after[field] })))).map((c) => c.id),
  };
}

/** A change with no Undo: a plain record's delete removes the row (what went with it too). */
export const isFinal = (resource: ResourceDeclaration, change: BulkChange) => !!resource.storage && 'delete' in change;

/** The change's effect on the resource's records. */
export function targetOf(ctx: AppContext, resource: ResourceDeclaration, registry: readonly ResourceDeclaration[], change: BulkChange, onDelete?: (trx: Kysely<any>, id: number) => Promise<void>): BulkTarget {
  if (resource.name === post.name || resource.name === itinerary.name) return postTarget(ctx, resource.name, change);
  if (resource.name === spot.name) return spotTarget(ctx, change);
  if (resource.name === user.name) return userTarget(ctx, change);
  return declaredTarget(ctx, resource, registry, change, onDelete);
}

/** A bulk field's declaration (for the answers' labels). */
export const bulkFieldOf = (resource: ResourceDeclaration, name: string): BulkFieldDeclaration | undefined => bulkOf(resource)?.fields.find((f) => f.name === name);
