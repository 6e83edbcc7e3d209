// Saved views (issue 35): who sees, saves, changes and deletes a list's views. A person sees their own
// views and the shared ones, of the lists they may open; only an Admin shares a view, or changes or
// deletes a shared one. A view the caller may not see is answered as one that does not exist.
import type { z } from 'zod';
import { canAccess } from '@shared/access';
import type { SavedView, viewCreateSchema, viewUpdateSchema, ViewState } from '@shared/savedViews';
import { englishMessage } from '@shared/validation/messages';
import type { Caller } from '@server/auth/guard';
import type { AppContext } from '@server/context';
import { isUniqueViolation, now } from '@server/db/index';
import { conflict, forbidden, notFound } from '@server/http/errors';
import { atomically, audit } from '../audit/trail';
import { deleteViewRow, insertView, updateViewRow, viewById, viewNameTaken, type ViewRow, viewsOfList } from './queries';

/** The audit trail's kind of record for a view. */
export const VIEW_ENTITY = 'saved_view';

const isAdmin = (caller: Caller) => caller.role === 'Admin';
const mayOpenList = (caller: Caller, resource: string) => canAccess(caller, resource);
const maySee = (caller: Caller, row: ViewRow) => mayOpenList(caller, row.resource) && (row.owner_id === caller.userId || row.shared === 1);
/** A shared view is the Admins'; a private one its owner's. */
const mayChange = (caller: Caller, row: ViewRow) => (row.shared === 1 ? isAdmin(caller) : row.owner_id === caller.userId);

function shownView(caller: Caller, row: ViewRow): SavedView {
  return {
    id: Number(row.id),
    resource: row.resource,
    name: row.name,
    state: JSON.parse(row.state) as ViewState,
    shared: row.shared === 1,
    mine: row.owner_id === caller.userId,
    editable: mayChange(caller, row),
    owner_name: row.owner_name,
    updated_at: row.updated_at,
  };
}

/** The views of a list the caller sees; 403 for a list they may not open. */
export async function listViews(ctx: AppContext, caller: Caller, resource: string): Promise<SavedView[]> {
  if (!mayOpenList(caller, resource)) throw forbidden();
  return (await viewsOfList(ctx.db, resource, caller.userId)).map((row) => shownView(caller, row));
}

async function visibleView(ctx: AppContext, caller: Caller, id: number): Promise<ViewRow> {
  const row = await viewById(ctx.db, id);
  if (!row || !maySee(caller, row)) throw notFound(englishMessage('viewNotFound'));
  return row;
}

export async function readView(ctx: AppContext, caller: Caller, id: number): Promise<SavedView> {
  return shownView(caller, await visibleView(ctx, caller, id));
}

const nameTaken = (name: string) => conflict(englishMessage('viewNameTaken', { name }), { errors: { name: englishMessage('viewNameTaken', { name }) } });

/** Writes `write` with its audit entry; a name the owner took meanwhile (the unique index) is the same 409. */
async function writeOnce<T>(ctx: AppContext, name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await atomically(ctx, write);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
}

export async function createView(ctx: AppContext, caller: Caller, body: z.infer<typeof viewCreateSchema>): Promise<SavedView> {
  if (!mayOpenList(caller, body.resource)) throw forbidden();
  const shared = body.shared === true;
  if (shared && !isAdmin(caller)) throw forbidden(englishMessage('viewAdminOnly'));
  if (await viewNameTaken(ctx.db, { ownerId: caller.userId, resource: body.resource, name: body.name })) throw nameTaken(body.name);
  const id = await writeOnce(ctx, body.name, async () => {
    const created = await insertView(ctx.db, {
      owner_id: caller.userId,
      resource: body.resource,
      name: body.name,
      state: JSON.stringify(body.state),
      shared: shared ? 1 : 0,
      created_at: now(),
    });
    await audit(ctx, caller.userId, 'saved_view.create', VIEW_ENTITY, created, { resource: body.resource, name: body.name, shared });
    return created;
  });
  return readView(ctx, caller, id);
}

/** A rename, a share or unshare (Admins), or the list's current state saved over the view's. */
export async function updateView(ctx: AppContext, caller: Caller, id: number, body: z.infer<typeof viewUpdateSchema>): Promise<SavedView> {
  const row = await visibleView(ctx, caller, id);
  const sharing = body.shared !== undefined && body.shared !== (row.shared === 1);
  if (!mayChange(caller, row) || (sharing && !isAdmin(caller))) throw forbidden(englishMessage('viewAdminOnly'));
  const name = body.name ?? row.name;
  if (name !== row.name && (await viewNameTaken(ctx.db, { ownerId: row.owner_id, resource: row.resource, name }, row.id))) throw nameTaken(name);
  const before = { name: row.name, shared: row.shared === 1, state: row.state };
  const after = { name, shared: body.shared ?? before.shared, state: body.state ? JSON.stringify(body.state) : row.state };
  await writeOnce(ctx, name, async () => {
    await updateViewRow(ctx.db, row.id, { name: after.name, shared: after.shared ? 1 : 0, state: after.state, updated_at: now() });
    await audit(ctx, caller.userId, 'saved_view.update', VIEW_ENTITY, row.id, { resource: row.resource, before, after });
  });
  return readView(ctx, caller, id);
}

export async function deleteView(ctx: AppContext, caller: Caller, id: number): Promise<string> {
  const row = await visibleView(ctx, caller, id);
  if (!mayChange(caller, row)) throw forbidden(englishMessage('viewAdminOnly'));
  await atomically(ctx, async () => {
    await deleteViewRow(ctx.db, row.id);
    await audit(ctx, caller.userId, 'saved_view.delete', VIEW_ENTITY, row.id, { resource: row.resource, name: row.name, shared: row.shared === 1 });
  });
  return row.name;
}
