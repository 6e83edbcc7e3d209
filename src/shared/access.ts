// Who may open what (roles, permissions and rules themselves: roles.ts, re-exported). Pure functions used by the menu, the admin's
// authProvider.canAccess and the server's route guard, so the three never disagree.
import { ACCESS_ENTRIES, type AccessDeclaration, type RegisteredName } from './resources/index';
import { isActiveStaff, type Principal, type Rule, satisfies } from './roles';

export * from './roles';

/**
 * Each admin resource / page and the rule that opens it (spec §6), from the registry
 * (src/shared/resources/): a resource's declaration names its rule.
 */
export const RESOURCE_RULES = Object.fromEntries(ACCESS_ENTRIES.map((e) => [e.name, e.rule])) as { readonly [K in RegisteredName]: Rule };
export type ResourceName = keyof typeof RESOURCE_RULES;

/** A permission an Admin grants: its name (the `rule` of the entry declaring it), label key and place. */
export interface DeclaredPermission {
  name: string;
  label: string;
  order: number;
}

/** The permissions declared in `entries`, in the permission editor's order (a test hands a throwaway one too). */
export const declaredPermissions = (entries: readonly AccessDeclaration[]): DeclaredPermission[] =>
  entries.flatMap((e) => (e.permission ? [{ name: e.rule, ...e.permission }] : [])).sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));

/** The permissions of the registry, each with its label (spec §6's nine, in its order, and any declared since). */
export const DECLARED_PERMISSIONS = declaredPermissions(ACCESS_ENTRIES);
/** A permission's name: the rule of an entry that declares its permission. */
export type Permission = Extract<(typeof ACCESS_ENTRIES)[number], { permission: object }>['rule'];
/** Their names, in the editor's order (a tuple for the server's zod enums). */
export const PERMISSIONS = DECLARED_PERMISSIONS.map((p) => p.name) as [Permission, ...Permission[]];

/** The catalogue key of a permission's label. */
export const permissionLabel = (name: string): string => DECLARED_PERMISSIONS.find((p) => p.name === name)?.label ?? name;

/** react-admin style access check: may this principal use `resource`? Unknown resources are Admin only. */
export function canAccess(p: Principal, resource: string): boolean {
  const rule: Rule = (RESOURCE_RULES as Record<string, Rule>)[resource] ?? 'admin';
  return satisfies(p, rule, resource);
}

/** An account as the rules below see it. */
export interface AccountTarget {
  id?: number;
  user_type: string;
  /** the permissions granted to it (Sub-Admins) */
  permissions: readonly string[];
}

/**
 * May `caller` view, edit, delete, change the status or the password of `target`? Never an Admin; a
 * user needs User-list, a sub-admin SubAdmin-list; and a Sub-Admin reaches only Sub-Admins holding no
 * permission it does not hold itself, so it can never become more than it was given.
 */
export function mayManageAccount(caller: Principal, target: AccountTarget): boolean {
  if (target.user_type === 'Admin') return false;
  if (!canAccess(caller, target.user_type === 'Sub-Admin' ? 'subadmin' : 'user')) return false;
  if (caller.role === 'Admin') return true;
  const own = caller.permissions ?? [];
  return target.permissions.every((p) => own.includes(p));
}

/** Only an Admin grants or withdraws permissions. */
export const mayGrantPermissions = (caller: Principal): boolean => caller.role === 'Admin';

/** Moderation acts on product users only: staff accounts are never the target of a report's action. */
export const isModerationTarget = (account: Pick<AccountTarget, 'user_type'>): boolean => account.user_type === 'User';

/**
 * May the post form change an existing spot (give it a new picture)? Only the spots already in the post
 * being saved; any other spot is Spot-list's business. Linking a spot as it is changes nothing of it.
 */
export const mayTouchSpotFromPostForm = (caller: Principal, spotIsInThePost: boolean): boolean =>
  spotIsInThePost || canAccess(caller, 'spot');

/** Where a signed-in principal lands after login or when refused a page (spec §2 Redirects). */
export function homePath(p: Principal): string {
  return isActiveStaff(p) ? '/dashboard' : '/profile';
}
