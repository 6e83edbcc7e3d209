// The steps of a generated migration of a declared table (src/server/db/migrations/declared/, written by
// scripts/declared-migrations.ts from the declarations with `storage`), and how each is carried out on
// SQLite and PostgreSQL. A step is plain data: the column types and index names were decided when the
// migration was generated. Every step looks before it acts, so a migration run again over its own work
// (or over a table an earlier start-up made) changes nothing.
/* eslint-disable @typescript-eslint/no-explicit-any -- declared tables are known from their declarations, not from the schema's types */
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { foldText } from '@shared/text';
import type { DialectName } from './dialect';

/** The folded search text every declared table keeps (its search index is made with the table). */
export const SEARCH_TEXT = 'search_text';

export type DeclaredStep =
  /** a new table: its id, its columns and the search text, and (PostgreSQL) the search's trigram index */
  | { op: 'createTable'; table: string; columns: Record<string, string> }
  | { op: 'addColumn'; table: string; column: string; type: string }
  | { op: 'renameColumn'; table: string; from: string; to: string }
  /** the column's values kept, cast to the new type */
  | { op: 'retypeColumn'; table: string; column: string; type: string }
  /** a sort's index: the column, the id as tie-breaker */
  | { op: 'sortIndex'; table: string; column: string; index: string }
  /** a `unique` field's folded value in `key`, under a unique index (records written before get theirs first) */
  | { op: 'uniqueKey'; table: string; column: string; key: string; index: string }
  | { op: 'dropIndex'; index: string };

/** A generated migration: its steps, in order. */
export type DeclaredMigrations = Readonly<Record<string, readonly DeclaredStep[]>>;

/** Introspection's names of a type, as declarations name them (PostgreSQL reports `int4` for integer). */
const TYPE_ALIASES: Record<string, string> = { int4: 'integer', int8: 'bigint', int2: 'smallint', bool: 'boolean', float8: 'double precision', timestamptz: 'timestamp with time zone' };
const sameType = (have: string, want: string) => (TYPE_ALIASES[have.toLowerCase()] ?? have.toLowerCase()) === want.toLowerCase();

async function columnsOf(db: Kysely<any>, table: string) {
  const found = (await db.introspection.getTables()).find((t) => t.name === table);
  return new Map((found?.columns ?? []).map((c) => [c.name, c.dataType]));
}

async function createTable(db: Kysely<any>, dialect: DialectName, step: Extract<DeclaredStep, { op: 'createTable' }>) {
  let create = db.schema
    .createTable(step.table)
    .ifNotExists()
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
  for (const [name, type] of Object.entries(step.columns)) create = create.addColumn(name, sql.raw(type));
  await create.addColumn(SEARCH_TEXT, 'text', (c) => c.notNull().defaultTo('')).execute();
  if (dialect === 'postgres') {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${step.table}_search`)} ON ${sql.table(step.table)} USING gin (${sql.ref(SEARCH_TEXT)} gin_trgm_ops)`.execute(db);
  }
}

/** A retype that cannot keep every value stops the migration, naming the column and a value. */
const wontFit = (table: string, column: string, type: string, value: unknown) =>
  new Error(`${table}.${column} cannot become ${type}: a value such as ${JSON.stringify(value)} would not keep; change those values, then start again`);

/**
 * The column's values cast to the new type. SQLite changes no column's type: the values go to a new column
 * of the type, which takes the old one's name; a value the cast would change (a word made a number) stops it.
 */
