// Read model of the audit trail: the /audit list (filters, search, pages at a million entries), a record's
// history, and what the screens need beside an entry (the kind of an account, of a post).
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { AUDIT_ACTIONS } from '@shared/audit';
import { foldText } from '@shared/text';
import type { AppContext } from '@server/context';
import { countOf } from '@server/db/counts';
import type { Database } from '@server/db/schema';
import { substringCondition } from '@server/db/search';
import { type ListRequest, readList } from '@server/db/list';

/** The list's filters beside its search (each checked by the route). */
export interface AuditFilters {
  actor?: number;
  /** the kinds of record (one from the screen; a history reads a post under both of its kinds) */
  entities?: readonly string[];
  entityId?: string;
  /** with the record's own entries, those of these moderation cases (its History shows their claims and notes) */
  cases?: readonly string[];
  /** created at or after (ISO text) */
  from?: string;
  /** created before (ISO text: the day after the last one wanted) */
  before?: string;
  /** these actions only (the Action filter) */
  actions?: readonly string[];
  /** not these actions (the "hide sign-ins" toggle) */
  hiddenActions?: readonly string[];
}

const COLUMNS = [
  'audit_log.id',
  'audit_log.actor_id',
  'audit_log.actor_name',
  'audit_log.actor_email',
  'audit_log.actor_role',
  'audit_log.action',
  'audit_log.entity',
  'audit_log.entity_id',
  'audit_log.detail',
  'audit_log.ip',
  'audit_log.user_agent',
  'audit_log.created_at',
] as const;

/** The entries the filters keep, before search, order and page. */
function entriesOf(db: Kysely<Database>, f: AuditFilters) {
  let base = db.selectFrom('audit_log');
  if (f.actor !== undefined) base = base.where('audit_log.actor_id', '=', f.actor);
  const { entities, entityId, cases } = f;
  if (entities && entityId !== undefined && cases?.length) {
    base = base.where((eb) =>
      eb.or([
        eb.and([eb('audit_log.entity', 'in', entities), eb('audit_log.entity_id', '=', entityId)]),
        eb.and([eb('audit_log.entity', '=', 'moderation_case'), eb('audit_log.entity_id', 'in', cases)]),
      ]),
    );
  } else {
    if (entities) base = base.where('audit_log.entity', 'in', entities);
    if (entityId !== undefined) base = base.where('audit_log.entity_id', '=', entityId);
  }
  if (f.from !== undefined) base = base.where('audit_log.created_at', '>=', f.from);
  if (f.before !== undefined) base = base.where('audit_log.created_at', '<', f.before);
  if (f.actions) base = base.where('audit_log.action', 'in', f.actions);
  if (f.hiddenActions) base = base.where('audit_log.action', 'not in', f.hiddenActions);
  return base;
}

/** The kept total of the entries the filters keep, when it is kept: the whole trail's, or one kind's. */
function keptTotal(db: Kysely<Database>, f: AuditFilters) {
  const { entities, ...others } = f;
  if (!Object.values(others).every((value) => value === undefined)) return undefined;
  if (!entities) return () => countOf(db, 'audit_log:');
  return entities.length === 1 ? () => countOf(db, `audit_log:${entities[0]}`) : undefined;
}

/**
 * The ids of everyone who ever acted (audit_actors: staff, a handful beside the trail) whose name or email,
 * as last seen, holds `term` (folded as the search index folds: case, accents, the Turkish ı, Arabic forms).
 */
async function peopleNamed(ctx: AppContext, term: string): Promise<number[]> {
  const folded = foldText(term);
  const actors = await ctx.db.selectFrom('audit_actors').select(['id', 'name', 'email']).execute();
  return actors.filter((a) => foldText(a.name).includes(folded) || foldText(a.email).includes(folded)).map((a) => a.id);
}

/**
 * What the search box finds: the actor's name or email, an action or a kind of record whose name holds
 * the term (named in the query, each with its index), an action whose label on the person's screen holds
 * it (`labelled`: the admin names them, the server has no catalogue), or a record's id. `indexed` false is the same match
 * as a test of each entry (the newest-first walk of a common term). The people the term names are listed
 * first (`people`): `actor_id IN (their ids)` is an index lookup on both databases, where PostgreSQL reads
 * the whole trail for an IN over a sub-select beside the other conditions.
 */
