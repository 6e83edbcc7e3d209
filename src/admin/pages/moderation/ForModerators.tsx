import type { ReactNode } from 'react';
import { canAccess } from '@shared/access';
import { usePrincipal } from '../../providers/useStaff';

/** Shown only to whoever may open the desk (Report-list): the bell, the tiles ask the API nothing otherwise. */
export function ForModerators({ children }: { children: ReactNode }) {
  return canAccess(usePrincipal(), 'moderation') ? <>{children}</> : null;
}
