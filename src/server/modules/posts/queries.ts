// Read model of the posts and itineraries screens: the list of one type, and the few columns the routes
// check before acting on a post.
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context';
import { countOf } from '../../db/counts';
import type { Database } from '../../db/schema';
import { searchCondition } from '../../db/search';
import { type ListRequest, readList } from '../../http/list';
import type { PostType } from './service';

/** A page (or, exported, all) of the live posts or itineraries, each with its first stop's picture and its number of stops. */
export async function listPostsQuery(ctx: AppContext, type: PostType, req: ListRequest<string>) {
  const { db } = ctx;
  const base = db
    .selectFrom('posts')
    .where('posts.type', '=', type)
    .where('posts.deleted_at', 'is', null);
  return readList(
    base,
    (qb) =>
      qb
        .select([
          'posts.id',
          'posts.type',
          'posts.title',
          'posts.description',
          'posts.user_id',
          'posts.itinerary_date',
          'posts.is_planeed',
          'posts.is_public',
          'posts.sequence',
          'posts.created_at',
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
    {
      db,
      name: 'posts',
      total: () => countOf(db, `posts:${type}`),
      // a post is found by its title or description, or by its author's name (all in its search index)
      search: (indexed) => searchCondition(ctx.dialect, 'posts', 'posts', req.filter, indexed, type),
    },
  );
}

/** A post's type, title and deletion time (deleted ones too), or undefined. */
export async function findPostSummary(db: Kysely<Database>, id: number) {
  return db.selectFrom('posts').select(['id', 'type', 'title', 'deleted_at']).where('id', '=', id).executeTakeFirst();
}
