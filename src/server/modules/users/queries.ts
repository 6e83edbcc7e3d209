// Read model of the users and sub-admins screens: the list (with the per-user counts kept on the row)
// and one account's detail.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { UserStatus } from '@shared/access';
import type { Caller } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { countOf } from '@server/db/counts';
import type { Database } from '@server/db/schema';
import { searchCondition, substringCondition } from '@server/db/search';
import { type ListRequest, readList } from '@server/db/list';
import { type CreatedBetween, columnIs, createdIn, narrowing } from '@server/db/filters';
import type { FilterValues } from '@server/http/listFilters';

const baseColumns = [
  'users.id',
  'users.name',
  'users.email',
  'users.phone',
  'users.country_code',
  'users.status',
  'users.user_type',
  'users.profile_pic',
  'users.thumbnail',
  'users.location',
  'users.sequence',
  'users.created_at',
] as const;

/**
 * A page (or, exported, all) of users or sub-admins. A Sub-Admin listing sub-admins sees only those holding no permission
 * outside its own.
 */
export async function listUsersQuery(ctx: AppContext, userType: 'User' | 'Sub-Admin', caller: Caller, req: ListRequest<string>, status?: UserStatus, filters: FilterValues = {}) {
  const { db } = ctx;
  const f = filters as UserFilters;
  let base = db.selectFrom('users').where('users.user_type', '=', userType);
  // walks the (user_type, status) index, or the sort's (user_type, column) one
  if (status) base = base.where('users.status', '=', status);
  // the other filters (issue 35): a country, having posts or spots (the counts kept on the row), the
  // creation date, planned as a search is (db/list.ts `narrow`)
  const { dialect } = ctx;
  const narrow = narrowing(
    [
      ...(f.country !== undefined ? [columnIs(dialect, 'users.country', '=', f.country)] : []),
      ...(f.has_posts !== undefined ? [columnIs(dialect, 'users.post_count', f.has_posts ? '>' : '=', 0)] : []),
      ...(f.has_spots !== undefined ? [columnIs(dialect, 'users.spot_count', f.has_spots ? '>' : '=', 0)] : []),
      ...createdIn('users.created_at', f.created),
    ],
    f,
  );
  if (userType === 'Sub-Admin' && caller.role !== 'Admin') base = base.where(onlyManageableBy(caller));
  return readList(
    base,
    (qb) =>
      qb
        .select(baseColumns)
        .select(['users.post_count as postCount', 'users.itinerary_count as itineraryCount', 'users.spot_count as userSpotCount']),
    req,
    'users.id',
    {
      db,
      name: 'users',
      narrow,
      // the sub-admins a Sub-Admin may manage are a few: counted
      total: userType === 'User' ? () => countOf(db, `users:User:${status ?? ''}`) : undefined,
      search: (indexed) => searchCondition(ctx.dialect, 'users', 'users', req.filter, indexed),
    },
  );
}

/** The users lists' filters beside the status (user.ts `filters`), read by http/listFilters.ts. */
interface UserFilters {
  country?: string;
  has_posts?: boolean;
  has_spots?: boolean;
  created?: CreatedBetween;
}

/** A page of the users as a form's user picker reads them (http/picker.ts): id and name, searched by name. */
export async function listUserPickerQuery(ctx: AppContext, req: ListRequest<string>) {
  const { db } = ctx;
  return readList(db.selectFrom('users').where('users.user_type', '=', 'User'), (qb) => qb.select(['users.id', 'users.name']), req, 'users.id', {
    db,
    name: 'users picker',
    total: () => countOf(db, 'users:User:'),
    search: (indexed) => substringCondition(ctx.dialect, 'users', 'users', req.filter, ['name'], indexed),
  });
}

/** Sub-Admins holding no permission outside `caller`'s (the list a Sub-Admin with SubAdmin-list sees). */
function onlyManageableBy(caller: Caller) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    let foreign = eb
      .selectFrom('user_permissions')
      .innerJoin('permissions', 'permissions.id', 'user_permissions.permission_id')
      .select('user_permissions.user_id')
      .whereRef('user_permissions.user_id', '=', 'users.id');
    if (caller.permissions.length) foreign = foreign.where('permissions.name', 'not in', caller.permissions);
    return eb.not(eb.exists(foreign));
  };
}

/** One account's columns as the detail screen shows them (the account exists). */
export async function findUserDetail(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('users')
    .select([...baseColumns, 'users.country', 'users.latitude', 'users.longitude', 'users.updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
