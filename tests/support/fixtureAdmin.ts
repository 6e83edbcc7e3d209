// The admin built with throwaway declarations in its registry and their strings in its catalogues, for a
// browser test of a resource no real declaration has (tests/e2e/declared-field-types.test.ts): Vite with
// the project's own config, into a folder of its own, dist/ untouched. The server beside it is given the
// same declarations (startServer's `resources`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '../..');
const posix = (file: string) => file.split(path.sep).join('/');

/**
 * `declarations`: a fixture module (path from the project root) and the names it exports; `strings`: a
 * module exporting `name`, whose `en`, `tr` and `ar` each hold `menu` (app.menu) and `resources` entries.
 */
export async function buildAdminWith(declarations: { module: string; names: string[] }[], strings: { module: string; name: string }): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-admin-'));
  const from = (module: string) => JSON.stringify(posix(path.join(ROOT, module)));
  const names = declarations.flatMap((d) => d.names);
  const fixtures: Plugin = {
    name: 'test-declarations',
    enforce: 'pre',
    transform(code, id) {
      const file = posix(id);
      if (file.endsWith('/src/shared/resources/declared.ts')) {
        const imports = declarations.map((d) => `import { ${d.names.join(', ')} } from ${from(d.module)};`).join('\n');
        return `${imports}\n${code.replace('export const DECLARED = [', `export const DECLARED = [${names.join(', ')}, `)}`;
      }
      const catalogue = /\/src\/admin\/i18n\/(en|tr|ar)\.ts$/.exec(file)?.[1];
      if (!catalogue) return null;
      return `${code}
import { ${strings.name} as __fixtureStrings } from ${from(strings.module)};
Object.assign(${catalogue}.app.menu, __fixtureStrings.${catalogue}.menu);
Object.assign(${catalogue}.resources, __fixtureStrings.${catalogue}.resources);`;
    },
  };
  await build({ configFile: path.join(ROOT, 'vite.config.ts'), root: ROOT, logLevel: 'warn', plugins: [fixtures], build: { outDir, emptyOutDir: true } });
  return outDir;
}
