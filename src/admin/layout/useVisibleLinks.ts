import { useMemo } from 'react';
import { canAccess } from '../../shared/access';
import { session } from '../providers/session';
import { type MenuLink, visibleLinks } from './menuItems';

/** The menu entries the signed-in person may open (the same rule as the menu and the server). */
export function useVisibleLinks(): MenuLink[] {
  return useMemo(() => {
    const principal = session.principal();
    return visibleLinks((resource) => canAccess(principal, resource));
  }, []);
}