async function retypeColumn(db: Kysely<any>, dialect: DialectName, { table, column, type }: Extract<DeclaredStep, { op: 'retypeColumn' }>) {
  const have = (await columnsOf(db, table)).get(column);
  if (have === undefined || sameType(have, type)) return;
  if (dialect === 'postgres') {
    // a value the cast refuses ends the migration's transaction: it is named from the error
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} TYPE ${sql.raw(type)} USING CAST(${sql.ref(column)} AS ${sql.raw(type)})`
      .execute(db)
      .catch((e: Error) => {
        throw wontFit(table, column, type, /"([^"]*)"/.exec(e.message)?.[1] ?? e.message);
      });
    return;
  }
  const moving = `${column}__retyped`;
  await db.schema.alterTable(table).addColumn(moving, sql.raw(type)).execute();
  await db.updateTable(table).set({ [moving]: sql`CAST(${sql.ref(column)} AS ${sql.raw(type)})` }).execute();
  const changed = (await db
    .selectFrom(table)
    .select(column)
    .where(sql<boolean>`${sql.ref(column)} IS NOT NULL AND CAST(${sql.ref(moving)} AS text) IS NOT CAST(${sql.ref(column)} AS text)`)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (changed) throw wontFit(table, column, type, changed[column]);
  await db.schema.alterTable(table).dropColumn(column).execute();
  await db.schema.alterTable(table).renameColumn(moving, column).execute();
}

/**
 * The key column of a `unique` field and its unique index (the database refuses a taken value, so two saves
 * at once cannot both pass). Values already taken twice stop the migration with a message naming them:
 * silently skipping the index would make `unique` a lie.
 */
async function uniqueKey(db: Kysely<any>, { table, column, key, index }: Extract<DeclaredStep, { op: 'uniqueKey' }>) {
  if (!(await columnsOf(db, table)).has(key)) await db.schema.alterTable(table).addColumn(key, 'text').execute();
  for (;;) {
    const rows = (await db.selectFrom(table).select(['id', column]).where(key, 'is', null).where(column, 'is not', null).limit(500).execute()) as Record<string, unknown>[];
    if (!rows.length) break;
    for (const row of rows) await db.updateTable(table).set({ [key]: foldText(String(row[column])) }).where('id', '=', row.id).execute();
  }
  // looked for before the index is made (a failed statement would end PostgreSQL's migration transaction)
  const taken = (await db.selectFrom(table).select(key).groupBy(key).having(sql`count(*)`, '>', 1).limit(5).execute()) as Record<string, unknown>[];
  if (taken.length) {
    throw new Error(`${table}.${column} is declared unique but some values are taken twice (${taken.map((r) => String(r[key])).join(', ')}): make them differ, then start again`);
  }
  await db.schema.createIndex(index).ifNotExists().unique().on(table).column(key).execute();
}

export async function applyStep(db: Kysely<any>, dialect: DialectName, step: DeclaredStep): Promise<void> {
  switch (step.op) {
    case 'createTable':
      return createTable(db, dialect, step);
    case 'addColumn':
      if (!(await columnsOf(db, step.table)).has(step.column)) await db.schema.alterTable(step.table).addColumn(step.column, sql.raw(step.type)).execute();
      return;
    case 'renameColumn': {
      const have = await columnsOf(db, step.table);
      if (have.has(step.from) && !have.has(step.to)) await db.schema.alterTable(step.table).renameColumn(step.from, step.to).execute();
      return;
    }
    case 'retypeColumn':
      return retypeColumn(db, dialect, step);
    case 'sortIndex':
      await db.schema.createIndex(step.index).ifNotExists().on(step.table).columns([step.column, 'id']).execute();
      return;
    case 'uniqueKey':
      return uniqueKey(db, step);
    case 'dropIndex':
      await db.schema.dropIndex(step.index).ifExists().execute();
      return;
  }
}

/** The migration table of the declared ones: they are numbered apart from the hand-written ones and run after them. */
export const DECLARED_MIGRATION_TABLE = 'kysely_migration_declared';

/** Runs the generated migrations not yet run, in order (Kysely's Migrator, with its lock, as migrate.ts does). */
export async function migrateDeclared(db: Kysely<any>, dialect: DialectName, migrations: DeclaredMigrations) {
  const provider = {
    getMigrations: async (): Promise<Record<string, Migration>> =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, steps]) => [
          name,
          {
            // all of a migration or none of it: PostgreSQL's migrator runs it in a transaction, SQLite's does not
            up: async (q: Kysely<any>) => {
              const run = async (trx: Kysely<any>) => {
                for (const step of steps) await applyStep(trx, dialect, step);
              };
              await (q.isTransaction ? run(q) : q.transaction().execute(run));
            },
          },
        ]),
      ),
  };
  const migrator = new Migrator({ db, provider, migrationTableName: DECLARED_MIGRATION_TABLE, migrationLockTableName: `${DECLARED_MIGRATION_TABLE}_lock` });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration declared/${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
  return results ?? [];
}

/** What the generated migrations made of a declared table: its columns and types, its sort and unique indexes. */
export interface DeclaredTableShape {
  columns: Record<string, string>;
  sorted: string[];
  unique: string[];
}
/** The declared tables as the migrations leave them, by table (kept beside them, read by the next generation). */
export type DeclaredSnapshot = Record<string, DeclaredTableShape>;
