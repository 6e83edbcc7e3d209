// Reading the source files' imports: the import-graph and import-style tests judge them.
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
export const SOURCES = path.join(ROOT, 'src');
const EXTENSIONS = ['.ts', '.tsx', '.js', '.cjs'];
/** import/export … from '…', import('…'), import '…' */
export const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** The source files under a folder (declaration files aside). */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return EXTENSIONS.includes(path.extname(entry.name)) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** tsconfig.base.json's aliases: `@shared/…`, `@server/…`, `@admin/…` name src/shared, src/server, src/admin. */
export const ALIASES = ['shared', 'server', 'admin'].map((side) => ({ prefix: `@${side}/`, dir: path.join(SOURCES, side) }));

/** The file an import names, or null for a package. */
export function resolved(from: string, specifier: string): string | null {
  const alias = ALIASES.find((a) => specifier.startsWith(a.prefix));
  const base = alias ? path.join(alias.dir, specifier.slice(alias.prefix.length)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}
