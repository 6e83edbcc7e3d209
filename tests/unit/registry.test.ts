import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarationsIn, LIST_FILE, listText, RESOURCES_DIR } from '../../scripts/registry';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { tr } from '@admin/i18n/tr';
import { ICONS } from '@admin/icons';
import { MENU } from '@admin/layout/menuItems';
import { DASHBOARD_CARDS } from '@admin/pages/dashboardCards';
import { ENDPOINTS } from '@admin/providers/dataProvider';
import { canAccess, PERMISSIONS, RESOURCE_RULES } from '@shared/access';
import { lookUp, missingStrings, PLURAL_FORMS, pluralForms } from '../support/catalogueStrings';
import { FAQ_STRINGS, testFaq } from '../support/faq';
import { ACCESS_ENTRIES as REGISTERED, type AccessDeclaration, ICON_NAMES, MENU_GROUPS, RESOURCES, type ResourceDeclaration, sortNames } from '@shared/resources/index';

// The registry (src/shared/resources/) is what the menu, the access rules, the dataProvider and the
// dashboard are made of: these checks fail when a declaration lacks what a screen would need.

const catalogues = { en, tr, ar } as const;
const resources = RESOURCES as readonly ResourceDeclaration[];
const ACCESS_ENTRIES = REGISTERED as readonly AccessDeclaration[];

/** The spec's side menu (§2 "Side menu targets"), top level, and the menu ids of its resources, in order. */
const SPEC_MENU = ['dashboard', 'users', 'subadmin', 'spots', 'posts', 'itineraries', 'categories', 'tags', 'email_templates', 'content_management', 'ai_chat', 'ai_itineraries', 'report', 'audit'];
const SPEC_RESOURCE_MENU = ['users', 'subadmin', 'spots', 'posts', 'itineraries', 'categories', 'tags', 'email_templates', 'content_management', 'report_categories', 'report_post', 'report_comment', 'report_user', 'audit'];
/** `ids` kept to those of `spec`, in their order: a resource a developer adds does not change what is checked. */
const inSpec = (ids: readonly (string | undefined)[], spec: readonly string[]) => ids.filter((id): id is string => id !== undefined && spec.includes(id));

describe('the resource registry', () => {
  it('lists every declaration file of src/shared/resources, and nothing else, in menu order', () => {
    // declared.ts is what scripts/registry.ts writes now (npm test writes it first; a stale one fails here)
    expect(fs.readFileSync(path.join(RESOURCES_DIR, LIST_FILE), 'utf8')).toBe(listText(declarationsIn(RESOURCES_DIR)));
    expect(RESOURCES.map((r) => r.name).sort()).toEqual(declarationsIn(RESOURCES_DIR).map((d) => d.name).sort());
    // the spec's resources keep their order; a resource added beside them may go anywhere
    expect(inSpec(RESOURCES.map((r) => r.menu?.id), SPEC_RESOURCE_MENU)).toEqual(SPEC_RESOURCE_MENU);
  });

  it("finds a resource from its file alone: the README's FAQ dropped beside the others is listed", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-'));
    for (const f of fs.readdirSync(RESOURCES_DIR)) fs.copyFileSync(path.join(RESOURCES_DIR, f), path.join(dir, f));
    fs.copyFileSync(path.join(__dirname, '../support/faq.ts'), path.join(dir, 'testfaq.ts'));
    const found = declarationsIn(dir);
    expect(found).toContainEqual({ file: 'testfaq', name: 'testFaq' });
    expect(listText(found)).toContain("import { testFaq } from './testfaq';");
    expect(found).toHaveLength(RESOURCES.length + 1);
    fs.rmSync(dir, { recursive: true });
  });

  it('names every resource and page once', () => {
    const names = ACCESS_ENTRIES.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = ACCESS_ENTRIES.flatMap((e) => (e.menu ? [e.menu.path] : []));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(Object.keys(catalogues) as (keyof typeof catalogues)[])('has every label in the %s catalogue', (locale) => {
    const missing = resources.flatMap((r) => missingStrings(r, catalogues[locale]));
    for (const group of Object.values(MENU_GROUPS)) if (typeof lookUp(catalogues[locale], group.label) !== 'string') missing.push(group.label);
    for (const e of ACCESS_ENTRIES) if (e.menu && typeof lookUp(catalogues[locale], `app.menu.${e.menu.id}`) !== 'string') missing.push(`app.menu.${e.menu.id}`);
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(catalogues) as (keyof typeof catalogues)[])('names every resource in each plural form the %s language has', (locale) => {
    const wrong = resources.filter((r) => pluralForms(String(lookUp(catalogues[locale], r.label))) !== PLURAL_FORMS[locale]).map((r) => r.label);
    expect(wrong).toEqual([]);
  });

  it('tells which strings a new resource still lacks, until the catalogues hold them', () => {
    expect(missingStrings(testFaq, en)).toEqual([
      'resources.testfaq.name',
      'app.menu.testfaq',
      'resources.testfaq.fields.question',
      'resources.testfaq.fields.answer',
      'resources.testfaq.fields.created_at',
      'resources.testfaq.fields.updated_at',
      'resources.testfaq.fields.status',
    ]);
    for (const locale of ['en', 'tr', 'ar'] as const) {
      const strings = FAQ_STRINGS[locale];
      const base = catalogues[locale] as typeof en;
      const added = { ...base, app: { ...base.app, menu: { ...base.app.menu, testfaq: strings.menu } }, resources: { ...base.resources, testfaq: { name: strings.name, fields: strings.fields } } };
      expect(missingStrings(testFaq, added)).toEqual([]);
    }
  });

  it('gives a plain resource what its screens and table need', () => {
    for (const r of [...resources, testFaq].filter((d) => d.storage)) {
      const fields = Object.entries(r.fields);
      // every field says what it holds, so the server can store it and the screens show it
      expect(fields.filter(([, f]) => !f.type).map(([name]) => name), r.name).toEqual([]);
      expect(fields.some(([, f]) => f.list), r.name).toBe(true);
      expect(r.fields.id?.type, r.name).toBe('id');
      for (const [name, f] of fields) if (f.type === 'choice') expect(f.choices?.length, `${r.name}.${name}`).toBeGreaterThan(0);
    }
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
    // the spec's order (§2 "Side menu targets"), whatever a developer adds beside it
    expect(inSpec(MENU.map((e) => e.id), SPEC_MENU)).toEqual(SPEC_MENU);
    const group = MENU.find((e) => e.type === 'collapse');
    const REPORT_GROUP = ['/reportCategories', '/report', '/reportedComments', '/reportedUsers'];
    expect(group?.type === 'collapse' && inSpec(group.children.map((c) => c.url), REPORT_GROUP)).toEqual(REPORT_GROUP);
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
    // the Reports card counts the reports still to handle (issue 32 M2), not every report ever made
    expect(DASHBOARD_CARDS.map((c) => c.key)).toEqual(['user', 'spot', 'post', 'itinerary', 'categoriescount', 'tag', 'reportPending']);
    const admin = { role: 'Admin', status: 'Active', permissions: [] };
    for (const card of DASHBOARD_CARDS) {
      expect(resources.some((r) => r.menu?.path === card.to), card.to).toBe(true);
      expect(canAccess(admin, card.access)).toBe(true);
    }
    const reporter = { role: 'Sub-Admin', status: 'Active', permissions: ['Post-list'] };
    expect(canAccess(reporter, DASHBOARD_CARDS.find((c) => c.key === 'reportPending')!.access)).toBe(false);
  });
});
