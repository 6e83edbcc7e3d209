// Graceful shutdown: on SIGTERM or SIGINT the server stops accepting connections, finishes the requests
// in flight, waits for the work they left in the background (mails), closes the database and exits 0;
// past SHUTDOWN_TIMEOUT_MS it exits 1 whatever is still running.
import type { FastifyInstance } from 'fastify';

/**
 * Lets a closing app end its kept-alive connections: an answer given while closing says
 * `Connection: close`, else the client's connection would stay open after it and hold the close until
 * its keep-alive timeout. Requests that still arrive on an open connection are answered (Fastify's
 * `return503OnClosing: false`): the database closes only after the last of them.
 */
export function registerDraining(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** Closes `app` on SIGTERM or SIGINT, then exits: 0 once closed, 1 on a failure or after `timeoutMs`. */
export function closeOnSignals(app: FastifyInstance, timeoutMs: number): void {
  let started = 0;
  const stop = (signal: NodeJS.Signals) => {
    // a second signal changes nothing (npm passes on a Ctrl-C the shell also sent)
    if (started) return;
    started = Date.now();
    console.log(`Shutting down on ${signal}: no new connections, finishing the requests in flight (at most ${timeoutMs} ms)`);
    setTimeout(() => {
      console.error(`Shutdown still waiting after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): exiting with what is left undone`);
      process.exit(1);
    }, timeoutMs);
    app.close().then(
      () => {
        console.log(`Shut down cleanly in ${Date.now() - started} ms`);
        process.exit(0);
      },
      (err: unknown) => {
        console.error('Shutdown failed:', err);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
}
