// Opens the database: SQLite (file in DATA_DIR, WAL) by default, PostgreSQL when DATABASE_URL says so.
// Dialect differences live in this folder only.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type LogConfig,
  type OperationNode,
  PostgresDialect,
  type QueryResult,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { withAmbientTransactions } from './ambient';
import type { Database } from './schema';
import { SEARCH_FOLD, searchFold } from './search';
import type { DialectName } from './dialect';

export type { DialectName } from './dialect';

export interface Db {
  /** statements made through it while a transaction of its runs go to that transaction (db/ambient.ts) */
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /**
   * Calls `listener` each time a write through `db` has become visible to every connection: after its
   * statement, or after the commit (or rollback) of the transaction it ran in. `tables` are the tables
   * it wrote, or null when they cannot be told (raw SQL, DDL): then any table may have changed. Answers
   * a function that removes the listener. Writes by other processes are not seen, unless they are
   * told with tellWrite (replicas/sync.ts relays those of the other servers on the same PostgreSQL).
   */
  onWrite(listener: WriteListener): () => void;
  /** Tells this process's onWrite listeners about a write another process made. */
  tellWrite(tables: readonly string[] | null): void;
  /**
   * Sets what runs on the writing connection once a write is visible and before its caller goes on
   * (after an autocommitted write statement, after a commit): replicas/sync.ts sends its NOTIFY there,
   * so the other servers hear of a write before it is acknowledged. Its failure never fails the write.
   */
  relayWrites(relay: WriteRelay | null): void;
  /** The connections as the metrics report them: PostgreSQL's pool, SQLite's single connection. */
  connections(): ConnectionStats;
}

export interface ConnectionStats {
  /** open connections */
  total: number;
  /** open connections doing nothing */
  idle: number;
  /** queries waiting for a connection */
  waiting: number;
}

export type WriteListener = (tables: readonly string[] | null) => void;
/** `run` runs a statement on the connection that wrote. */
export type WriteRelay = (tables: readonly string[] | null, run: (sql: string, parameters: readonly unknown[]) => Promise<unknown>) => Promise<void>;

// COUNT(*) and BIGINT come back from PostgreSQL as strings; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

const dialects = new WeakMap<object, DialectName>();
/** The dialect of a handle openDatabase made (for the few statements whose best shape differs). */
export const dialectOf = (db: object): DialectName | undefined => dialects.get(db);

/** `log`: Kysely's query log (the bench times the statements a request runs with it). */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string; sqliteFile?: string; log?: LogConfig }): Db {
  const writes = createWriteWatch();
  const onWrite = (listener: WriteListener) => writes.add(listener);
  const { tell: tellWrite, relayWrites } = writes;
  if (isPostgresUrl(opts.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = withAmbientTransactions(new Kysely<Database>({ dialect: writes.watch(new PostgresDialect({ pool })), log: opts.log }));
    dialects.set(db, 'postgres');
    const connections = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, dialect: 'postgres', close: () => db.destroy(), onWrite, tellWrite, relayWrites, connections };
  }
  if (opts.databaseUrl) throw new Error(`DATABASE_URL must start with postgres:// (got "${opts.databaseUrl}")`);
  const file = opts.sqliteFile ?? path.join(opts.dataDir, 'backoffice.sqlite');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // the planner's statistics, refreshed where missing or stale (an index added by a migration has none, and
  // without them SQLite may take it for a very selective one and sort a million rows); sampled, so quick
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize = 0x10002');
  // the search tables hold folded text (db/search.ts); their triggers call this
  sqlite.function(SEARCH_FOLD, { deterministic: true }, (text: unknown) => (text == null ? null : searchFold(String(text))));
  const db = withAmbientTransactions(new Kysely<Database>({ dialect: writes.watch(new SqliteDialect({ database: withStatementCache(sqlite) })), log: opts.log }));
  dialects.set(db, 'sqlite');
  // a single connection; the queue Kysely keeps before it (one transaction at a time) is not visible from here
  return { db, dialect: 'sqlite', close: () => db.destroy(), onWrite, tellWrite, relayWrites, connections: () => ({ total: 1, idle: 1, waiting: 0 }) };
}

