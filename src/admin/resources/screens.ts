// The screens of every registered resource: a resource with screens of its own names them in its folder's
// index; a plain one (no folder here: categories, tags, report categories, content pages, email templates,
// the README's FAQ…) gets the screens made from its declaration's fields. App.tsx makes each <Resource>,
// its routes and its other pages from this.
import type { ResourceDeclaration } from '@shared/resources/index';
import { declaredScreens } from '../declared/screens';
import type { ResourceScreens } from './ownScreens';
import audit from './audit';
import itinerary from './itinerary';
import post from './post';
import report from './report';
import reportedComments from './reportedComments';
import reportedUsers from './reportedUsers';
import spot from './spot';
import subadmin from './subadmin';
import user from './user';

export type { ResourceScreens } from './ownScreens';

const SPECIAL: Readonly<Record<string, ResourceScreens>> = {
  user,
  subadmin,
  spot,
  post,
  itinerary,
  report,
  reportedComments,
  reportedUsers,
  audit,
};

/** A resource's screens: its own, or those its declaration makes. */
export function screensOf(resource: ResourceDeclaration): ResourceScreens {
  return Object.hasOwn(SPECIAL, resource.name) ? SPECIAL[resource.name] : declaredScreens(resource);
}
