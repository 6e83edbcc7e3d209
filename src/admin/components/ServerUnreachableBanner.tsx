import { Alert } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';
import { reachability } from '../providers/reachability';

/**
 * "Can't reach the server, retrying…" while the server does not answer (reachability.ts): the screen
 * keeps what it showed, its reads are retried, and the banner goes by itself once the server answers.
 */
export function ServerUnreachableBanner() {
  const unreachable = useSyncExternalStore(reachability.subscribe, reachability.current);
  const translate = useTranslate();
  if (!unreachable) return null;
  return (
    <Alert severity="warning" role="alert" sx={{ m: 1, position: 'sticky', top: 8, zIndex: 2 }}>
      {translate('app.resilience.unreachable')}
    </Alert>
  );
}
