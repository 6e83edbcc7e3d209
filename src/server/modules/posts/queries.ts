// Read model of the posts and itineraries screens: the list of one type, and the few columns the routes
// check before acting on a post.
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '@server/context';
import { countOf } from '@server/db/counts';
import type { Database } from '@server/db/schema';
import { searchCondition } from '@server/db/search';
import { foldText } from '@shared/text';
import { type ListRequest, readList } from '@server/db/list';
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

/**
 * A page (or, exported, all) of the live posts or itineraries, each with its first stop's picture and its
 * number of stops. A status word as the search lists the posts in that state: Active the live ones (the
 * whole list), Inactive the hidden ones (migration 031's index).
 */
export async function listPostsQuery(ctx: AppContext, type: PostType, request: ListRequest<string>) {
  const { db } = ctx;
  const state = postStateNamed(request.filter);
  const hidden = state === 'hidden';
  const req = state ? { ...request, filter: '' } : request;
  const base = db
    .selectFrom('posts')
    .where('posts.type', '=', type)
    .where('posts.deleted_at', hidden ? 'is not' : 'is', null);
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
      ? // few rows, counted through their own index; kept apart from the live list's statements
        { db, name: 'posts hidden' }
      : {
          db,
          name: 'posts',
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
