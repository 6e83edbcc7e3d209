// The side menu (spec §2 "Side menu targets", §6): groups and targets, each tied to the resource whose
// access rule decides whether a Sub-Admin sees it.
import type { ResourceName } from '../../shared/access';

export interface MenuLink {
  type: 'item';
  id: string;
  title: string;
  url: string;
  resource: ResourceName;
  icon: string;
}
export interface MenuGroup {
  type: 'collapse';
  id: string;
  title: string;
  icon: string;
  children: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

const item = (id: string, url: string, resource: ResourceName, icon: string): MenuLink => ({
  type: 'item',
  id,
  title: `app.menu.${id}`,
  url,
  resource,
  icon,
});

export const MENU: MenuEntry[] = [
  item('dashboard', '/dashboard', 'dashboard', 'dashboard'),
  item('users', '/user', 'user', 'people'),
  item('subadmin', '/subadmin', 'subadmin', 'admin'),
  item('spots', '/spot', 'spot', 'place'),
  item('posts', '/post', 'post', 'photo'),
  item('itineraries', '/itinerary', 'itinerary', 'route'),
  item('categories', '/category', 'category', 'category'),
  item('tags', '/tag', 'tag', 'tag'),
  item('email_templates', '/emailtemplate', 'emailtemplate', 'email'),
  item('content_management', '/contentmanagement', 'contentmanagement', 'article'),
  item('ai_chat', '/chat', 'chat', 'chat'),
  item('ai_itineraries', '/aiItineraries', 'aiItineraries', 'ai'),
  {
    type: 'collapse',
    id: 'report',
    title: 'app.menu.report',
    icon: 'report',
    children: [
      item('report_categories', '/reportCategories', 'reportCategories', 'list'),
      item('report_post', '/report', 'report', 'photo'),
      item('report_comment', '/reportedComments', 'reportedComments', 'comment'),
      item('report_user', '/reportedUsers', 'reportedUsers', 'person'),
    ],
  },
];

/** The menu a principal sees: entries it may open, groups with at least one such child. */
export function visibleMenu(allowed: (resource: ResourceName) => boolean, menu: MenuEntry[] = MENU): MenuEntry[] {
  return menu.flatMap((entry): MenuEntry[] => {
    if (entry.type === 'item') return allowed(entry.resource) ? [entry] : [];
    const children = entry.children.filter((c) => allowed(c.resource));
    return children.length ? [{ ...entry, children }] : [];
  });
}

/** Every entry this person may open, groups flattened (menu search, shortcuts). */
export function visibleLinks(allowed: (resource: ResourceName) => boolean): MenuLink[] {
  return visibleMenu(allowed).flatMap((e) => (e.type === 'item' ? [e] : e.children));
}
