// Read model of the Trash (issue 35): the posts or itineraries staff deleted (trashed_at, migration 040),
// newest deleted first through their partial index, searched as the post lists search.
import type { AppContext } from '@server/context';
import { type ListRequest, readList } from '@server/db/list';
import { searchCondition } from '@server/db/search';
import { POST_ROW_COLUMNS } from '../posts/queries';
import type { PostType } from '../posts/service';

/** A page of one type's deleted posts, each with its author and who deleted it (null once their account is gone). */
export async function listTrashQuery(ctx: AppContext, type: PostType, request: ListRequest<string>) {
  const { db } = ctx;
  const base = db.selectFrom('posts').where('posts.type', '=', type).where('posts.trashed_at', 'is not', null);
  return readList(
    base,
    (qb) =>
      qb
        .leftJoin('users as deleter', 'deleter.id', 'posts.trashed_by')
        .select([
          ...POST_ROW_COLUMNS,
          'posts.user_name as user',
          'posts.created_at',
          'posts.trashed_at as deleted_at',
          'deleter.name as deleted_by',
        ]),
    request,
    'posts.id',
    {
      db,
      name: `trash ${type}`,
      newest: 'posts.trashed_at',
      search: (indexed) => searchCondition(ctx.dialect, 'posts', 'posts', request.filter, indexed, type),
    },
  );
}
