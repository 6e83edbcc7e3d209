// The screens of every registered resource: a resource with screens of its own names them in its folder's
// index; a plain one (a declaration with `storage` and no folder here) gets the screens made from its
// declaration. App.tsx makes each <Resource>, its routes and its other pages from this.
import type { ResourceDeclaration } from '../../shared/resources/index';
import { declaredScreens } from '../declared/screens';
import type { ResourceScreens } from './ownScreens';
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

export type { ResourceScreens } from './ownScreens';

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
