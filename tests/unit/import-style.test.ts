// One import style (issue 33, "a straight house"): an import into another layer goes through its alias
// (`@shared/…`, `@server/…`, `@admin/…`: tsconfig.base.json paths), one within its layer is relative. The
// layers: src/shared, src/admin, each top folder of src/server and the files directly in it; tests/ and
// scripts/ are in none. The codemod that made it so (`node aliases.mjs`, kept by the lead) follows the same rule.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALIASES, IMPORT, resolved, ROOT, SOURCES, sourceFiles } from '../support/imports';

/** The layer a relative import stays within, or null for tests/ and scripts/. */
function layerOf(file: string): string | null {
  const parts = path.relative(SOURCES, file).split(path.sep);
  if (parts[0] === '..') return null;
  return parts[0] !== 'server' ? parts[0]! : parts.length === 2 ? 'server' : `server/${parts[1]}`;
}

/** Each import of a source file written the other way, named `file: 'specifier' (the rule)`. */
function styleOffences(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolved(file, specifier!);
      if (!target || !target.startsWith(SOURCES + path.sep)) continue;
      const aliased = ALIASES.some((a) => specifier!.startsWith(a.prefix));
      const within = layerOf(file) !== null && layerOf(file) === layerOf(target);
      if (aliased === within) found.push(`${path.relative(ROOT, file)}: '${specifier}' (${within ? 'within its layer: relative' : 'another layer: through its alias'})`);
    }
  }
  return found.sort();
}

describe('the import style of src/, tests/ and scripts/', () => {
  it('imports another layer through its alias, its own layer relatively', () => {
    expect(styleOffences(['src', 'tests', 'scripts'].flatMap((dir) => sourceFiles(path.join(ROOT, dir))))).toEqual([]);
  });
});
