// What a declared table lacks: the declarations with `storage` compared with the snapshot of what the
// generated migrations already made (Django's makemigrations). The difference is the steps of the next
// migration (scripts/declared-migrations.ts writes it); at start-up a difference stops the server, since
// it would otherwise answer from a table its declaration does not describe.
import type { ResourceDeclaration } from '@shared/resources/index';
import type { DeclaredSnapshot, DeclaredStep, DeclaredTableShape } from '@server/db/declaredSteps';
import { columnType, keyColumn, sortIndex, storedFields, tableOf, uniqueIndex } from './store';

/** The table a declaration describes. */
export function shapeOf(resource: ResourceDeclaration): DeclaredTableShape {
  const fields = storedFields(resource);
  return {
    columns: Object.fromEntries(fields.map((f) => [f.name, columnType(f)])),
    sorted: fields.filter((f) => f.sortable).map((f) => f.name),
    unique: fields.filter((f) => f.unique).map((f) => f.name),
  };
}

export interface MigrationPlan {
  steps: DeclaredStep[];
  /** the snapshot once the steps have run */
  snapshot: DeclaredSnapshot;
  /** what changes, one line each (`faqs.votes: added`) */
  changes: string[];
}

const without = (list: string[], name: string) => list.filter((n) => n !== name);

/** The steps that make a table the snapshot holds as `have` into what the declaration describes. */
function alterTable(resource: ResourceDeclaration, have: DeclaredTableShape, plan: MigrationPlan): DeclaredTableShape {
  const table = tableOf(resource);
  const next: DeclaredTableShape = { columns: { ...have.columns }, sorted: [...have.sorted], unique: [...have.unique] };
  const step = (s: DeclaredStep, change?: string) => {
    plan.steps.push(s);
    if (change) plan.changes.push(`${table}.${change}`);
  };
  const dropSort = (column: string) => {
    if (!next.sorted.includes(column)) return;
    step({ op: 'dropIndex', index: sortIndex(table, column) });
    next.sorted = without(next.sorted, column);
  };
  const dropUnique = (column: string) => {
    if (!next.unique.includes(column)) return;
    step({ op: 'dropIndex', index: uniqueIndex(table, column) });
    next.unique = without(next.unique, column);
  };
  for (const field of storedFields(resource)) {
    const type = columnType(field);
    const from = field.renamedFrom;
    if (next.columns[field.name] === undefined && from && next.columns[from] !== undefined) {
      // the old name's indexes go; the new name's are made below
      dropSort(from);
      dropUnique(from);
      step({ op: 'renameColumn', table, from, to: field.name }, `${from}: renamed ${field.name}`);
      next.columns[field.name] = next.columns[from];
      delete next.columns[from];
    }
    const current = next.columns[field.name];
    if (current === undefined) step({ op: 'addColumn', table, column: field.name, type }, `${field.name}: added`);
    else if (current !== type) {
      dropSort(field.name);
      step({ op: 'retypeColumn', table, column: field.name, type }, `${field.name}: ${current} to ${type}`);
    }
    next.columns[field.name] = type;
  }
  const wanted = shapeOf(resource);
  for (const column of next.sorted.filter((c) => !wanted.sorted.includes(c))) dropSort(column);
  for (const column of next.unique.filter((c) => !wanted.unique.includes(c))) dropUnique(column);
  for (const column of wanted.sorted.filter((c) => !next.sorted.includes(c))) {
    step({ op: 'sortIndex', table, column, index: sortIndex(table, column) }, `${column}: sorted`);
    next.sorted.push(column);
  }
  for (const column of wanted.unique.filter((c) => !next.unique.includes(c))) {
    step({ op: 'uniqueKey', table, column, key: keyColumn(column), index: uniqueIndex(table, column) }, `${column}: unique`);
    next.unique.push(column);
  }
  return next;
}

/**
 * The migration that brings the tables of `snapshot` to what `resources` declare (none when they agree).
 * A removed field keeps its column (its data is not thrown away by a generated step).
 */
export function planMigration(snapshot: DeclaredSnapshot, resources: readonly ResourceDeclaration[]): MigrationPlan {
  const plan: MigrationPlan = { steps: [], snapshot: { ...snapshot }, changes: [] };
  // a table of the hand-written migrations is theirs alone
  for (const resource of resources.filter((r) => r.storage && r.storage.migrations !== 'hand-written')) {
    const table = tableOf(resource);
    const have = snapshot[table];
    if (have) {
      plan.snapshot[table] = alterTable(resource, have, plan);
      continue;
    }
    plan.steps.push({ op: 'createTable', table, columns: shapeOf(resource).columns });
    plan.changes.push(`${table}: new table`);
    // its columns are made with it; its indexes as on any table
    plan.snapshot[table] = alterTable(resource, { ...shapeOf(resource), sorted: [], unique: [] }, plan);
  }
  return plan;
}

/** The command that writes the migrations a declaration asks for. */
export const MIGRATIONS_COMMAND = 'npm run migrations';

/** Stops a start-up whose declarations ask for a migration nobody generated (the error names the command). */
export function refuseUnmigrated(snapshot: DeclaredSnapshot, resources: readonly ResourceDeclaration[]): void {
  const { changes } = planMigration(snapshot, resources);
  if (changes.length) {
    throw new Error(`The declared tables differ from what their migrations make (${changes.join('; ')}): run \`${MIGRATIONS_COMMAND}\` to generate the migration, then start again`);
  }
}
