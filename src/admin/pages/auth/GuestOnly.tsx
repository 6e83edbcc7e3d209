import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { homePath } from '@shared/access';
import { session } from '../../providers/session';

/** Guest pages send a signed-in person to their home page (spec §2 "guests only"). */
export function GuestOnly({ children }: { children: ReactNode }) {
  if (session.token()) return <Navigate to={homePath(session.principal())} replace />;
  return <>{children}</>;
}
