// The registry: every resource of the back-office and every page with an access rule, in menu order.
// Add a resource by writing its declaration beside these and naming it in RESOURCES (README "Adding a
// resource"); the menu, the access rules, the admin's <Resource> and dataProvider row, the dashboard
// card and the server's guards and sort maps follow from it.
import { aiItineraries, chat, dashboard, profile, reports } from './access';
import { category } from './category';
import { contentmanagement } from './contentmanagement';
import { emailtemplate } from './emailtemplate';
import { itinerary } from './itinerary';
import { post } from './post';
import { report } from './report';
import { reportCategories } from './reportCategories';
import { reportedComments } from './reportedComments';
import { reportedUsers } from './reportedUsers';
import { spot } from './spot';
import { subadmin } from './subadmin';
import { tag } from './tag';
import type { AccessDeclaration, ResourceDeclaration } from './types';
import { user } from './user';

export { category, contentmanagement, emailtemplate, itinerary, post, report, reportCategories, reportedComments, reportedUsers, spot, subadmin, tag, user };
export * from './types';

/** The resources: screens, calls, fields. */
export const RESOURCES = [
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
] as const satisfies readonly ResourceDeclaration[];

/** Everything with an access rule: the resources and the pages. */
export const ACCESS_ENTRIES = [dashboard, profile, ...RESOURCES, chat, aiItineraries, reports] as const satisfies readonly AccessDeclaration[];

export type RegisteredResource = (typeof RESOURCES)[number];
export type RegisteredName = (typeof ACCESS_ENTRIES)[number]['name'];

/** A resource's declaration by name (undefined for a page or an unknown name). */
export const resourceNamed = (name: string): ResourceDeclaration | undefined => RESOURCES.find((r) => r.name === name);
