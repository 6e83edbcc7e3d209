// Names that only carry an access rule: the pages beside the resources, and the group of report calls.
import type { AccessDeclaration } from './types';

const declareAccess = <const D extends AccessDeclaration>(declaration: D): D => declaration;

export const dashboard = declareAccess({
  name: 'dashboard',
  rule: 'staff',
  menu: { id: 'dashboard', path: '/dashboard', icon: 'dashboard', order: 10 },
});
export const profile = declareAccess({ name: 'profile', rule: 'staff' });
export const chat = declareAccess({ name: 'chat', rule: 'admin', menu: { id: 'ai_chat', path: '/chat', icon: 'chat', order: 110 } });
export const aiItineraries = declareAccess({
  name: 'aiItineraries',
  rule: 'admin',
  menu: { id: 'ai_itineraries', path: '/aiItineraries', icon: 'ai', order: 120 },
});
/** The report calls (lists, details, moderation) and the dashboard's Reports card; a comment's history (moderated). */
export const reports = declareAccess({
  name: 'reports',
  rule: 'Report-list',
  permission: { label: 'app.permissions.Report-list', order: 80 },
  audited: 'comment',
});
/** The moderation desk (issue 34): cases of reports, claimed and decided; its calls need Report-list. */
export const moderation = declareAccess({
  name: 'moderation',
  rule: 'Report-list',
  menu: { id: 'moderation', path: '/moderation', icon: 'gavel', order: 5, group: 'report' },
});
/** The Trash (issue 35): deleted posts and itineraries, restored by Admins. */
export const trash = declareAccess({ name: 'trash', rule: 'admin', menu: { id: 'trash', path: '/trash', icon: 'trash', order: 145 } });
