// Start-up of a server that may share its PostgreSQL with others (README "Deployment").
import pg from 'pg';
import type { Config } from '@server/config';
import { isPostgresUrl } from '@server/db/index';

/** An arbitrary, fixed advisory lock key: "the servers of this database are starting". */
const STARTUP_LOCK = 7_318_504_226;

/**
 * Servers started together on one PostgreSQL take turns through their start-up: the migrations have
 * their own lock, but making the plain resources' tables, the bootstrap (first Admin) and the demo seed
 * of an empty database must not run twice at once. A session advisory lock on a connection of its own:
 * a server that dies while holding it frees it with its connection. SQLite: nothing to wait for.
 */
export async function startupTurn(databaseUrl: string | undefined): Promise<{ release(): Promise<void> }> {
  if (!isPostgresUrl(databaseUrl)) return { release: async () => undefined };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
  return {
    async release() {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** What is set wrong for running several servers, said at start. */
export function replicaWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (isPostgresUrl(config.databaseUrl) && !config.jwtSecret) {
    warnings.push(
      `JWT_SECRET is not set: access tokens are signed with a secret generated into ${config.dataDir}, which only this ` +
        'server has. Every server on this PostgreSQL must be given the same JWT_SECRET, or each refuses the tokens of the others.',
    );
  }
  return warnings;
}
