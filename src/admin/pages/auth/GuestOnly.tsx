import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { homePath } from '@shared/access';
import { isSignedIn, usePrincipal } from '../../providers/useStaff';

/** Guest pages send a signed-in person to their home page (spec §2 "guests only"). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const principal = usePrincipal();
  if (isSignedIn(principal)) return <Navigate to={homePath(principal)} replace />;
  return <>{children}</>;
}
