// Refused pages (spec §2 "Access denial"): the person is told why, and nothing is asked of the API first.
//
// react-admin's list, show and edit controllers check authProvider.canAccess themselves, but they send
// their data call as soon as that check has *answered*, refused or not, and then redirect silently. The
// guards below decide first: a refused page renders no controller at all, so it makes no call.
import { type ReactNode, useEffect } from 'react';
import { Resource, type ResourceProps, useAuthenticated, useCanAccess, useNotify } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { isSignedIn, usePrincipal } from '../providers/useStaff';

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
 * Renders `children` only once the session is checked and authProvider.canAccess allowed `resource`;
 * a refusal redirects (with its notice) before any of `children` — and so any data call — exists.
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
  if (error || canAccess === false) return <AccessRefusedRedirect />;
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
