// The screens of every registered resource: a resource with screens of its own names them in its folder's
// index; a plain one (a declaration with `storage` and no folder here) gets the screens made from its
// declaration. App.tsx makes each <Resource>, its routes and its other pages from this.
import type { ReactNode } from 'react';
import type { ResourceProps } from 'react-admin';
import type { ResourceDeclaration } from '../../shared/resources/index';
import { declaredScreens } from '../declared/screens';
import category from './category';
import contentmanagement from './contentmanagement';
import emailtemplate from './emailtemplate';
import itinerary from './itinerary';
import post from './post';
import report from './report';
import reportCategories from './reportCategories';
import reportedComments from './reportedComments';
import reportedUsers from './reportedUsers';
import spot from './spot';
import subadmin from './subadmin';
import tag from './tag';
import user from './user';

export interface ResourceScreens extends Pick<ResourceProps, 'list' | 'create' | 'edit' | 'show' | 'icon'> {
  /** routes under the resource's path (the spec's detail pages at /<name>/{id}) */
  children?: ReactNode;
  /** pages at other addresses, each behind the resource's access check (the spec's /edituser/{id}) */
  pages?: readonly { path: string; element: ReactNode }[];
}

const SPECIAL: Readonly<Record<string, ResourceScreens>> = {
  user,
  subadmin,
  spot,
  post,
  itinerary,
  category,
  tag,
  emailtemplate,
  contentmanagement,
  reportCategories,
  report,
  reportedComments,
  reportedUsers,
};

/** A resource's screens: its own, or those its declaration makes. */
export function screensOf(resource: ResourceDeclaration): ResourceScreens {
  if (Object.hasOwn(SPECIAL, resource.name)) return SPECIAL[resource.name];
  if (resource.storage) return declaredScreens(resource);
  throw new Error(`${resource.name} has no screens: declare its storage, or name its screens in src/admin/resources/screens.ts`);
}
