// The source files import one another without a circle and only along the layers (issue 33, "a straight
// house"): a circle means no module of it can be read, tested or loaded without all the others, and it is
// how a shared fact starts being kept twice; an import against the layers (db/ reaching up into http/, the
// admin into the server) is how one starts. Type-only imports count too: they tie the modules' meanings
// as much as their code.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT, resolved, ROOT, SOURCES, sourceFiles } from '../support/imports';

/**
 * The layers, each a rule on what files under a folder of src/ may import (DESIGN.md §13): the admin and
 * the server meet only in shared/; in the server a route calls its module's service or queries, which
 * call db/ (the list planner among it), never the other way; http/ is the HTTP part every route shares.
 */
const LAYERS: readonly { from: string; mayNotImport: readonly string[]; why: string }[] = [
  { from: 'src/shared/', mayNotImport: ['src/admin/', 'src/server/'], why: 'shared code runs on both sides' },
  { from: 'src/admin/', mayNotImport: ['src/server/'], why: 'the admin reaches the server through the dataProvider' },
  { from: 'src/server/', mayNotImport: ['src/admin/'], why: 'the server shares with the admin through src/shared' },
  { from: 'src/server/db/', mayNotImport: ['src/server/http/', 'src/server/modules/'], why: 'db/ is below the HTTP layer and the modules' },
  { from: 'src/server/http/', mayNotImport: ['src/server/modules/'], why: 'http/ serves every module and knows none' },
  ...['auth', 'mail', 'uploads'].map((dir) => ({ from: `src/server/${dir}/`, mayNotImport: ['src/server/modules/'], why: `${dir}/ serves the modules and knows none` })),
];

/** A module's route files: only the app registers them, nothing else imports one. */
const ROUTE_FILE = /^src\/server\/modules\/[^/]+\/(routes|\w+Routes?)\.ts$/;

/** Each import against the layers, named `importer → imported (why)`. */
function offences(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = path.relative(ROOT, file);
    for (const target of targets.map((t) => path.relative(ROOT, t))) {
      for (const layer of LAYERS) {
        const into = layer.mayNotImport.find((dir) => target.startsWith(dir));
        if (from.startsWith(layer.from) && into) found.push(`${from} → ${target} (${layer.why})`);
      }
      if (ROUTE_FILE.test(target) && from !== 'src/server/app.ts' && !ROUTE_FILE.test(from)) {
        found.push(`${from} → ${target} (routes call services and queries; only the app and other routes import routes)`);
      }
    }
  }
  return found.sort();
}

/**
 * A route file's imports of db/ that bring values, not only types (`import type`, `{ type X }`): a route
 * parses, guards and shapes the answer; its module's service or queries call db/.
 */
function routesReachingDb(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = path.relative(ROOT, file);
    if (!ROUTE_FILE.test(from)) continue;
    for (const [, typeOnly, names, specifier] of fs.readFileSync(file, 'utf8').matchAll(/^import\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/gm)) {
      const target = resolved(file, specifier!);
      if (!target || !path.relative(ROOT, target).startsWith('src/server/db/')) continue;
      const members = /^\{([^}]*)\}$/.exec(names!.trim())?.[1]?.split(',').map((m) => m.trim()).filter(Boolean);
      if (typeOnly || members?.every((m) => m.startsWith('type '))) continue;
      found.push(`${from} → ${path.relative(ROOT, target)} (routes call services and queries, which call db/)`);
    }
  }
  return found.sort();
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

  it('finds an import against the layers when there is one, and names it', () => {
    const at = (file: string) => path.join(ROOT, file);
    const graph = new Map([
      [at('src/server/db/versions.ts'), [at('src/server/http/errors.ts'), at('src/server/db/index.ts')]],
      [at('src/server/modules/users/service.ts'), [at('src/server/modules/users/routes.ts'), at('src/server/db/list.ts')]],
      [at('src/server/modules/emailTemplates/routes.ts'), [at('src/server/modules/declared/routes.ts')]],
      [at('src/shared/access.ts'), [at('src/admin/icons.ts')]],
    ]);
    expect(offences(graph)).toEqual([
      'src/server/db/versions.ts → src/server/http/errors.ts (db/ is below the HTTP layer and the modules)',
      'src/server/modules/users/service.ts → src/server/modules/users/routes.ts (routes call services and queries; only the app and other routes import routes)',
      'src/shared/access.ts → src/admin/icons.ts (shared code runs on both sides)',
    ]);
  });

  it('has no import against the layers', () => {
    expect(offences(importGraph())).toEqual([]);
  });

  it('has no route reaching into db/ for more than types', () => {
    expect(routesReachingDb(sourceFiles(SOURCES))).toEqual([]);
  });
});
