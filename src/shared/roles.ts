// Roles, statuses, permissions and the rule a principal must satisfy: the facts every side shares, with no
// registry behind them (access.ts adds who may open which resource and the declared permissions, from the
// registry; the declarations import their Rule from here, so the registry and the rules form no circle).

export const ROLES = ['Admin', 'Sub-Admin', 'User'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may sign in to the back-office. */
export const STAFF_ROLES: readonly Role[] = ['Admin', 'Sub-Admin'];
export const isStaff = (role: string | null | undefined): boolean => (STAFF_ROLES as readonly string[]).includes(role ?? '');

export const USER_STATUSES = ['Pending', 'Active', 'Inactive', 'Request Pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * A permission's name (spec §6: `User-list`, `Categories-list`…). The permissions themselves are declared
 * with the resources they open (src/shared/resources/, `permission`); access.ts lists them.
 */
export type PermissionName = `${string}-list`;

/** Who may reach a resource: any staff member ('staff'), a permission, or Admins only ('admin'). */
export type Rule = 'staff' | 'admin' | PermissionName;

export interface Principal {
  role: Role | string | null | undefined;
  status?: string | null;
  permissions?: readonly string[] | null;
}

/** True when the principal is a staff member allowed past sign-in into the full back-office. */
export function isActiveStaff(p: Principal): boolean {
  if (p.role === 'Admin') return true;
  return p.role === 'Sub-Admin' && p.status === 'Active';
}

/** Whether a principal satisfies a rule. A Sub-Admin that is not Active only reaches its profile. */
export function satisfies(p: Principal, rule: Rule, resource?: string): boolean {
  if (p.role === 'Admin') return true;
  if (p.role !== 'Sub-Admin') return false;
  if (p.status !== 'Active') return resource === 'profile';
  if (rule === 'staff') return true;
  if (rule === 'admin') return false;
  return (p.permissions ?? []).includes(rule);
}

/**
 * The answer header naming the caller's rights as the server's guard read them on that call (server:
 * auth/rightsHeader.ts): the admin compares it with the stored ones and reads them afresh when they differ,
 * so that a grant or a withdrawal reaches the menu at the next call, without signing out.
 */
export const RIGHTS_HEADER = 'x-access-rights';

/** A principal's rights in one line, the same on both sides: an Admin's are its role's (every permission). */
export function rightsStamp(p: Principal): string {
  if (p.role === 'Admin') return 'Admin';
  return [p.role ?? '', p.status ?? '', [...(p.permissions ?? [])].sort().join(',')].join(';');
}
