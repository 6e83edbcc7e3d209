// One transaction for a change and everything written with it (its audit entry above all), without
// passing a transaction handle down every call. The handle openDatabase answers is this wrapper:
// - `db.transaction().execute(fn)` opens a transaction and runs `fn` inside it, as Kysely does, and for
//   as long as `fn` runs every statement made through `db` (by any module, on any path) goes to that
//   transaction: services written for `db` join it without knowing;
// - `db.transaction()` inside one joins it (it does not open a second: SQLite's single connection would
//   wait for itself), so a service that opens its own transaction can be called from inside another;
// - once the transaction has ended, statements go to the database again, even from work it started and
//   left running (a mail sent after the answer, a timer).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';

interface Ambient {
  trx: Transaction<never>;
  open: boolean;
  /** work that must wait for the commit (a file removed once nothing points at it any more) */
  committed: (() => Promise<unknown>)[];
}

const current = new AsyncLocalStorage<Ambient>();

/** True while the caller runs inside a transaction opened through an ambient handle. */
export const inTransaction = () => current.getStore()?.open === true;

/**
 * Runs `fn` outside any ambient transaction (work that must not wait for, or vanish with, the
 * transaction around it).
 */
export const outsideTransaction = <T>(fn: () => T): T => current.exit(fn);

/**
 * Runs `work` once the transaction under way has committed (never when it rolls back), or at once outside
 * one: a file removed from the store before the commit would be lost with a rolled-back change.
 */
export async function afterCommit(work: () => Promise<unknown>): Promise<void> {
  const ambient = current.getStore();
  if (ambient?.open) ambient.committed.push(work);
  else await work();
}

/** What `transaction()` answers: Kysely's builder, or one that joins the transaction under way. */
function joiningBuilder<DB>(trx: Transaction<DB>) {
  const builder = {
    execute: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => fn(trx),
    setIsolationLevel: () => builder,
    setAccessMode: () => builder,
  };
  return builder;
}

/** `db`, with transactions that the statements made through it join while they run (module comment). */
export function withAmbientTransactions<DB>(db: Kysely<DB>): Kysely<DB> {
  const opening = () => {
    const real = db.transaction();
    const wrapped = {
      execute: async <T>(fn: (trx: Transaction<DB>) => Promise<T>) => {
        const committed: Ambient['committed'] = [];
        const result = await real.execute((trx) => {
          const ambient: Ambient = { trx: trx as unknown as Transaction<never>, open: true, committed };
          return current.run(ambient, () => fn(trx)).finally(() => {
            ambient.open = false;
          });
        });
        for (const work of committed) await work();
        return result;
      },
      setIsolationLevel: (level: Parameters<typeof real.setIsolationLevel>[0]) => {
        real.setIsolationLevel(level);
        return wrapped;
      },
      setAccessMode: (mode: Parameters<typeof real.setAccessMode>[0]) => {
        real.setAccessMode(mode);
        return wrapped;
      },
    };
    return wrapped;
  };
  return new Proxy(db, {
    get(target, property) {
      const ambient = current.getStore();
      const handle = (ambient?.open ? ambient.trx : target) as Kysely<DB>;
      if (property === 'transaction') return ambient?.open ? () => joiningBuilder(handle as Transaction<DB>) : opening;
      const value = Reflect.get(handle, property, handle);
      // Kysely's methods read private fields: they run on the real object, never on this proxy
      return typeof value === 'function' ? value.bind(handle) : value;
    },
  });
}
