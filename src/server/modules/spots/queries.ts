// Read model of the spots screen: the list with each spot's creator and the post or itinerary it belongs to.
import type { AppContext } from '@server/context';
import { countOf } from '@server/db/counts';
import { searchCondition } from '@server/db/search';
import { type ListRequest, readList } from '@server/db/list';
import { type CreatedBetween, columnIs, createdIn, narrowing } from '@server/db/filters';
import type { FilterValues } from '@server/http/listFilters';

/** The spot list's filters (spot.ts `filters`), read by http/listFilters.ts. */
interface SpotFilters {
  status?: string;
  country?: string;
  created?: CreatedBetween;
}

const COLUMNS = [
  'spots.id',
  'spots.name',
  'spots.status',
  'spots.address',
  'spots.city',
  'spots.state',
  'spots.country',
  'spots.post_code',
  'spots.latitude',
  'spots.longitude',
  'spots.image',
  'spots.thumbnail_url',
  'spots.created_at',
  'spots.updated_at',
  'spots.user_id',
] as const;

/** A page (or, exported, all) of spots, each with its creator's name and the first live post or itinerary that shows it. */
export async function listSpotsQuery(ctx: AppContext, req: ListRequest<string>, filters: FilterValues = {}) {
  const { db } = ctx;
  const f = filters as SpotFilters;
  const base = db.selectFrom('spots');
  const narrow = narrowing(
    [
      ...(f.status !== undefined ? [columnIs(ctx.dialect, 'spots.status', '=', f.status)] : []),
      ...(f.country !== undefined ? [columnIs(ctx.dialect, 'spots.country', '=', f.country)] : []),
      ...createdIn('spots.created_at', f.created),
    ],
    f,
  );
  return readList(
    base,
    (qb) =>
      qb
        .select(COLUMNS)
        .select('spots.user_name as created_by')
        .select((eb) => {
          // the first live post or itinerary that shows this spot ("Associated With")
          const firstPost = () =>
            eb
              .selectFrom('post_spots')
              .innerJoin('posts', 'posts.id', 'post_spots.post_id')
              .whereRef('post_spots.spot_id', '=', 'spots.id')
              .where('posts.deleted_at', 'is', null)
              .orderBy('posts.id')
              .limit(1);
          return [firstPost().select('posts.id').as('post_id'), firstPost().select('posts.type').as('post_type')];
        }),
    req,
    'spots.id',
    {
      db,
      name: 'spots',
      narrow,
      total: () => countOf(db, 'spots'),
      // a spot is found by its name and place, or by its creator's name (all in its search index)
      search: (indexed) => searchCondition(ctx.dialect, 'spots', 'spots', req.filter, indexed),
    },
  );
}
