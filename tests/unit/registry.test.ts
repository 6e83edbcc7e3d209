import { describe, expect, it } from 'vitest';
import { ar } from '../../src/admin/i18n/ar';
import { en } from '../../src/admin/i18n/en';
import { tr } from '../../src/admin/i18n/tr';
import { ICONS } from '../../src/admin/icons';
import { MENU } from '../../src/admin/layout/menuItems';
import { DASHBOARD_CARDS } from '../../src/admin/pages/dashboardCards';
import { ENDPOINTS } from '../../src/admin/providers/dataProvider';
import { canAccess, PERMISSIONS, RESOURCE_RULES } from '../../src/shared/access';
import { ACCESS_ENTRIES as REGISTERED, type AccessDeclaration, ICON_NAMES, MENU_GROUPS, RESOURCES, type ResourceDeclaration, sortNames } from '../../src/shared/resources/index';

// The registry (src/shared/resources/) is what the menu, the access rules, the dataProvider and the
// dashboard are made of: these checks fail when a declaration lacks what a screen would need.

const catalogues = { en, tr, ar } as const;
const lookUp = (catalogue: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);
const resources = RESOURCES as readonly ResourceDeclaration[];
const ACCESS_ENTRIES = REGISTERED as readonly AccessDeclaration[];

describe('the resource registry', () => {
  it('names every resource and page once', () => {
    const names = ACCESS_ENTRIES.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = ACCESS_ENTRIES.flatMap((e) => (e.menu ? [e.menu.path] : []));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(Object.keys(catalogues) as (keyof typeof catalogues)[])('has every label in the %s catalogue', (locale) => {
    const missing: string[] = [];
    const need = (key: string) => typeof lookUp(catalogues[locale], key) === 'string' || missing.push(key);
    for (const r of resources) need(r.label);
    for (const e of ACCESS_ENTRIES) if (e.menu) need(`app.menu.${e.menu.id}`);
    for (const group of Object.values(MENU_GROUPS)) need(group.label);
    for (const r of resources) if (r.dashboardCard) need(r.dashboardCard.title);
    expect(missing).toEqual([]);
  });

  it('gives every menu entry an icon the admin draws', () => {
    for (const name of ICON_NAMES) expect(ICONS[name], name).toBeTypeOf('object');
    for (const e of ACCESS_ENTRIES) if (e.menu) expect(ICON_NAMES).toContain(e.menu.icon);
  });

  it('opens each resource with a rule that exists, and uses every permission', () => {
    const rules = new Set<string>(['staff', 'admin', ...PERMISSIONS]);
    for (const e of ACCESS_ENTRIES) expect(rules.has(e.rule), `${e.name}: ${e.rule}`).toBe(true);
    const used = new Set(ACCESS_ENTRIES.map((e) => e.rule));
    for (const permission of PERMISSIONS) expect(used.has(permission), permission).toBe(true);
    expect(RESOURCE_RULES).toEqual(Object.fromEntries(ACCESS_ENTRIES.map((e) => [e.name, e.rule])));
  });

  it('puts every resource in the menu, once, under the rule that opens it', () => {
    const links = MENU.flatMap((e) => (e.type === 'item' ? [e] : e.children));
    for (const r of resources) expect(links.filter((l) => l.resource === r.name), r.name).toHaveLength(1);
    // the spec's order (§2 "Side menu targets")
    expect(MENU.map((e) => e.id)).toEqual([
      'dashboard',
      'users',
      'subadmin',
      'spots',
      'posts',
      'itineraries',
      'categories',
      'tags',
      'email_templates',
      'content_management',
      'ai_chat',
      'ai_itineraries',
      'report',
    ]);
    const group = MENU.find((e) => e.type === 'collapse');
    expect(group?.type === 'collapse' && group.children.map((c) => c.url)).toEqual(['/reportCategories', '/report', '/reportedComments', '/reportedUsers']);
  });

  it('gives every resource a dataProvider row with its declared calls', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual(resources.map((r) => r.name).sort());
    for (const r of resources) {
      const row = ENDPOINTS[r.name];
      expect(row.list).toBe(r.api.list);
      expect(row.pageBase).toBe(r.api.pageBase);
      if (r.api.remove) expect(row.remove?.(42)).toBe(r.api.remove.replace(':id', '42'));
      if (r.api.one) expect(row.one?.('a/b')).toBe(r.api.one.replace(':id', 'a%2Fb'));
      // the default order sorts by a column the list can sort by
      expect(sortNames(r)).toContain(r.api.defaultOrder.name);
    }
  });

  it('draws the seven dashboard cards of the spec, each opening a registered list', () => {
    expect(DASHBOARD_CARDS.map((c) => c.key)).toEqual(['user', 'spot', 'post', 'itinerary', 'categoriescount', 'tag', 'report']);
    const admin = { role: 'Admin', status: 'Active', permissions: [] };
    for (const card of DASHBOARD_CARDS) {
      expect(resources.some((r) => r.menu?.path === card.to), card.to).toBe(true);
      expect(canAccess(admin, card.access)).toBe(true);
    }
    const reporter = { role: 'Sub-Admin', status: 'Active', permissions: ['Post-list'] };
    expect(canAccess(reporter, DASHBOARD_CARDS.find((c) => c.key === 'report')!.access)).toBe(false);
  });
});
