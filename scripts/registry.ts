// Writes src/shared/resources/declared.ts, the list of every resource declared in that folder: each
// `declareResource({...})` a file exports, however it is written (`export const x = declareResource(…)`,
// `const x = …; export { x }`, `export default declareResource(…)`, several in one file). Read with the
// TypeScript parser, not a pattern: comments, line breaks and generics change nothing. A file that calls
// declareResource without exporting what it makes, or that cannot be parsed, stops the script with its
// place. Adding a resource is writing its file (and its catalogue strings); `npm start`, `npm run build`,
// the dev servers and `npm test` run this first. `--check` only says whether the list is up to date
// (exit 1 when not).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const RESOURCES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'shared', 'resources');
export const LIST_FILE = 'declared.ts';
const DECLARE = 'declareResource';

/** One declaration: its file (without .ts), the name the list knows it by, and what the file exports it as. */
export interface Declaration {
  file: string;
  name: string;
  /** the file's export when it is not `name` (`default`, or an `export { x as y }`) */
  exported?: string;
}

/** A declaration file the generator cannot read, with the place and what to write instead. */
export class DeclarationError extends Error {}

const isCallOfDeclare = (node: ts.Node): node is ts.CallExpression =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === DECLARE;

/** The `declareResource(…)` call (or `declareResource<…>(…)`) an expression is, seen through parentheses, `as` and `satisfies`. */
function declareCall(node: ts.Node | undefined): ts.CallExpression | undefined {
  while (node && (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))) node = node.expression;
  return node && isCallOfDeclare(node) ? node : undefined;
}

const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The exported declarations of one file's text (`file`: its name without .ts, for the list and the errors). */
export function declarationsOf(file: string, text: string, where = `${file}.ts`): Declaration[] {
  if (!text.includes(DECLARE)) return [];
  const { diagnostics = [] } = ts.transpileModule(text, { reportDiagnostics: true, fileName: `${file}.ts` });
  const source = ts.createSourceFile(`${file}.ts`, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  if (diagnostics.length) {
    const d = diagnostics[0];
    throw new DeclarationError(`${where}:${lineOf(d.start ?? 0)}: cannot be read as a resource declaration: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  }
  // top-level constants made by declareResource, by local name, and whether they are exported there
  const made = new Map<string, ts.CallExpression>();
  const found: Declaration[] = [];
  const read = new Set<ts.CallExpression>();
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        const call = declareCall(d.initializer);
        if (!ts.isIdentifier(d.name) || !call) continue;
        made.set(d.name.text, call);
        if (isExported(statement)) {
          found.push({ file, name: d.name.text });
          read.add(call);
        }
      }
    } else if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
      const call = declareCall(statement.expression);
      if (!call) continue;
      if (!/^[A-Za-z_$][\w$]*$/.test(file)) throw new DeclarationError(`${where}: a default export is listed under its file's name, which is no JavaScript name: rename the file or export a named constant`);
      found.push({ file, name: file, exported: 'default' });
      read.add(call);
    }
  }
  // `export { x }`, `export { x as y }`, `export { x as default }` of a constant made above
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
    for (const spec of statement.exportClause.elements) {
      const local = (spec.propertyName ?? spec.name).text;
      const call = made.get(local);
      if (!call) continue;
      const exported = spec.name.text;
      found.push(exported === 'default' ? { file, name: local, exported } : exported === local ? { file, name: local } : { file, name: exported, exported });
      read.add(call);
    }
  }
  // any other call makes a resource the list cannot import: say where, rather than leave it out unseen
  const visit = (node: ts.Node): void => {
    if (isCallOfDeclare(node) && !read.has(node)) {
      throw new DeclarationError(
        `${where}:${lineOf(node.getStart())}: ${DECLARE}(…) is not exported as a constant of the file; write \`export const <name> = ${DECLARE}({ … })\` (README "Adding a resource")`,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The declarations of a folder, by file name then place in the file. */
export function declarationsIn(dir: string): Declaration[] {
  const found = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== LIST_FILE)
    .sort()
    .flatMap((f) => declarationsOf(f.slice(0, -3), fs.readFileSync(path.join(dir, f), 'utf8'), path.join(path.relative(process.cwd(), dir), f)));
  const seen = new Map<string, Declaration>();
  for (const d of found) {
    const other = seen.get(d.name);
    if (other) throw new DeclarationError(`${d.file}.ts and ${other.file}.ts both declare a resource exported as ${d.name}: rename one`);
    seen.set(d.name, d);
  }
  return found;
}

/** The text of the list file for these declarations. */
export function listText(declarations: Declaration[]): string {
  return [
    '// Written by scripts/registry.ts from the declarations in this folder; do not edit (write a declaration',
    '// file instead: README "Adding a resource"). index.ts puts them in menu order and exports each by name.',
    ...declarations.map((d) => `import { ${d.exported ? `${d.exported} as ${d.name}` : d.name} } from './${d.file}';`),
    '',
    `export { ${declarations.map((d) => d.name).join(', ')} };`,
    `export const DECLARED = [${declarations.map((d) => d.name).join(', ')}] as const;`,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = path.join(RESOURCES_DIR, LIST_FILE);
  let declarations: Declaration[];
  try {
    declarations = declarationsIn(RESOURCES_DIR);
  } catch (error) {
    if (!(error instanceof DeclarationError)) throw error;
    console.error(`registry: ${error.message}`);
    process.exit(1);
  }
  const wanted = listText(declarations);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (current !== wanted) {
      console.error(`${path.relative(process.cwd(), file)} is out of date: run npm run registry`);
      process.exit(1);
    }
  } else if (current !== wanted) {
    fs.writeFileSync(file, wanted);
    console.log(`registry: ${path.relative(process.cwd(), file)} lists ${declarations.length} resources`);
  }
}
