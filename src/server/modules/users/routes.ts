// Users and sub-admins (spec §7 "Users and sub-admins"). The list is here; forms, bulk actions and
// pictures follow in the users issue.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { searchCondition } from '../../db/search';
import { notFound } from '../../http/errors';
import { listQuerySchema, parseListQuery, runListQuery } from '../../http/list';
import { item, list } from '../../http/reply';

const userListQuery = listQuerySchema.extend({ user_type: z.enum(['User', 'Sub-Admin']).default('User') });

const SORTABLE = {
  id: 'users.id',
  name: 'users.name',
  username: 'users.name',
  email: 'users.email',
  phone: 'users.phone',
  status: 'users.status',
  sequence: 'users.sequence',
  location: 'users.location',
  created_at: 'users.created_at',
} as const;

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

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

  app.get('/api/user', { schema: { tags: ['users'], querystring: userListQuery } }, async (request, reply) => {
    const q = request.query as z.infer<typeof userListQuery>;
    // User-list opens the user list (and the post form's user picker), SubAdmin-list the sub-admins.
    await ctx.requireAccess(request, q.user_type === 'Sub-Admin' ? 'subadmin' : 'user');
    const req = parseListQuery(q, {
      sortable: SORTABLE,
      defaultOrder: { direction: 'DESC', name: 'id', type: 'default' },
      pageBase: q.user_type === 'User' ? 1 : 0,
    });
    let base = db.selectFrom('users').where('users.user_type', '=', q.user_type);
    if (req.filter) base = base.where(searchCondition(ctx.dialect, 'users', 'users', req.filter));
    const { rows, meta } = await runListQuery(
      base,
      (qb) =>
        qb.select(baseColumns).select((eb) => {
          // counts computed from the data, one indexed sub-query each
          const userPosts = (type: string) =>
            eb
              .selectFrom('posts')
              .whereRef('posts.user_id', '=', 'users.id')
              .where('posts.type', '=', type)
              .where('posts.deleted_at', 'is', null)
              .select(eb.fn.countAll<number>().as('n'));
          return [
            userPosts('post').as('postCount'),
            userPosts('itinerary').as('itineraryCount'),
            eb.selectFrom('spots').whereRef('spots.user_id', '=', 'users.id').select(eb.fn.countAll<number>().as('n')).as('userSpotCount'),
          ];
        }),
      req,
      'users.id',
    );
    const data = rows.map((r) => ({
      ...r,
      postCount: Number(r.postCount ?? 0),
      itineraryCount: Number(r.itineraryCount ?? 0),
      userSpotCount: Number(r.userSpotCount ?? 0),
    }));
    return list(reply, data, meta);
  });

  app.get(
    '/api/user/login/:id',
    { schema: { tags: ['users'], params: z.object({ id: z.coerce.number().int() }) } },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      // signed in first, so that a stranger cannot learn which ids exist
      request.caller = await ctx.authenticate(request);
      const user = await db.selectFrom('users').select(baseColumns).where('id', '=', id).executeTakeFirst();
      if (!user || user.user_type === 'Admin') throw notFound('User not found');
      await ctx.requireAccess(request, user.user_type === 'Sub-Admin' ? 'subadmin' : 'user');
      return item(reply, user);
    },
  );
}
