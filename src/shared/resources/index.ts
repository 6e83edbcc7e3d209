// The registry: every resource of the back-office and every page with an access rule, in menu order.
// Add a resource by writing its declaration file in this folder (README "Adding a resource"):
// scripts/registry.ts lists it in declared.ts, and the menu, the access rules, the admin's <Resource>
// and dataProvider row, the dashboard card and the server's routes, guards and sort maps follow from it.
import { aiItineraries, chat, dashboard, moderation, profile, reports, trash } from './access';
import { DECLARED } from './declared';
import { MENU_GROUPS, type ResourceDeclaration } from './types';
import type { AccessDeclaration } from './types';

// each declaration by its name, from the generated list (no second list to keep)
export * from './declared';
export * from './types';
export * from './filters';

/** Where a resource stands in the menu: its group's place (or its own), then its place inside the group. */
const menuPlace = (r: ResourceDeclaration): [number, number] =>
  !r.menu ? [Infinity, 0] : r.menu.group ? [MENU_GROUPS[r.menu.group].order, r.menu.order] : [r.menu.order, 0];

/** In menu order: the resources as declared, then a given registry (the tests add a throwaway one). */
export const inMenuOrder = <T extends ResourceDeclaration>(resources: readonly T[]): T[] =>
  [...resources].sort((a, b) => {
    const [pa, qa] = menuPlace(a);
    const [pb, qb] = menuPlace(b);
    return pa - pb || qa - qb || a.name.localeCompare(b.name);
  });

/** The resources: screens, calls, fields. */
export const RESOURCES = inMenuOrder(DECLARED);

/** Everything with an access rule: the resources and the pages. */
export const ACCESS_ENTRIES = [dashboard, profile, ...RESOURCES, chat, aiItineraries, reports, moderation, trash] as const satisfies readonly AccessDeclaration[];

export type RegisteredResource = (typeof RESOURCES)[number];
export type RegisteredName = (typeof ACCESS_ENTRIES)[number]['name'];

/** A resource's declaration by name (undefined for a page or an unknown name). */
export const resourceNamed = (name: string): ResourceDeclaration | undefined => RESOURCES.find((r) => r.name === name);
export * from './bulk';
