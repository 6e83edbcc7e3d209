import { useMemo } from 'react';
import { canAccess } from '@shared/access';
import { usePrincipal } from '../providers/useStaff';
import { type MenuLink, visibleLinks } from './menuItems';

/** The menu entries the signed-in person may open (the same rule as the menu and the server). */
export function useVisibleLinks(): MenuLink[] {
  const principal = usePrincipal();
  return useMemo(() => visibleLinks((resource) => canAccess(principal, resource)), [principal]);
}
