// Writes src/shared/resources/declared.ts, the list of every resource declared in that folder: each
// file holding `export const <name> = declareResource({...})`. Adding a resource is writing its file
// (and its catalogue strings); `npm start`, `npm run build`, the dev servers and `npm test` run this
// first. `--check` only says whether the list is up to date (exit 1 when not).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESOURCES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'shared', 'resources');
export const LIST_FILE = 'declared.ts';

/** The declarations of a folder: file (without .ts) and exported name, by file name. */
export function declarationsIn(dir: string): { file: string; name: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== LIST_FILE)
    .sort()
    .flatMap((f) => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/^export const (\w+) = declareResource\(/gm)].map((m) => ({ file: f.slice(0, -3), name: m[1] })));
}

/** The text of the list file for these declarations. */
export function listText(declarations: { file: string; name: string }[]): string {
  return [
    '// Written by scripts/registry.ts from the declarations in this folder; do not edit (write a declaration',
    '// file instead: README "Adding a resource"). index.ts puts them in menu order and exports each by name.',
    ...declarations.map((d) => `import { ${d.name} } from './${d.file}';`),
    '',
    `export { ${declarations.map((d) => d.name).join(', ')} };`,
    `export const DECLARED = [${declarations.map((d) => d.name).join(', ')}] as const;`,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = path.join(RESOURCES_DIR, LIST_FILE);
  const wanted = listText(declarationsIn(RESOURCES_DIR));
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (current !== wanted) {
      console.error(`${path.relative(process.cwd(), file)} is out of date: run npm run registry`);
      process.exit(1);
    }
  } else if (current !== wanted) {
    fs.writeFileSync(file, wanted);
    console.log(`registry: ${path.relative(process.cwd(), file)} lists ${declarationsIn(RESOURCES_DIR).length} resources`);
  }
}
