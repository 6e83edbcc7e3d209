// The explanation a screen gives instead of its data when the person lacks the permission the data needs
// (the report screens). Apart from AccessRefusal.tsx, so that only those lazily loaded screens carry it.
import LockIcon from '@mui/icons-material/LockOutlined';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { type Permission, permissionLabel } from '@shared/access';

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
                  permission: translate(permissionLabel(permission)),
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
