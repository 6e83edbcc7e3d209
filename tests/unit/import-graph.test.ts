// The source files import one another without a circle (issue 33, "a straight house"): a circle means no
// module of it can be read, tested or loaded without all the others, and it is how a shared fact starts
// being kept twice. Type-only imports count too: they tie the modules' meanings as much as their code.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SOURCES = path.join(ROOT, 'src');
const EXTENSIONS = ['.ts', '.tsx', '.js', '.cjs'];
/** import/export … from '…', import('…'), import '…' */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return EXTENSIONS.includes(path.extname(entry.name)) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file an import names, or null for a package. `@shared/…` is tsconfig's alias of src/shared. */
function resolved(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@shared/') ? path.join(SOURCES, 'shared', specifier.slice('@shared/'.length)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each file's imports of other source files. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SOURCES)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((m) => resolved(file, m[1]!)).filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of a graph, each as the files of one strongly connected component (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(path.relative(ROOT, member));
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph of src/', () => {
  it('reads the imports it judges (a graph of the whole tree, aliases resolved)', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    const access = graph.get(path.join(SOURCES, 'shared/access.ts'))!.map((f) => path.relative(ROOT, f));
    expect(access).toEqual(expect.arrayContaining(['src/shared/resources/index.ts', 'src/shared/roles.ts']));
    // the test finds a circle when there is one
    expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
  });

  it('has no circle', () => {
    expect(circles(importGraph())).toEqual([]);
  });
});
