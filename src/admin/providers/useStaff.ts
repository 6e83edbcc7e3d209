// The signed-in person and their rights, read the react-admin way (usePermissions, useGetIdentity) from
// the authProvider, whose answers the query client holds from the first render and keeps current
// (authProvider.ts keepAuthQueriesCurrent). Screens read these, never the stored session itself.
import { useGetIdentity, usePermissions } from 'react-admin';
import type { Principal } from '@shared/access';
import type { StaffIdentity } from './authProvider';

/** A guest's rights: no role, no status, no permission. */
const GUEST: Principal = { role: null, status: null, permissions: [] };

/** The signed-in person's role, status and permissions (a guest's while there is no session). */
export function usePrincipal(): Principal {
  const { permissions } = usePermissions<Principal>();
  return permissions ?? GUEST;
}

/** Is someone signed in on this browser? */
export const isSignedIn = (principal: Principal) => !!principal.role;

/** The signed-in person's stored user (name, picture, role…), or undefined for a guest. */
export function useStaffIdentity(): StaffIdentity | undefined {
  return useGetIdentity().identity as StaffIdentity | undefined;
}
