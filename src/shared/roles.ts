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
