// Users and sub-admins (spec §7 "Users and sub-admins"): list, detail, add, edit, delete, sequence and
// bulk actions. User-list opens the users, SubAdmin-list the sub-admins; only an Admin grants permissions.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mayGrantPermissions, mayManageAccount, PERMISSIONS, type Permission, USER_STATUSES } from '@shared/access';
import { englishText } from '@shared/validation/messages';
import {
  bulkActionSchema,
  optionalSubAdminPassword,
  optionalUserPassword,
  SUBADMIN_FORM_STATUSES,
  sequenceSchema,
  USER_FORM_STATUSES,
  userCreateSchema,
  userUpdateSchema,
} from '@shared/validation/user';
import { callerOf } from '@server/auth/guard';
import { refuseCommonPassword } from '@server/auth/commonPasswords';
import { generatePassword } from '@server/auth/passwords';
import type { AppContext } from '@server/context';
import type { UserRow } from '@server/db/schema';
import { doneAnswer, refusals } from '@server/http/answers';
import { badRequest, conflict, forbidden, notFound } from '@server/http/errors';
import { parseWith, readForm } from '@server/http/form';
import { listQuerySchema, parseListQuery } from '@server/http/list';
import { filterQueryShape, readFilters } from '@server/http/listFilters';
import { pickerSortable, readsAsPicker, refusePickerExport } from '@server/http/picker';
import { answerList, item, ok } from '@server/http/reply';
import { idParams } from '@server/http/zod';
import { sendTemplate } from '@server/mail/mailer';
import { removeIfUnreferenced } from '@server/uploads/references';
import { findUserByEmail, findUserById, permissionsOf } from '../auth/service';
import { atomically, audit } from '../audit/trail';
import { auditEdit, saveEdit } from '../audit/edits';
import {
  bulkActionAnswer,
  sequenceAnswer,
  userCreatedAnswer,
  userDetailAnswer,
  userListAnswer,
  userUpdatedAnswer,
} from './answers';
import { findUserDetail, listUserPickerQuery, listUsersQuery } from './queries';
import { splitPhone } from '@shared/validation/phone';
import {
  deleteAccount,
  endSessionsIfAccessLost,
  grantPermissions,
  insertUser,
  setUserSequence,
  storeProfilePicture,
  updateAccount,
  updateUser,
  userCounts,
} from './service';
import { type SortColumns, user } from '@shared/resources/index';

/** The account lists' filters but the status, whose rule stays the spec's (every status, `Request Pending` too). */
const OTHER_FILTERS = user.filters.filter((f) => f.name !== 'status');

const userListQuery = listQuerySchema.extend({
  user_type: z.enum(['User', 'Sub-Admin']).default('User'),
  status: z.enum(USER_STATUSES).optional().describe('Only the accounts of this status (the dashboard\'s status chips)'),
  // the users' other filters (a Sub-Admin list takes them too: they only narrow it)
  ...filterQueryShape(OTHER_FILTERS),
});

/** Edit user / sub-admin as the form comes (documented; the route reads and checks it itself). */
const userUpdateForm = userUpdateSchema.extend({
  permissions: z
    .union([z.string(), z.array(z.enum(PERMISSIONS))])
    .optional()
    .meta({ description: "a Sub-Admin's permissions, as a JSON list of permission names (Admins only); absent leaves them unchanged" }),
});

/** Add User / Add Sub Admin as the form comes: a Sub-Admin's permissions may come with it (Admins only). */
const userCreateForm = userCreateSchema.safeExtend({
  permissions: z
    .union([z.string(), z.array(z.enum(PERMISSIONS))])
    .optional()
    .meta({ description: "a new Sub-Admin's permissions, as a JSON list of permission names (Admins only)" }),
});