function searchOf(term: string, kinds: readonly string[], people: readonly number[], labelled: readonly string[] = []) {
  const folded = foldText(term);
  const actions = AUDIT_ACTIONS.filter((a) => foldText(a).includes(folded) || labelled.includes(a));
  const entities = kinds.filter((k) => foldText(k).includes(folded));
  const recordId = /^#?(\d{1,10})$/.exec(term.trim())?.[1];
  return (indexed: boolean): Expression<SqlBool> => {
    // the row test is no index's: a walk follows the list's order (SQLite would otherwise take the
    // action's index for 'update' and sort a third of the trail), so its columns are wrapped
    const text = (column: string) => (indexed ? sql.ref(column) : sql`(${sql.ref(column)} || '')`);
    const actor = indexed ? sql.ref('audit_log.actor_id') : sql`(${sql.ref('audit_log.actor_id')} + 0)`;
    const conditions: Expression<SqlBool>[] = [];
    if (people.length) conditions.push(sql<SqlBool>`${actor} IN (${sql.join([...people])})`);
    if (actions.length) conditions.push(sql<SqlBool>`${text('audit_log.action')} IN (${sql.join(actions)})`);
    if (entities.length) conditions.push(sql<SqlBool>`${text('audit_log.entity')} IN (${sql.join(entities)})`);
    // the kinds named too, so that the record index (entity, entity_id) answers it
    if (recordId) conditions.push(sql<SqlBool>`(${text('audit_log.entity')} IN (${sql.join([...kinds])}) AND ${text('audit_log.entity_id')} = ${recordId})`);
    return conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` OR `)})` : sql<SqlBool>`(1 = 0)`;
  };
}

/**
 * A page of the trail (or, exported, all of it), newest first unless asked otherwise, each entry with its
 * actor as they were then and the account's kind now (null once the account is gone, or for the system).
 * The whole trail's total and a kind's are the kept ones.
 */
export async function listAuditQuery(ctx: AppContext, req: ListRequest<string>, filters: AuditFilters, kinds: readonly string[], labelled?: readonly string[]) {
  const { db } = ctx;
  const people = req.filter ? await peopleNamed(ctx, req.filter) : [];
  return readList(
    entriesOf(db, filters),
    (qb) =>
      qb
        // the account as it is now: its page, when it still has one (the name is the entry's own)
        .leftJoin('users as actor', 'actor.id', 'audit_log.actor_id')
        .select(COLUMNS)
        .select(['actor.user_type as actor_type']),
    req,
    'audit_log.id',
    {
      db,
      // a search's share is taken among the newest entries by time, the order of every filter's index
      newest: 'audit_log.created_at',
      // not kept compiled: the search holds the people a term names, who change as accounts do
      total: keptTotal(db, filters),
      search: searchOf(req.filter, kinds, people, labelled),
    },
  );
}
export type AuditListRow = Extract<Awaited<ReturnType<typeof listAuditQuery>>, { rows: unknown }>['rows'][number];

/** The user_type of each of these accounts that still exists. */
export async function accountTypes(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'user_type']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.user_type]));
}

/** A post's or itinerary's type (soft-deleted ones too), or undefined when there is no such post. */
export async function postType(db: Kysely<Database>, id: number): Promise<string | undefined> {
  return (await db.selectFrom('posts').select('type').where('id', '=', id).executeTakeFirst())?.type;
}

/**
 * The person filter's choices, by name, at most `limit`: the staff accounts (Admins and Sub-Admins) whose
 * name or email holds `term`, then the people who acted and whose account is gone (as last seen);
 * `ids`: those people instead. Staff are few beside the users: their rows are walked through the
 * (user_type, name) index and tested one by one.
 */
export async function staffQuery(ctx: AppContext, term: string, limit: number, ids?: readonly number[]) {
  let staff = ctx.db.selectFrom('users').select(['users.id', 'users.name', 'users.email', 'users.user_type']).where('users.user_type', 'in', ['Admin', 'Sub-Admin']);
  if (ids) staff = staff.where('users.id', 'in', ids);
  else if (term) staff = staff.where(substringCondition(ctx.dialect, 'users', 'users', term, ['name', 'email'], false));
  const current = (await staff.orderBy('users.name').orderBy('users.id').limit(limit).execute()).map((p) => ({ ...p, deleted: false }));
  if (current.length >= limit) return current;
  let gone = ctx.db
    .selectFrom('audit_actors')
    .select(['audit_actors.id', 'audit_actors.name', 'audit_actors.email', 'audit_actors.role as user_type'])
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('users').select('users.id').whereRef('users.id', '=', 'audit_actors.id'))));
  if (ids) gone = gone.where('audit_actors.id', 'in', ids);
  const folded = foldText(term);
  const former = (await gone.orderBy('audit_actors.name').execute())
    .filter((p) => ids || !term || foldText(p.name).includes(folded) || foldText(p.email).includes(folded))
    .map((p) => ({ ...p, deleted: true }));
  return [...current, ...former].slice(0, limit);
}

/** How many times `actorId` did `action` since `since` (ISO time), and when the oldest of those was. */
export async function recentActions(db: Kysely<Database>, actorId: number, action: string, since: string) {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('actor_id', '=', actorId)
    .where('action', '=', action)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest === null ? null : String(row.oldest) };
}
