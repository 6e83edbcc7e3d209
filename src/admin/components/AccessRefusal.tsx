// Refused pages (spec §2 "Access denial"): the person is told why, and nothing is asked of the API first.
//
// react-admin's list, show and edit controllers check authProvider.canAccess themselves, but they send
// their data call as soon as that check has *answered*, refused or not, and then redirect silently. The
// guards below decide first: a refused page renders no controller at all, so it makes no call.
import LockIcon from '@mui/icons-material/LockOutlined';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { Resource, type ResourceProps, Title, useAuthenticated, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import type { Permission } from '../../shared/access';
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

/**
 * The page of a screen the person may open but whose data needs a permission it does not hold (Report
 * Post and Report User have no menu check, spec §6, but their data needs Report-list): one explanation
 * instead of an error, an empty table and a pager.
 */
export function PermissionNeeded({ permission, titleKey }: { permission: Permission; titleKey: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 3 } }}>
      <Title title={translate(titleKey, { smart_count: 2 })} />
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start' }}>
            <LockIcon color="action" aria-hidden sx={{ mt: 0.25 }} />
            <Box>
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                {translate('app.access.needs_permission', {
                  permission: translate(`app.permissions.${permission}`),
                  code: permission,
                })}
              </Typography>
              <Typography color="text.secondary">{translate('app.access.ask_admin')}</Typography>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

/**
 * `children` when authProvider.canAccess allows `resource`, else the PermissionNeeded page; nothing
 * while the answer is on its way (so a refused list never sends its call).
 */
export function RequirePermissionOrExplain({ resource, permission, titleKey, children }: {
  resource: string;
  permission: Permission;
  titleKey: string;
  children: ReactNode;
}) {
  const { canAccess, isPending, error } = useCanAccess({ resource, action: 'list' });
  if (isPending && !error) return null;
  if (error || canAccess === false) return <PermissionNeeded permission={permission} titleKey={titleKey} />;
  return <>{children}</>;
}
