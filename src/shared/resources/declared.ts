// Written by scripts/registry.ts from the declarations in this folder; do not edit (write a declaration
// file instead: README "Adding a resource"). index.ts puts them in menu order and exports each by name.
import { audit } from './audit';
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
import { user } from './user';

export { audit, category, contentmanagement, emailtemplate, itinerary, post, report, reportCategories, reportedComments, reportedUsers, spot, subadmin, tag, user };
export const DECLARED = [audit, category, contentmanagement, emailtemplate, itinerary, post, report, reportCategories, reportedComments, reportedUsers, spot, subadmin, tag, user] as const;
