// Read model of the posts and itineraries screens: the list of one type, and the few columns the routes
// check before acting on a post.
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '@server/context';
import { countOf } from '@server/db/counts';
import type { Database } from '@server/db/schema';
import { searchCondition } from '@server/db/search';
import { foldText } from '@shared/text';
import { type ListRequest, readList } from '@server/db/list';
import { type Condition, type CreatedBetween, columnIs, createdIn, linkedBy, narrowing } from '@server/db/filters';
import type { FilterValues } from '@server/http/listFilters';
import type { PostType } from './service';

/**
 * The status words of the post lists' search (spec §2: 'Search for Title, Description and Status'), in
 * the three languages, folded as the search folds: a live post is Active, one removed by moderation (soft
 * deleted) Inactive, or hidden.
 */
const POST_STATES = {
  live: ['active', 'aktif', 'نشط'],
  hidden: ['inactive', 'hidden', 'pasif', 'gizli', 'غير نشط', 'مخفي'],
} as const;
type PostState = keyof typeof POST_STATES;

/** The state a search term names, when it is exactly one of the status words. */
export function postStateNamed(term: string): PostState | undefined {
  const folded = foldText(term.trim());
  return (Object.keys(POST_STATES) as PostState[]).find((state) => POST_STATES[state].some((word) => foldText(word) === folded));
}

/** What every list of posts shows of one (the posts and itineraries lists, the Trash). */
export const POST_ROW_COLUMNS = ['posts.id', 'posts.type', 'posts.title', 'posts.description', 'posts.user_id'] as const;
/** The post lists' filters as set (POST_FILTERS), read by http/listFilters.ts. */
export interface PostFilters {
  status?: string;
  category?: number;
  tag?: number;
  author?: number;
  country?: string;
  public?: boolean;
  planned?: boolean;
  created?: CreatedBetween;
}

/**
 * The posts the filters leave, as the list planner's conditions (db/list.ts `narrow`): a category's, tag's or
 * country's posts through their links' indexes (migration 038) when rare, tested post by post in the list's
 * order when common; an author's through (user_id, type); Public and Planned as columns.
 */
function postConditions(ctx: AppContext, f: PostFilters): Condition[] {
  const { dialect } = ctx;
  const links = (table: 'post_categories' | 'post_tags', column: string, id: number) =>
    linkedBy('posts.id', sql`${sql.table(table)}`, `${table}.post_id`, sql`${sql.ref(`${table}.${column}`)} = ${id}`);
  return [
    ...(f.category !== undefined ? [links('post_categories', 'category_id', f.category)] : []),
    ...(f.tag !== undefined ? [links('post_tags', 'tag_id', f.tag)] : []),
    ...(f.country !== undefined
      ? [linkedBy('posts.id', sql`post_spots INNER JOIN spots ON spots.id = post_spots.spot_id`, 'post_spots.post_id', sql`spots.country = ${f.country}`)]
      : []),
    ...(f.author !== undefined ? [columnIs(dialect, 'posts.user_id', '=', f.author)] : []),
    ...(f.public !== undefined ? [columnIs(dialect, 'posts.is_public', '=', f.public ? 1 : 0)] : []),
    // Planned is Yes for is_planeed '0' (DESIGN.md §9)
    ...(f.planned !== undefined ? [columnIs(dialect, 'posts.is_planeed', '=', f.planned ? '0' : '1')] : []),
    ...createdIn('posts.created_at', f.created),
  ];
}

const postsOf = (ctx: AppContext, type: PostType, hidden: boolean) =>
  ctx.db
    .selectFrom('posts')
    .where('posts.type', '=', type)
    .where('posts.deleted_at', hidden ? 'is not' : 'is', null);

/**
 * A page (or, exported, all) of the live posts or itineraries, each with its first stop's picture and its
 * number of stops. A status word as the search lists the posts in that state: Active the live ones (the
 * whole list), Inactive the hidden ones (migration 031's index).
 */
export async function listPostsQuery(ctx: AppContext, type: PostType, request: ListRequest<string>, filters: FilterValues = {}) {
  const { db } = ctx;
  const { status, ...rest } = filters as PostFilters;
  const state = postStateNamed(request.filter);
  // the status filter decides, else a status word as the search (spec §2)
  const hidden = status ? status === 'Inactive' : state === 'hidden';
  const req = state ? { ...request, filter: '' } : request;
  const narrow = narrowing(postConditions(ctx, rest), rest);
  const base = postsOf(ctx, type, hidden);
  return readList(
    base,
    (qb) =>
      qb
        .select([
          ...POST_ROW_COLUMNS,
          'posts.itinerary_date',
          'posts.is_planeed',
          'posts.is_public',
          'posts.sequence',
          'posts.created_at',
          'posts.deleted_at',
          'posts.user_name as user',
        ])
        .select((eb) => [
          // the first stop's picture stands for the post
          eb
            .selectFrom('post_spots')
            .innerJoin('spots', 'spots.id', 'post_spots.spot_id')
            .select('spots.thumbnail_url')
            .whereRef('post_spots.post_id', '=', 'posts.id')
            .orderBy('post_spots.position')
            .limit(1)
            .as('image'),
          eb
            .selectFrom('post_spots')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('post_spots.post_id', '=', 'posts.id')
            .as('spotCount'),
        ]),
    req,
    'posts.id',
    hidden
      ? // few rows, counted through their own index; kept apart from the live list's statements. With the
        // status filter a search reaches them too, tested row by row (the search index holds the live posts)
        { db, name: 'posts hidden', narrow, search: req.filter ? () => searchCondition(ctx.dialect, 'posts', 'posts', req.filter, false, type) : undefined }
      : {
          db,
          name: 'posts',
          narrow,
          total: () => countOf(db, `posts:${type}`),
          // a post is found by its title or description, or by its author's name (all in its search index)
          search: (indexed) => searchCondition(ctx.dialect, 'posts', 'posts', req.filter, indexed, type),
        },
  );
}

/** A post's type, title, deletion (or hiding) time and time it went into the Trash (deleted ones too), or undefined. */
export async function findPostSummary(db: Kysely<Database>, id: number) {
  return db.selectFrom('posts').select(['id', 'type', 'title', 'deleted_at', 'trashed_at']).where('id', '=', id).executeTakeFirst();
}
