// scripts/registry.ts reads the declarations with the TypeScript parser: every way of exporting a
// declareResource(…) is listed, and a file that makes one the list cannot import stops it with its place.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { declarationsIn, listText } from '../../scripts/registry';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-shapes-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
};

describe('the registry generator', () => {
  it('lists a declaration however it is exported, formatted or commented', () => {
    write({
      'a.ts': "import { declareResource } from './types';\nexport const alpha = declareResource({ name: 'alpha' });\n",
      // a comment between the name and the call, the call on its own line, generics, `satisfies`
      'b.ts': [
        "import { declareResource, type ResourceDeclaration } from './types';",
        '/** the betas */',
        'export const beta /* the first */ =',
        '  declareResource<ResourceDeclaration>(',
        "    { name: 'beta' },",
        '  ) satisfies ResourceDeclaration;',
        '',
      ].join('\n'),
      // declared first, exported later, one of them renamed
      'c.ts': "const gamma = declareResource({ name: 'gamma' });\nconst d = declareResource({ name: 'delta' });\nexport { gamma, d as delta };\n",
      // several in one statement and in one file
      'd.ts': "export const epsilon = declareResource({ name: 'epsilon' }), zeta = (declareResource({ name: 'zeta' }) as const);\n",
      'eta.ts': "export default declareResource({ name: 'eta' });\n",
      // helpers beside them are not declarations: a mention in a comment or a string is not a call
      'helpers.ts': "// declareResource(...) is in types.ts\nexport const text = 'declareResource(';\nexport const declareOther = (x: unknown) => x;\n",
      'declared.ts': "export const stale = declareResource({ name: 'stale' });\n",
    });
    expect(declarationsIn(dir)).toEqual([
      { file: 'a', name: 'alpha' },
      { file: 'b', name: 'beta' },
      { file: 'c', name: 'gamma' },
      { file: 'c', name: 'delta', exported: 'delta' },
      { file: 'd', name: 'epsilon' },
      { file: 'd', name: 'zeta' },
      { file: 'eta', name: 'eta', exported: 'default' },
    ]);
    const list = listText(declarationsIn(dir));
    expect(list).toContain("import { default as eta } from './eta';");
    expect(list).toContain('export const DECLARED = [alpha, beta, gamma, delta, epsilon, zeta, eta] as const;');
  });

  it('stops at a declaration the list could not import, naming the file and line', () => {
    write({ 'faq.ts': "import { declareResource } from './types';\n\nconst faq = declareResource({ name: 'faq' });\n" });
    expect(() => declarationsIn(dir)).toThrow(/faq\.ts:3: declareResource\(…\) is not exported as a constant/);
  });

  it('stops at a declaration nested in a function', () => {
    write({ 'faq.ts': "export const make = () => declareResource({ name: 'faq' });\n" });
    expect(() => declarationsIn(dir)).toThrow(/faq\.ts:1: declareResource/);
  });

  it('stops at a declaration file that cannot be parsed, naming it', () => {
    write({ 'faq.ts': "export const faq = declareResource({ name: 'faq',\n  fields: { title: { type: 'text' } \n});\n" });
    expect(() => declarationsIn(dir)).toThrow(/faq\.ts:\d+: cannot be read as a resource declaration/);
  });

  it('refuses two files exporting the same name', () => {
    write({ 'a.ts': "export const faq = declareResource({ name: 'a' });\n", 'b.ts': "export const faq = declareResource({ name: 'b' });\n" });
    expect(() => declarationsIn(dir)).toThrow(/both declare a resource exported as faq/);
  });
});
