// Writes the migration a declared table needs (Django's makemigrations): the declarations with `storage`
// (src/shared/resources/) compared with snapshot.json, what the migrations of src/server/db/migrations/
// declared/ already make. A difference becomes the next numbered migration file (a new table, an added,
// renamed or retyped column, a new sort or unique index), the snapshot moves on, and index.ts lists the
// migrations for src/server/db/migrate.ts. `npm start`, `npm run build`, the dev server and `npm test`
// run it after the registry (or by hand: `npm run migrations`); `--check` only says whether one is due.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DeclaredSnapshot, DeclaredStep } from '@server/db/declaredSteps';
import { planMigration } from '@server/modules/declared/plan';
import type { ResourceDeclaration } from '@shared/resources/types';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'server', 'db', 'migrations', 'declared');
const SNAPSHOT_FILE = 'snapshot.json';
const MIGRATION_FILE = /^(\d{4})_\w+\.ts$/;

const HEADER = '// Written by scripts/declared-migrations.ts from the declarations with `storage`; do not edit (change the\n// declaration and run `npm run migrations`).';

/** The migrations of a folder, in order (file names without .ts). */
const migrationsIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => MIGRATION_FILE.test(f)).sort().map((f) => f.slice(0, -3)) : []);
const snapshotIn = (dir: string): DeclaredSnapshot => {
  const file = path.join(dir, SNAPSHOT_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as DeclaredSnapshot) : {};
};

const writeSnapshot = (dir: string, snapshot: DeclaredSnapshot) => fs.writeFileSync(path.join(dir, SNAPSHOT_FILE), `${JSON.stringify(snapshot, null, 2)}\n`);

function migrationText(steps: DeclaredStep[], changes: string[]) {
  return [HEADER, ...changes.map((c) => `// ${c}`), "import type { DeclaredStep } from '../../declaredSteps';", '', `export const steps: readonly DeclaredStep[] = ${JSON.stringify(steps, null, 2)};`, ''].join('\n');
}

function indexText(names: string[], snapshot: DeclaredSnapshot) {
  const local = (name: string) => `m${name.slice(0, 4)}`;
  return [
    HEADER,
    "import type { DeclaredMigrations, DeclaredSnapshot } from '../../declaredSteps';",
    ...names.map((name) => `import { steps as ${local(name)} } from './${name}';`),
    '',
    `export const DECLARED_MIGRATIONS: DeclaredMigrations = {${names.map((name) => ` '${name}': ${local(name)}`).join(',')}${names.length ? ' ' : ''}};`,
    '/** The declared tables once these migrations have run (the start-up compares the declarations with it). */',
    `export const DECLARED_SNAPSHOT: DeclaredSnapshot = ${JSON.stringify(snapshot, null, 2)};`,
    '',
  ].join('\n');
}

/** A file name's part naming what a migration changes: the tables it touches. */
const nameOf = (steps: DeclaredStep[]) =>
  [...new Set(steps.flatMap((s) => ('table' in s ? [s.table] : [])))].join('_').replace(/\W+/g, '_').slice(0, 60) || 'indexes';

/**
 * Writes the migration `resources` need into `dir` (its file, snapshot.json and index.ts), or nothing when
 * the migrations there already make them. Answers the file written and its changes.
 */
export function generateMigrations(dir: string, resources: readonly ResourceDeclaration[]): { file: string; changes: string[] } | null {
  const names = migrationsIn(dir);
  const plan = planMigration(snapshotIn(dir), resources);
  const index = path.join(dir, 'index.ts');
  if (!plan.steps.length) {
    fs.mkdirSync(dir, { recursive: true });
    if (!fs.existsSync(path.join(dir, SNAPSHOT_FILE))) writeSnapshot(dir, plan.snapshot);
    const wanted = indexText(names, plan.snapshot);
    if (!fs.existsSync(index) || fs.readFileSync(index, 'utf8') !== wanted) fs.writeFileSync(index, wanted);
    return null;
  }
  const number = String(names.length ? Number(names.at(-1)!.slice(0, 4)) + 1 : 1).padStart(4, '0');
  const name = `${number}_${nameOf(plan.steps)}`;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.ts`), migrationText(plan.steps, plan.changes));
  writeSnapshot(dir, plan.snapshot);
  fs.writeFileSync(index, indexText([...names, name], plan.snapshot));
  return { file: path.join(dir, `${name}.ts`), changes: plan.changes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // the registry is read after scripts/registry.ts has listed it
  const { RESOURCES } = await import('@shared/resources/index');
  if (process.argv.includes('--check')) {
    const { changes } = planMigration(snapshotIn(MIGRATIONS_DIR), RESOURCES);
    if (changes.length) {
      console.error(`the declared tables need a migration (${changes.join('; ')}): run npm run migrations`);
      process.exit(1);
    }
  } else {
    const written = generateMigrations(MIGRATIONS_DIR, RESOURCES);
    if (written) console.log(`migrations: ${path.relative(process.cwd(), written.file)}\n  ${written.changes.join('\n  ')}`);
  }
}
