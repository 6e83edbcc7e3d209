// Which records a bulk job works on: the ticked ids, or everything that matches the list's own search and
// filters, read through the list's own query (the module's list function, as its CSV export walks it: in
// short statements, db/list.ts exportListQuery), so the selection is exactly what the list shows.
import { z } from 'zod';
import { bulkOf, itinerary, listFilters, post, type ResourceDeclaration, spot, user } from '@shared/resources/index';
import { USER_STATUSES } from '@shared/roles';
import type { Caller } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { type Listed, readList } from '@server/db/list';
import { badRequest } from '@server/http/errors';
import { listQuerySchema, parseListQuery } from '@server/http/list';
import { filterQueryShape, readFilters } from '@server/http/listFilters';
import { filteredRows } from '../declared/filters';
import { listSearch } from '../declared/listSearch';
import { declaredStore } from '../declared/store';
import { listPostsQuery } from '../posts/queries';
import { listSpotsQuery } from '../spots/queries';
import { listUsersQuery } from '../users/queries';

/** The list's query a selection may name: its search and its filters (no page, order or export). */
export const selectionQuery = (resource: ResourceDeclaration) =>
  listQuerySchema
    .pick({ filter: true })
    .extend({
      ...filterQueryShape(listFilters(resource)),
      // the users list's status is its own parameter (every status, Request Pending too)
      ...(resource.name === 'user' ? { status: z.enum(USER_STATUSES).optional() } : {}),
    })
    .strict();

/** The whole list in id order, as its CSV export reads it. */
const byId = (q: { filter?: string }, idColumn: string) =>
  parseListQuery({ filter: q.filter, format: 'csv' }, { sortable: { id: idColumn }, defaultOrder: { direction: 'ASC', name: 'id', type: 'default' }, pageBase: 0 });

/** The rows of a listed answer, batch by batch. */
async function* batchesOf(listed: Listed<{ id: unknown }>): AsyncGenerator<number[]> {
  if (!('batches' in listed)) throw new Error('a selection is read as an export');
  for await (const rows of listed.batches) yield rows.map((r) => Number(r.id));
}

/**
 * The ids the list shows for `query` (checked against the list's query schema: a bad value is a 400
 * naming it), batch by batch.
 */
export function matchingIds(ctx: AppContext, resource: ResourceDeclaration, caller: Caller, query: Record<string, unknown>): AsyncGenerator<number[]> {
  const parsed = selectionQuery(resource).safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'query');
    throw badRequest(`query.${name}: ${issue.message}`, { [`query.${name}`]: issue.message });
  }
  const q = parsed.data as Record<string, string | undefined> & { filter?: string };
  const filters = readFilters(q, listFilters(resource));
  switch (resource.name) {
    case post.name:
    case itinerary.name:
      return (async function* () {
        yield* batchesOf(await listPostsQuery(ctx, resource.name as 'post' | 'itinerary', byId(q, 'posts.id'), filters));
      })();
    case spot.name:
      return (async function* () {
        yield* batchesOf(await listSpotsQuery(ctx, byId(q, 'spots.id'), filters));
      })();
    case user.name: {
      const { status: _status, ...others } = filters;
      return (async function* () {
        yield* batchesOf(await listUsersQuery(ctx, 'User', caller, byId(q, 'users.id'), q.status as never, others));
      })();
    }
    default: {
      const store = declaredStore(ctx.db, resource);
      const search = listSearch(ctx, resource);
      const req = byId(q, 'id');
      return (async function* () {
        yield* batchesOf(
          await readList(filteredRows(store.listed(), listFilters(resource), filters), (qb) => qb.select('id'), req, 'id', {
            db: ctx.db,
            filtered: Object.keys(filters).length > 0,
            search: (indexed) => search.holds(req.filter, indexed, false),
          }),
        );
      })();
    }
  }
}

/** The resources whose lists change in bulk. */
export const bulkResources = (registry: readonly ResourceDeclaration[]) => registry.filter((r) => bulkOf(r) && (r.storage || ([post.name, itinerary.name, spot.name, user.name] as string[]).includes(r.name)));
