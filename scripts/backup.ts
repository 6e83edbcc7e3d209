// `npm run backup [file]`: a consistent copy of the SQLite database, taken with SQLite's online backup
// while the server may be running (WAL: the server keeps reading and writing meanwhile). The copy goes to
// the file named, else BACKUP_FILE, else DATA_DIR/backups/backoffice-<UTC time>.sqlite.
// PostgreSQL is backed up with pg_dump: the script prints the command and exits 2.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '@server/config';

const config = loadConfig();
/** 2024-05-01T10-00-00Z: sorts by time and is a valid file name everywhere. */
const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
const named = process.argv[2] || process.env.BACKUP_FILE || undefined;

if (config.databaseUrl) {
  const file = named ?? `backoffice-${stamp}.dump`;
  console.error(
    'DATABASE_URL is set: PostgreSQL is backed up with its own tools, not by this script. Run:\n\n' +
      `  pg_dump --format=custom --file=${JSON.stringify(file)} "$DATABASE_URL"\n\n` +
      `and restore with: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${JSON.stringify(file)}`,
  );
  process.exit(2);
}

const source = path.join(config.dataDir, 'backoffice.sqlite');
if (!fs.existsSync(source)) {
  console.error(`No database at ${source} (DATA_DIR=${config.dataDir}): nothing to back up.`);
  process.exit(1);
}
const target = path.resolve(named ?? path.join(config.dataDir, 'backups', `backoffice-${stamp}.sqlite`));
if (target === source) {
  console.error(`The backup cannot replace the database itself (${source}).`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(target), { recursive: true });

const database = new SQLite(source, { fileMustExist: true });
try {
  // the server may be writing: wait for its lock instead of failing at once
  database.pragma('busy_timeout = 5000');
  await database.backup(target);
} finally {
  database.close();
}
const bytes = fs.statSync(target).size;
console.log(`${target} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${bytes.toLocaleString('en')} bytes)`);