const SORTABLE = {
  id: 'users.id',
  // names and places in the Turkish alphabet's order, through their generated sort keys (db/sortKey.ts)
  name: 'users.name_sort',
  username: 'users.name_sort',
  email: 'users.email',
  phone: 'users.phone',
  status: 'users.status',
  sequence: 'users.sequence',
  location: 'users.location_sort',
  created_at: 'users.created_at',
  // the counts of the list's Posts, Spots and Itineraries columns, kept on the user's row (db/counts.ts)
  postCount: 'users.post_count',
  userSpotCount: 'users.spot_count',
  itineraryCount: 'users.itinerary_count',
} as const satisfies SortColumns<typeof user>;

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  // Every route here needs one of these before anything is read; each then applies its precise rule.
  const anyAccountRule = ctx.guard(['user', 'subadmin', 'post', 'itinerary']);
  const accountsRule = ctx.guard(['user', 'subadmin']);

  app.get(
    '/api/user',
    {
      schema: { tags: ['users'], querystring: userListQuery, response: { 200: userListAnswer } },
      onRequest: anyAccountRule,
      config: { answerCache: true },
    },
    async (request, reply) => {
      const q = request.query as z.infer<typeof userListQuery>;
      // User-list opens the user list, SubAdmin-list the sub-admins; the post and itinerary forms may read
      // the users for their user picker: without User-list, a picker's rows only (http/picker.ts).
      const caller = await ctx.requireAccess(request, q.user_type === 'User' ? ['user', 'post', 'itinerary'] : 'subadmin');
      const picker = q.user_type === 'User' && readsAsPicker(caller, 'user');
      const req = parseListQuery(q, {
        sortable: picker ? pickerSortable(SORTABLE) : SORTABLE,
        defaultOrder: user.api.defaultOrder,
        pageBase: q.user_type === 'User' ? 1 : 0,
      });
      if (picker) refusePickerExport(req);
      return answerList(reply, await (picker ? listUserPickerQuery(ctx, req) : listUsersQuery(ctx, q.user_type, caller, req, q.status, readFilters(q, OTHER_FILTERS))));
    },
  );

  app.get(
    '/api/user/login/:id',
    { schema: { tags: ['users'], params: idParams, response: { 200: userDetailAnswer } }, onRequest: accountsRule },
    async (request, reply) => {
      const user = await findManagedUser(request, (request.params as { id: number }).id);
      const detail = await findUserDetail(db, user.id);
      return item(reply, { ...detail, ...(await userCounts(db, user.id)), permissions: user.permissions });
    },
  );

  app.post(
    '/api/user',
    {
      schema: { tags: ['users'], form: userCreateForm, files: ['profile_pic'], response: { 200: userCreatedAnswer, ...refusals(409, 503) } },
      onRequest: accountsRule,
    },
    async (request, reply) => {
      const { fields, files } = await readForm(request);
      const input = parseWith(userCreateSchema, fields);
      const caller = await ctx.requireAccess(request, resourceOf(input.user_type));
      if (input.user_type === 'User') refuseCommonPassword(input.password);
      const subAdmin = input.user_type === 'Sub-Admin';
      const grants = fields.permissions === undefined ? undefined : parsePermissions(fields.permissions);
      if (grants && (!subAdmin || !mayGrantPermissions(caller))) throw forbidden();
      if (await findUserByEmail(db, input.email)) throw conflict('This email is already registered.');
      const picture = files.find((f) => f.field === 'profile_pic');
      const stored = picture ? await storeProfilePicture(ctx.storage, picture) : null;
      // A Sub-Admin gets a generated password (mailed) and waits at 'Request Pending' (spec §4, §7), unless
      // the Add Sub Admin dialog chose another status.
      const password = subAdmin ? generatePassword(10) : input.password!;
      // hashed first: the transaction holds the database only for its writes
      const passwordHash = await ctx.passwords.hash(password);
      // the account and its entry in the trail commit together; the invitation goes once both are in
      const id = await atomically(ctx, async () => {
        const created = await insertUser(db, {
          name: input.name,
          email: input.email,
          ...splitPhone(input.phone, input.country_code),
          password_hash: passwordHash,
          status: subAdmin ? input.status?.trim() || 'Request Pending' : input.status!.trim(),
          user_type: input.user_type,
          profile_pic: stored?.url ?? null,
          thumbnail: stored?.thumbnailUrl ?? null,
        });
        if (grants?.length) await grantPermissions(db, created, grants);
        // the entry names what was created, not only its kind (its History reads "Name: …, Email: …")
        const status = subAdmin ? input.status?.trim() || 'Request Pending' : input.status!.trim();
        await audit(ctx, caller.userId, 'create', 'user', created, {
          created: { name: input.name, email: input.email, phone: input.phone, status, user_type: input.user_type },
          ...(grants ? { permissions: grants } : {}),
        });
        return created;
      }).catch(async (err: unknown) => {
        // a concurrent create of the same email won (409): the picture stored for it is not kept
        if (stored) await ctx.storage.remove(stored.url);
        throw err;
      });
      // false when staff switched the invitation template off: the answer says so (data.invitationSent)
      let invitationSent: boolean | undefined;
      if (subAdmin) {
        invitationSent = await sendTemplate(db, ctx.mailer, 'subadmin-invitation', input.email, {
          name: input.name,
          email: input.email.toLowerCase(),
          password,
          link: `${ctx.config.publicUrl}/login`,
        });
      }
      return ok(reply, { data: { id, invitationSent } }, subAdmin ? 'Sub-Admin user has been added successfully' : 'User has been added successfully');
    },
  );

  app.post(
    '/api/user/update-user',
    {
      schema: { tags: ['users'], form: userUpdateForm, files: ['profile_pic'], response: { 200: userUpdatedAnswer, ...refusals(404, 503) } },
      onRequest: accountsRule,
    },
    async (request, reply) => {
      const { fields, files } = await readForm(request);
      const input = parseWith(userUpdateSchema, fields);
      const user = await findManagedUser(request, input.id);
      const caller = callerOf(request);
      const subAdmin = user.user_type === 'Sub-Admin';
      const statuses: readonly string[] = subAdmin ? SUBADMIN_FORM_STATUSES : USER_FORM_STATUSES;
      if (!statuses.includes(input.status)) throw badRequest('validation.statusRequired', { status: englishText('validation.statusRequired') });
      const password = input.password || undefined;
      if (password) parseWith(subAdmin ? z.object({ password: optionalSubAdminPassword }) : z.object({ password: optionalUserPassword }), { password });
      refuseCommonPassword(password);
      const grants = fields.permissions === undefined ? undefined : parsePermissions(fields.permissions);
      if (grants && (!subAdmin || !mayGrantPermissions(caller))) throw forbidden();
      const passwordHash = password ? await ctx.passwords.hash(password) : undefined;

      const picture = files.find((f) => f.field === 'profile_pic');
      const stored = picture ? await storeProfilePicture(ctx.storage, picture) : null;
      // the save, the sessions it ends and its entry in the trail commit together
      const updated_at = await saveEdit(ctx, async () => {
        const saved = await updateAccount(
          db,
          user.id,
          {
            name: input.name,
            status: input.status,
            ...(passwordHash ? { password_hash: passwordHash } : {}),
            ...(stored ? { profile_pic: stored.url, thumbnail: stored.thumbnailUrl } : {}),
          },
          grants,
          input.updated_at,
        );
        await endSessionsIfAccessLost(ctx, user.id, {
          before: { status: user.status },
          after: { status: input.status, newPassword: !!password },
        });
        // the edited fields as they were and as they are (the trail keeps those that changed; a password never)
        await auditEdit(ctx, caller.userId, 'user', user.id, {
          before: { name: user.name, status: user.status, password: false, profile_pic: user.profile_pic, permissions: user.permissions },
          after: { name: input.name, status: input.status, password: !!password, profile_pic: stored?.url, permissions: grants },
        });
        return saved;
      }, () => user.updated_at).catch(async (err: unknown) => {
        // refused (changed by someone else meanwhile): the picture it brought is not kept
        if (stored) await ctx.storage.remove(stored.url);
        throw err;
      });
      if (stored) await removeIfUnreferenced(ctx, user.profile_pic);
      return ok(reply, { data: { id: user.id, updated_at } }, subAdmin ? 'Sub Admin has been updated successfully' : 'User has been updated successfully');
    },
  );

  app.delete(
    '/api/user/delete/:id',
    { schema: { tags: ['users'], params: idParams, response: { 200: doneAnswer } }, onRequest: accountsRule },
    async (request, reply) => {
      const user = await findManagedUser(request, (request.params as { id: number }).id);
      const caller = callerOf(request);
      // as the bulk action: nobody deletes the account they are signed in with
      if (user.id === caller.userId) throw forbidden('You cannot delete your own account.');
      await atomically(ctx, async () => {
        await deleteAccount(ctx, user);
        await audit(ctx, caller.userId, 'delete', 'user', user.id, { email: user.email, name: user.name, user_type: user.user_type });
      });
      return ok(reply, null, 'User has been deleted successfully');
    },
  );

  app.post(
    '/api/user/sequence/change',
    { schema: { tags: ['users'], body: sequenceSchema, response: { 200: sequenceAnswer, ...refusals(404) } }, onRequest: ctx.guard('user') },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id, sequence } = request.body as z.infer<typeof sequenceSchema>;
      await atomically(ctx, async () => {
        const before = await findUserById(db, id);
        if (!before || !(await setUserSequence(db, id, sequence))) throw notFound('User not found');
        // before → after, as every other change reads in the History
        await audit(ctx, caller.userId, 'sequence', 'user', id, { before: { sequence: before.sequence }, after: { sequence } });
      });
      return ok(reply, { data: { id, sequence } }, 'Sequence has been updated successfully');
    },
  );

  app.post(
    '/api/user/bulk-action',
    { schema: { tags: ['users'], body: bulkActionSchema, response: { 200: bulkActionAnswer } }, onRequest: ctx.guard('user') },
    async (request, reply) => {
      const caller = callerOf(request);
      const { user_ids, action } = request.body as z.infer<typeof bulkActionSchema>;
      const succeedUserIds: number[] = [];
      const failedUserIds: number[] = [];
      for (const id of [...new Set(user_ids)]) {
        const user = await findUserById(db, id);
        const target = user && { ...user, permissions: await permissionsOf(db, user) };
        // the bulk menu acts on users and sub-admins the caller may manage, never on an Admin or itself
        if (!target || target.id === caller.userId || !mayManageAccount(caller, target)) {
        failedUserIds.push(id);
        continue;
        }
        // each account's change and its own entry (its History shows it) commit together
        await atomically(ctx, async () => {
        if (action === 'delete') await deleteAccount(ctx, target);
        else {
          const status = action === 'active' ? 'Active' : 'Inactive';
          await updateUser(db, id, { status });
          await endSessionsIfAccessLost(ctx, id, { before: target, after: { status } });
        }
        await audit(ctx, caller.userId, `bulk.${action}`, 'user', id, action === 'delete' ? { email: target.email, name: target.name } : { before: { status: target.status }, after: { status: action === 'active' ? 'Active' : 'Inactive' } });
      });
        succeedUserIds.push(id);
      }
      const done = { delete: 'deleted', inactive: 'set inactive', active: 'set active' }[action];
      return ok(
        reply,
        { succeedUserIds, failedUserIds },
        `${succeedUserIds.length} users ${done} successfully, ${failedUserIds.length} users failed`,
      );
    },
  );

  /** A user or sub-admin the caller may manage (401 before any lookup, then 404, then 403). */
  async function findManagedUser(request: FastifyRequest, id: number): Promise<UserRow & { permissions: string[] }> {
    const caller = await ctx.authenticate(request);
    const user = await findUserById(db, id);
    if (!user || user.user_type === 'Admin') throw notFound('User not found');
    const target = { ...user, permissions: await permissionsOf(db, user) };
    if (!mayManageAccount(caller, target)) throw forbidden();
    return target;
  }
}


const resourceOf = (userType: string) => (userType === 'Sub-Admin' ? 'subadmin' : 'user');

/** The permission list an Admin grants: a JSON array of permission names. */
function parsePermissions(value: unknown): Permission[] {
  let list: unknown;
  try {
    list = typeof value === 'string' ? (value.trim() ? JSON.parse(value) : []) : value;
  } catch {
    throw badRequest('validation.invalidInput', { permissions: 'must be a JSON list of permission names' });
  }
  if (!Array.isArray(list) || !list.every((p) => (PERMISSIONS as readonly string[]).includes(p))) {
    throw badRequest('validation.invalidInput', { permissions: `each must be one of ${PERMISSIONS.join(', ')}` });
  }
  return [...new Set(list as Permission[])];
}