/** Prepared statements kept for reuse: a list page's few statements are compiled once, not per request. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite handle as Kysely's dialect sees it, preparing each distinct SQL text once. Kysely prepares
 * every query anew; with one connection and one statement at a time, reusing them is safe. The cache
 * forgets its oldest entry past STATEMENT_CACHE_SIZE (search terms are parameters, so the texts are few).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        statement = withRowsBuiltHere(sqlite.prepare(text), text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/** A `*` among the result columns (`select *`, `t.*`): their names could change with the schema. */
const STAR_COLUMN = /(^|[\s,])\*(\s|,|$)|\.\*/;

/**
 * A reading statement whose rows are built here from better-sqlite3's arrays (raw mode) instead of by
 * better-sqlite3, which sets each key of each row object from C++: that took longer than the SQL itself
 * (a list page's rows query: 80 µs down to 60 µs). The objects are the same: the statement's column
 * names as keys, in their order, with the same values. Statements whose columns could move with the
 * schema (`*`), or whose names repeat or are not plain keys, keep better-sqlite3's rows.
 */
function withRowsBuiltHere(statement: SQLite.Statement, text: string): SqliteStatement {
  if (!statement.reader || STAR_COLUMN.test(text)) return statement;
  const names = statement.columns().map((c) => c.name);
  if (new Set(names).size !== names.length || names.includes('__proto__')) return statement;
  const n = names.length;
  const row = (values: unknown[]) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) out[names[i]] = values[i];
    return out;
  };
  statement.raw(true);
  return {
    reader: true,
    all(parameters) {
      const rows = statement.all(parameters) as unknown[][];
      const out = new Array<unknown>(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = row(rows[i]);
      return out;
    },
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield row(values);
    },
    run: (parameters) => statement.run(parameters),
  };
}

/**
 * True when `err` is the database refusing a row because a unique index (or the primary key) already
 * holds its value: SQLite's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, PostgreSQL's 23505.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

export { hasColumn } from './introspect';

/** Current time as stored in every timestamp column. */
export const now = (): string => new Date().toISOString();

// ---- writes ------------------------------------------------------------------------------------------

/** The name of a written table (`table` or `table as t`); null when it is something else. */
function tableName(table: OperationNode | undefined): string | null {
  const t = table?.kind === 'AliasNode' ? (table as unknown as { node: OperationNode }).node : table;
  return t?.kind === 'TableNode' ? (t as unknown as { table: { identifier: { name: string } } }).table.identifier.name : null;
}

const READ: readonly string[] = Object.freeze([]);
const MAY_WRITE = /\b(insert|update|delete|merge|replace|upsert|truncate|drop|alter|create|reindex|vacuum|copy|call|do)\b/i;

/** The tables a statement writes: [] for a read, null when they cannot be told (raw SQL that may write, DDL). */
export function writtenTables(node: OperationNode): readonly string[] | null {
  const q = node as OperationNode & Record<string, unknown>;
  // a data-modifying WITH (PostgreSQL) writes more than its main statement says
  const ctes = (q.with as { expressions: { expression: OperationNode }[] } | undefined)?.expressions;
  const withWrites = !!ctes && ctes.some((cte) => cte.expression.kind !== 'SelectQueryNode');
  let target: (string | null)[];
  switch (node.kind) {
    case 'SelectQueryNode':
      return withWrites ? null : READ;
    case 'RawNode':
      return MAY_WRITE.test((q.sqlFragments as readonly string[]).join(' ')) ? null : READ;
    case 'InsertQueryNode':
      target = [tableName(q.into as OperationNode | undefined)];
      break;
    case 'UpdateQueryNode':
      target = [tableName(q.table as OperationNode | undefined)];
      break;
    case 'DeleteQueryNode':
      target = ((q.from as { froms?: OperationNode[] }).froms ?? []).map(tableName);
      break;
    case 'MergeQueryNode':
      target = [tableName(q.into as OperationNode)];
      break;
    default:
      // DDL and whatever else: anything may have changed
      return null;
  }
  if (withWrites || !target.length || target.some((t) => t === null)) return null;
  return target as string[];
}

interface WatchedConnection extends DatabaseConnection {
  inner: DatabaseConnection;
  /** in a transaction: the tables written so far (null: unknown ones), told at its end */
  pending: Set<string> | null | undefined;
  inTransaction: boolean;
}

