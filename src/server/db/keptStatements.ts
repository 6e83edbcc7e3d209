// Statements built and compiled once per database handle, then run again with new values: building and
// compiling a list page's statements with Kysely took about as long as SQLite took to run them.
/* eslint-disable @typescript-eslint/no-explicit-any -- kept statements are of any table's query */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** A value filled in at each run of a kept statement (a page's ids, a limit that follows a total). */
class Hole {
  constructor(readonly index: number) {}
}

interface KeptStatement {
  compiled: CompiledQuery;
  /** for each parameter of `compiled`, the index of the value that fills it, or -1 for a fixed one */
  filled: number[];
}

/**
 * How many statements are kept per database handle (the oldest goes first), and a check for the tests:
 * with `check` on, every kept statement is built and compiled again at each run and must equal the one
 * kept (a value a builder uses that its key does not hold would show here).
 */
export const KEPT_STATEMENTS = { kept: 2000, check: false };
const keptByDb = new WeakMap<Kysely<any>, Map<string, KeptStatement>>();

/**
 * Runs the statement `build` makes, kept under `key`: the key must hold everything the builder uses
 * but `values`, which the builder gets as holes and each run fills in. Answers the rows.
 */
export async function runKept(db: Kysely<any>, key: string, values: readonly unknown[], build: (values: readonly unknown[]) => Compilable<any>): Promise<any[]> {
  if (KEPT_STATEMENTS.kept <= 0) return (await db.executeQuery(build(values).compile())).rows;
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = new Map()));
  const fullKey = `${key}\u0000${values.length}`;
  let statement = kept.get(fullKey);
  if (!statement) {
    const compiled = build(values.map((_, i) => new Hole(i))).compile();
    statement = { compiled, filled: compiled.parameters.map((p) => (p instanceof Hole ? p.index : -1)) };
    if (kept.size >= KEPT_STATEMENTS.kept) kept.delete(kept.keys().next().value!);
    kept.set(fullKey, statement);
  }
  const { compiled, filled } = statement;
  const parameters = filled.map((at, i) => (at < 0 ? compiled.parameters[i] : values[at]));
  if (KEPT_STATEMENTS.check) {
    const again = build(values).compile();
    if (again.sql !== compiled.sql || JSON.stringify(again.parameters) !== JSON.stringify(parameters)) {
      throw new Error(`the kept statement '${key.split('\u0000').join(' | ').slice(0, 200)}' differs from a new one:\n${compiled.sql} ${JSON.stringify(parameters)}\n${again.sql} ${JSON.stringify(again.parameters)}`);
    }
  }
  return (await db.executeQuery({ ...compiled, parameters })).rows;
}
