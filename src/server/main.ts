// `npm start`: read config, open the database, migrate, seed demo data into an empty database, listen.
import path from 'node:path';
import { buildApp } from './app';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from './config';
import { closeOnSignals } from '@server/ops/shutdown';
import { replicaWarnings, startupTurn } from '@server/replicas/startup';
import { startReplicaSync } from '@server/replicas/sync';
import { isEmptyOfData } from '@server/seed/bootstrap';
import { DEFAULT_SEED, seedDemo } from '@server/seed/demo';
import { seedUploads } from '@server/uploads/seedImages';

const config = loadConfig();
// servers started together on one PostgreSQL migrate, bootstrap and seed one after the other
const turn = await startupTurn(config.databaseUrl);
const { app, ctx, database } = await buildApp(config);
for (const warning of replicaWarnings(config)) app.log.warn(warning);
// the writes of the other servers on this PostgreSQL reach this one's caches at once
const replicas = await startReplicaSync(database, { databaseUrl: config.databaseUrl, tokens: ctx.tokens, log: app.log, live: ctx.live });
app.addHook('onClose', () => replicas.close());

if (config.seedDemo && (await isEmptyOfData(ctx.db))) {
  app.log.info('Empty database: seeding demo data (SEED_DEMO=0 to skip)…');
  await seedUploads(config, (uploadsDir) =>
    seedDemo(ctx.db, {
      options: DEFAULT_SEED,
      demoPassword: config.demoPassword,
      scryptN: config.passwordScryptN,
      uploadsDir,
      log: (msg) => app.log.info(msg),
    }),
  );
}
await turn.release();

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const adminPassword = process.env.ADMIN_PASSWORD ? '(your ADMIN_PASSWORD)' : DEFAULT_ADMIN_PASSWORD;
const demo = config.seedDemo
  ? `\n  Demo accounts, password ${config.demoPassword}: subadmin@example.com (Sub-Admin), pending@example.com (pending Sub-Admin)`
  : '';
console.log(
  `\n  Travel back-office is ready: open http://${shown}:${config.port}/\n` +
    `  Sign in as ${config.adminEmail} with password ${adminPassword}${demo}\n` +
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'backoffice.sqlite')}` +
    `, mail: ${config.smtpUrl ? 'SMTP_URL' : path.join(config.dataDir, 'outbox')}` +
    `, images: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : path.join(config.dataDir, 'uploads')}\n` +
    `  API docs: http://${shown}:${config.port}/api/docs\n`,
);

closeOnSignals(app, config.shutdownTimeoutMs);
