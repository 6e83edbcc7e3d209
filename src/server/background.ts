// Work done after the answer has gone (mails): the answer's timing says nothing about the work, and a
// slow mail server never holds a request. Failures are logged; drain() waits for what is in flight
// (tests, graceful shutdown).
import type { FastifyBaseLogger } from 'fastify';
import { outsideTransaction } from '@server/db/ambient';

export interface Background {
  run(name: string, task: () => Promise<unknown>): void;
  drain(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      // never inside the transaction of the request that asked for it: that one ends with the answer
      outsideTransaction(() => queue(name, task));
    },
    async drain() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
  function queue(name: string, task: () => Promise<unknown>) {
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .then(
        () => undefined,
        (err: unknown) => log.error({ err }, `${name} failed`),
      )
      .finally(() => pending.delete(job));
    pending.add(job);
  }
}