/**
 * Tells the listeners about each write once it is visible: a dialect wrapped by `watch` reports a write
 * after its statement ran, or, inside a transaction, after the transaction ended.
 */
function createWriteWatch() {
  const listeners = new Set<WriteListener>();
  const tell = (tables: readonly string[] | null) => {
    for (const listener of listeners) listener(tables);
  };
  const ended = (c: WatchedConnection) => {
    const pending = c.pending;
    c.inTransaction = false;
    c.pending = undefined;
    if (pending !== undefined) tell(pending === null ? null : [...pending]);
  };
  let relay: WriteRelay | null = null;
  const relayed = async (c: WatchedConnection, tables: readonly string[] | null) => {
    try {
      await relay?.(tables, (text, parameters) => c.inner.executeQuery(CompiledQuery.raw(text, [...parameters])));
    } catch {
      // the write stands; the relay reports its own failures
    }
  };
  const write = async <R>(c: WatchedConnection, compiled: CompiledQuery, tables: readonly string[] | null) => {
    let result: QueryResult<R>;
    try {
      result = await c.inner.executeQuery<R>(compiled);
    } finally {
      if (!c.inTransaction) tell(tables);
      else if (tables === null || c.pending === null) c.pending = null;
      else {
        c.pending ??= new Set();
        for (const t of tables) c.pending.add(t);
      }
    }
    if (relay && !c.inTransaction) await relayed(c, tables);
    return result;
  };
  const connection = (inner: DatabaseConnection): WatchedConnection => {
    const c: WatchedConnection = {
      inner,
      pending: undefined,
      inTransaction: false,
      executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        const tables = writtenTables(compiled.query);
        // a read goes straight through
        return tables !== null && tables.length === 0 ? inner.executeQuery<R>(compiled) : write<R>(c, compiled, tables);
      },
      streamQuery<R>(compiled: CompiledQuery, chunkSize?: number) {
        return inner.streamQuery<R>(compiled, chunkSize);
      },
    };
    return c;
  };
  const driver = (inner: Driver): Driver => {
    // one wrapper per connection: Kysely keeps its own per-connection state by identity
    const wrapped = new WeakMap<DatabaseConnection, WatchedConnection>();
    const unwrap = (c: DatabaseConnection) => (c as WatchedConnection).inner;
    const out: Driver = {
      init: () => inner.init(),
      acquireConnection: async () => {
        const acquired = await inner.acquireConnection();
        let c = wrapped.get(acquired);
        if (!c) {
          c = connection(acquired);
          wrapped.set(acquired, c);
        }
        return c;
      },
      beginTransaction: async (c: DatabaseConnection, settings: TransactionSettings) => {
        await inner.beginTransaction(unwrap(c), settings);
        (c as WatchedConnection).inTransaction = true;
      },
      commitTransaction: async (c: DatabaseConnection) => {
        const pending = (c as WatchedConnection).pending;
        try {
          await inner.commitTransaction(unwrap(c));
        } finally {
          ended(c as WatchedConnection);
        }
        // one relay per transaction that wrote, with every table it wrote
        if (relay && pending !== undefined) await relayed(c as WatchedConnection, pending === null ? null : [...pending]);
      },
      rollbackTransaction: async (c: DatabaseConnection) => {
        try {
          await inner.rollbackTransaction(unwrap(c));
        } finally {
          ended(c as WatchedConnection);
        }
      },
      releaseConnection: (c: DatabaseConnection) => inner.releaseConnection(unwrap(c)),
      destroy: () => inner.destroy(),
    };
    for (const method of ['savepoint', 'rollbackToSavepoint', 'releaseSavepoint'] as const) {
      const original = inner[method];
      if (original) out[method] = (c, name, compile) => original.call(inner, unwrap(c), name, compile);
    }
    return out;
  };
  return {
    tell,
    relayWrites(next: WriteRelay | null) {
      relay = next;
    },
    add(listener: WriteListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** `dialect`, its writes reported to this watch's listeners. */
    watch(dialect: Dialect): Dialect {
      return {
        createDriver: () => driver(dialect.createDriver()),
        createQueryCompiler: () => dialect.createQueryCompiler(),
        createAdapter: () => dialect.createAdapter(),
        createIntrospector: (db) => dialect.createIntrospector(db),
      };
    },
  };
}
