// README "Adding a resource", read as code (tests/support/readmeResources.ts): its two trials are
// declarations the registry would find, with every string their screens read in English, Turkish and
// Arabic (each language's plural forms), and the FAQ's permission is listed for the editor with its label.
// The generic API suite (tests/api/declared-suite.test.ts) serves and judges the same declarations.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarationsIn } from '../../scripts/registry';
import { declaredPermissions } from '@shared/access';
import { typedFields } from '@shared/resources/fields';
import { ACCESS_ENTRIES, type AccessDeclaration } from '@shared/resources/index';
import { lookUp, missingStrings, PLURAL_FORMS, pluralForms } from '../support/catalogueStrings';
import { README_CATALOGUES, README_DECLARATIONS, README_RESOURCES, readmeBlocks } from '../support/readmeResources';

const byName = (name: string) => README_DECLARATIONS.find((r) => r.name === name)!;

describe('the README walk-through of adding a resource', () => {
  it('declares an FAQ and announcements, each in one file the registry finds, with a table of its own', () => {
    expect(README_DECLARATIONS.map((r) => r.name)).toEqual(['faq', 'announcement']);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-registry-'));
    try {
      for (const { file, code } of readmeBlocks()) if (file.startsWith('src/shared/resources/')) fs.writeFileSync(path.join(folder, path.basename(file)), code);
      expect(declarationsIn(folder)).toEqual([
        { file: 'announcement', name: 'announcement' },
        { file: 'faq', name: 'faq' },
      ]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    for (const r of README_DECLARATIONS) expect(r.storage?.table, r.name).toMatch(/^[a-z_]+$/);
  });

  it('gives the second trial a day, a yes/no, a reference to the first and rich text', () => {
    const types = Object.fromEntries(typedFields(byName('announcement')).map((f) => [f.name, f.type]));
    expect(types).toMatchObject({ title: 'text', body: 'richText', starts_on: 'date', pinned: 'boolean', faq: 'reference' });
    expect(typedFields(byName('announcement')).find((f) => f.type === 'reference')?.reference).toBe('faq');
  });

  it.each(['en', 'tr', 'ar'] as const)('holds every string their screens read in %s, the name in each plural form', (language) => {
    const catalogue = README_CATALOGUES[language];
    for (const r of README_DECLARATIONS) {
      expect(missingStrings(r, catalogue), r.name).toEqual([]);
      expect(pluralForms(String(lookUp(catalogue, r.label))), `${r.name} in ${language}`).toBe(PLURAL_FORMS[language]);
    }
  });

  it('lists the FAQ’s permission in the editor at its place, with its label', () => {
    // (the README's copies unless a developer has added them for real: then the registry lists them)
    const listed = declaredPermissions([...(ACCESS_ENTRIES as readonly AccessDeclaration[]), ...README_RESOURCES]);
    expect(listed.filter((p) => p.name === 'Faq-list')).toEqual([{ name: 'Faq-list', label: 'app.permissions.Faq-list', order: 95 }]);
    // after the email templates' permission (90): the editor lists by order
    expect(listed.map((p) => p.name).slice(-2)).toEqual(['EmailTemplate-list', 'Faq-list']);
    expect(byName('announcement').rule).toBe('Faq-list');
  });
});
