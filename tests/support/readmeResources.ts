// The README's "Adding a resource" walk-through, read as code: every ```ts block there whose first line
// names a file is what a developer copies. The declarations (src/shared/resources/<name>.ts) are written to
// a temporary folder, their `./` imports pointed at the real folder, and imported; the catalogue blocks
// (src/admin/i18n/<language>.ts) are objects of dotted keys, evaluated. The generic suite runs over the
// declarations and tests/unit/readme-walkthrough.test.ts checks their strings, so the README cannot drift.
import fs from 'node:fs';
import path from 'node:path';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECTION = /^## Adding a resource\n([\s\S]*?)^## /m;

/** Each ```ts block of the section that starts with `// <file>`: the file and the code after that line. */
export function readmeBlocks(readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')): { file: string; code: string }[] {
  const section = SECTION.exec(readme)?.[1];
  if (!section) throw new Error('README.md has no "## Adding a resource" section');
  return [...section.matchAll(/^( *)```ts\n([\s\S]*?)^\1```/gm)].flatMap(([, indent, body]) => {
    const lines = body.split('\n').map((line) => line.slice(indent.length));
    const named = /^\/\/ (\S+\.ts)$/.exec(lines[0]);
    return named ? [{ file: named[1], code: lines.slice(1).join('\n') }] : [];
  });
}

export type Language = 'en' | 'tr' | 'ar';

type Tree = { [key: string]: unknown };

/** Puts `value` at its dotted `key` in `tree` ('resources.faq' → tree.resources.faq). */
function place(tree: Tree, key: string, value: unknown) {
  const parts = key.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Tree;
  node[parts.at(-1)!] = value;
}

/** The catalogue strings the README adds, by language, nested as in the catalogues (`app.menu.faq`…). */
export const README_CATALOGUES: Record<Language, Tree> = { en: {}, tr: {}, ar: {} };
for (const { file, code } of readmeBlocks()) {
  const language = /^src\/admin\/i18n\/(en|tr|ar)\.ts$/.exec(file)?.[1] as Language | undefined;
  if (!language) continue;
  // the block is one object literal in parentheses, as the README writes it: plain data
  const strings = new Function(`return ${code.trim()};`)() as Tree;
  for (const [key, value] of Object.entries(strings)) place(README_CATALOGUES[language], key, value);
}

async function importDeclarations(): Promise<ResourceDeclaration[]> {
  // inside the project (the test runner imports only from there), where no check reads (.cache is ignored)
  const cache = path.join(ROOT, '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const folder = fs.mkdtempSync(path.join(cache, 'readme-resources-'));
  const declared: ResourceDeclaration[] = [];
  for (const { file, code } of readmeBlocks()) {
    if (!/^src\/shared\/resources\/\w+\.ts$/.test(file)) continue;
    const real = path.join(ROOT, 'src/shared/resources');
    const copy = path.join(folder, path.basename(file));
    fs.writeFileSync(copy, code.replace(/from '\.\/(\w+)'/g, (_m, name: string) => `from '${path.join(real, name)}'`));
    const module = (await import(/* @vite-ignore */ copy)) as Record<string, ResourceDeclaration>;
    declared.push(...Object.values(module));
  }
  fs.rmSync(folder, { recursive: true, force: true });
  return declared;
}

/** Every declaration of the README, added for real or not. */
export const README_DECLARATIONS: readonly ResourceDeclaration[] = await importDeclarations();
/** The README's declarations but those a developer has already added for real (the registry serves them). */
export const README_RESOURCES = README_DECLARATIONS.filter((r) => !RESOURCES.some((real) => real.name === r.name));
