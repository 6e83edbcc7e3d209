// Refused pages (spec §2 "Access denial"): the person is told why, and nothing is asked of the API first.
//
// react-admin's list, show and edit controllers check authProvider.canAccess themselves, but they send
// their data call as soon as that check has *answered*, refused or not, and then redirect silently. The
// guards below decide first: a refused page renders no controller at all, so it makes no call.
import { type ReactNode, Suspense, useEffect } from 'react';
import { Resource, type ResourceProps, useAuthenticated, useCanAccess, useNotify } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { isActiveStaff, type Permission, PERMISSIONS, type Principal, RESOURCE_RULES } from '@shared/access';
import { lazyNamed } from '../lazy';
import { isSignedIn, usePrincipal } from '../providers/useStaff';

// loaded when a page is refused for a permission (lazily, as the report screens that also show it)
const PermissionNeeded = lazyNamed<'PermissionNeeded', { permission: Permission; titleKey: string }>(() => import('./PermissionNeeded'), 'PermissionNeeded');

let lastNotice = 0;

/**
 * Where access denial sends the person (spec §2): an Admin to the dashboard, another signed-in role to
 * its profile with a notice saying why, a guest to sign-in.
 */
export function AccessRefusedRedirect() {
  const notify = useNotify();
  const principal = usePrincipal();
  const signedIn = isSignedIn(principal);
  const admin = principal.role === 'Admin';
  useEffect(() => {
    // one notice per refusal, even when effects run twice (React's StrictMode in development)
    if (!signedIn || Date.now() - lastNotice < 1000) return;
    lastNotice = Date.now();
    notify('app.access.refused', { type: 'error' });
  }, [notify, signedIn]);
  return <Navigate to={admin ? '/dashboard' : signedIn ? '/profile' : '/login'} replace />;
}

/**
 * The permission an active Sub-Admin lacks for `resource`, or null when the refusal is not about a
 * permission (an Admin-only page, a pending account, a guest).
 */
function missingPermission(principal: Principal, resource: string): Permission | null {
  const rule = (RESOURCE_RULES as Record<string, string>)[resource];
  const isPermission = (PERMISSIONS as readonly string[]).includes(rule);
  return principal.role === 'Sub-Admin' && isActiveStaff(principal) && isPermission ? (rule as Permission) : null;
}

/**
 * A refused page. Spec §2's access denial is the route's role check: an Admin-only page (AI tools, the
 * audit log) or a pending account sends a Sub-Admin to /profile as it says. A page refused for a missing
 * permission is no role refusal (spec §6 only hides its menu entry): it says which permission it needs
 * in place, where the person asked for it (finding m10), instead of a bounce and a toast.
 */
export function AccessRefused({ resource }: { resource: string }) {
  const permission = missingPermission(usePrincipal(), resource);
  if (!permission) return <AccessRefusedRedirect />;
  return (
    <Suspense fallback={null}>
      <PermissionNeeded permission={permission} titleKey={`resources.${resource}.name`} />
    </Suspense>
  );
}

/**
 * Renders `children` only once the session is checked and authProvider.canAccess allowed `resource`;
 * a refusal (AccessRefused) shows before any of `children` — and so any data call — exists.
 */
export function RequireResourceAccess({ resource, children }: { resource: string; children: ReactNode }) {
  // a guest goes straight to sign-in, as <RequireSession> does (App.tsx)
  if (!isSignedIn(usePrincipal())) return <Navigate to="/login" replace />;
  return <CheckedAccess resource={resource}>{children}</CheckedAccess>;
}

function CheckedAccess({ resource, children }: { resource: string; children: ReactNode }) {
  const { isPending: checkingSession } = useAuthenticated();
  const { canAccess, isPending, error } = useCanAccess({ resource, action: 'list', enabled: !checkingSession });
  if (checkingSession || (isPending && !error)) return null;
  if (error || canAccess === false) return <AccessRefused resource={resource} />;
  return <>{children}</>;
}

/**
 * react-admin's <Resource> behind <RequireResourceAccess>: its list, detail and edit routes are
 * checked before they render. A custom Resource element is registered through its static
 * `registerResource` (react-admin's documented extension point), so it keeps the menu and routing.
 */
export function GuardedResource(props: ResourceProps) {
  return (
    <RequireResourceAccess resource={props.name}>
      <Resource {...props} />
    </RequireResourceAccess>
  );
}
GuardedResource.raName = 'Resource';
GuardedResource.registerResource = Resource.registerResource;
