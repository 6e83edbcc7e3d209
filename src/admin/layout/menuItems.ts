// The side menu (spec §2 "Side menu targets", §6): groups and targets, each tied to the resource whose
// access rule decides whether a Sub-Admin sees it. Built from the registry's menu placements.
import type { ResourceName } from '@shared/access';
import { ACCESS_ENTRIES, type AccessDeclaration, type IconName, MENU_GROUPS, type MenuPlacement } from '@shared/resources/index';

export interface MenuLink {
  type: 'item';
  id: string;
  title: string;
  url: string;
  resource: ResourceName;
  icon: IconName;
  /** the rule its screen's data needs beside the entry's own (MenuPlacement.dataAccess) */
  dataAccess?: string;
}
export interface MenuGroup {
  type: 'collapse';
  id: string;
  title: string;
  icon: IconName;
  children: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

const linkOf = (resource: ResourceName, menu: MenuPlacement): MenuLink => ({
  type: 'item',
  id: menu.id,
  title: `app.menu.${menu.id}`,
  url: menu.path,
  resource,
  icon: menu.icon,
  ...(menu.dataAccess ? { dataAccess: menu.dataAccess } : {}),
});

/** The menu of the registry (src/shared/resources/): each entry's placement, groups where named. */
export function menuOf(entries: readonly AccessDeclaration[]): MenuEntry[] {
  const placed = entries.flatMap((e) => (e.menu ? [{ resource: e.name as ResourceName, menu: e.menu }] : []));
  const top: { order: number; entry: MenuEntry }[] = placed.filter((p) => !p.menu.group).map((p) => ({ order: p.menu.order, entry: linkOf(p.resource, p.menu) }));
  for (const [id, group] of Object.entries(MENU_GROUPS)) {
    const children = placed.filter((p) => p.menu.group === id).sort((a, b) => a.menu.order - b.menu.order);
    if (children.length) top.push({ order: group.order, entry: { type: 'collapse', id, title: group.label, icon: group.icon, children: children.map((c) => linkOf(c.resource, c.menu)) } });
  }
  return top.sort((a, b) => a.order - b.order).map((t) => t.entry);
}

export const MENU: MenuEntry[] = menuOf(ACCESS_ENTRIES);

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
