// Permissions are declared with the resource (or page) they open: the registry's list, the permission
// editor's checkboxes and labels, the server's checks of a grant and the audit log's labels all come from
// the declarations, so a resource declared with a permission is granted without any other edit.
import { describe, expect, it } from 'vitest';
import { ar } from '@admin/i18n/ar';
import { en } from '@admin/i18n/en';
import { tr } from '@admin/i18n/tr';
import { DECLARED_PERMISSIONS, declaredPermissions, PERMISSIONS, permissionLabel } from '@shared/access';
import { ACCESS_ENTRIES, type AccessDeclaration, declareResource } from '@shared/resources/index';
import { testFaq } from '../support/faq';

/** Spec §6's permissions, in its order (the editor's). */
const SPEC_PERMISSIONS = ['User-list', 'SubAdmin-list', 'Spot-list', 'Post-list', 'Itinerary-list', 'Categories-list', 'Tags-list', 'Report-list', 'EmailTemplate-list'];
const entries = ACCESS_ENTRIES as readonly AccessDeclaration[];
const lookUp = (catalogue: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);

describe('permissions declared with their resources', () => {
  it("are spec §6's, in its order (a permission a developer declares may stand among them)", () => {
    expect(PERMISSIONS.filter((p) => SPEC_PERMISSIONS.includes(p))).toEqual(SPEC_PERMISSIONS);
  });

  it('are each declared once, by an entry whose rule names it, and every rule naming a permission has its declaration', () => {
    const declaring = entries.filter((e) => e.permission);
    expect(new Set(declaring.map((e) => e.rule)).size).toBe(declaring.length);
    for (const e of entries) if (e.rule !== 'staff' && e.rule !== 'admin') expect(PERMISSIONS, e.name).toContain(e.rule);
  });

  it.each([['en', en], ['tr', tr], ['ar', ar]] as const)('have their label in the %s catalogue', (_locale, catalogue) => {
    for (const p of DECLARED_PERMISSIONS) expect(lookUp(catalogue, p.label), p.name).toBeTypeOf('string');
    expect(permissionLabel('Tags-list')).toBe('app.permissions.Tags-list');
  });

  it('lists a permission a new resource declares at its declared place, with its label', () => {
    const faq = declareResource({ ...testFaq, rule: 'Testfaq-list', permission: { label: 'app.permissions.Testfaq-list', order: 75 } });
    const listed = declaredPermissions([...entries, faq]);
    const inSpec = listed.map((p) => p.name).filter((p) => p === 'Testfaq-list' || SPEC_PERMISSIONS.includes(p));
    expect(inSpec).toEqual([...SPEC_PERMISSIONS.slice(0, 7), 'Testfaq-list', ...SPEC_PERMISSIONS.slice(7)]);
    expect(listed.find((p) => p.name === 'Testfaq-list')?.label).toBe('app.permissions.Testfaq-list');
  });
});
