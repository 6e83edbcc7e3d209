// `npm start`: read config, open the database, migrate, seed demo data into an empty database, listen.
import path from 'node:path';
import { buildApp } from './app';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from './config';
import { isEmptyOfData } from './seed/bootstrap';
import { DEFAULT_SEED, seedDemo } from './seed/demo';

const config = loadConfig();
const { app, ctx } = await buildApp(config);

if (config.seedDemo && (await isEmptyOfData(ctx.db))) {
  app.log.info('Empty database: seeding demo data (SEED_DEMO=0 to skip)…');
  await seedDemo(ctx.db, {
    options: DEFAULT_SEED,
    demoPassword: config.demoPassword,
    scryptN: config.passwordScryptN,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    log: (msg) => app.log.info(msg),
  });
}

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
    `, mail: ${config.smtpUrl ? 'SMTP_URL' : path.join(config.dataDir, 'outbox')}\n` +
    `  API docs: http://${shown}:${config.port}/api/docs\n`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
