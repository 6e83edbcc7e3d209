// `npm run seed -- --users 100000 --posts 5000 …`: adds demo data to the configured database (DATA_DIR /
// DATABASE_URL), after migrating it and making sure roles, permissions and the first Admin exist.
// Unspecified counts take DEFAULT_SEED's values; running it again adds more rows.
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/index';
import { migrateToLatest } from '@server/db/migrate';
import { seedUploads } from '@server/uploads/seedImages';
import { bootstrap } from './bootstrap';
import { DEFAULT_SEED, type SeedOptions, seedDemo } from './demo';

const KEYS = Object.keys(DEFAULT_SEED) as (keyof SeedOptions)[];
const flagOf = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`); // subAdmins -> sub-admins

function parseOptions(args: string[]): SeedOptions {
  const { values } = parseArgs({ args, options: Object.fromEntries(KEYS.map((k) => [flagOf(k), { type: 'string' }])) });
  const options = { ...DEFAULT_SEED };
  for (const key of KEYS) {
    const raw = values[flagOf(key)];
    if (raw === undefined) continue;
    const n = Number(raw);
    if (typeof raw !== 'string' || !Number.isInteger(n) || n < 0)
      throw new Error(`--${flagOf(key)} needs a whole number ≥ 0`);
    options[key] = n;
  }
  return options;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const config = loadConfig();
  const started = performance.now();
  const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database);
    await bootstrap(database.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      scryptN: config.passwordScryptN,
    });
    // pictures go where the server reads them: DATA_DIR/uploads, or the S3 store when S3_BUCKET is set
    await seedUploads(config, (uploadsDir) =>
      seedDemo(database.db, {
        options,
        demoPassword: config.demoPassword,
        scryptN: config.passwordScryptN,
        uploadsDir,
        log: (msg) => console.log(`[${elapsed()} s] ${msg}`),
      }),
    );
    console.log(`Seeded the ${database.dialect} database in ${elapsed()} s`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`Seeding failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
