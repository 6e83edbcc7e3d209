import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { ResourceProps } from 'react-admin';
import { Route } from 'react-router-dom';
import type { ResourceDeclaration } from '@shared/resources/index';
import { iconOf } from '../icons';

export interface ResourceScreens extends Pick<ResourceProps, 'list' | 'create' | 'edit' | 'show' | 'icon'> {
  /** routes under the resource's path (the spec's detail pages at /<name>/{id}) */
  children?: ReactNode;
  /** pages at other addresses, each behind the resource's access check (the spec's /edituser/{id}) */
  pages?: readonly { path: string; element: ReactNode }[];
}

/**
 * The screens of a resource with screens of its own: its list, its detail page at the spec's
 * /<name>/{id} when it has one, and pages at other addresses.
 */
export const ownScreens = (
  declared: ResourceDeclaration,
  list: ComponentType,
  { detail, pages }: { detail?: ReactElement; pages?: ResourceScreens['pages'] } = {},
): ResourceScreens => ({
  list,
  icon: iconOf(declared),
  ...(detail ? { children: <Route path=":id" element={detail} /> } : {}),
  ...(pages ? { pages } : {}),
});
