// `npm run audit:verify`: walks the audit trail of the configured database (DATA_DIR's SQLite, or
// DATABASE_URL) and checks its hash chain (src/server/modules/audit/chain.ts). Prints how many entries
// were checked, where the chain breaks (an entry edited, or one before it removed, behind the server's
// back) and the newest entry's hash: keep that line somewhere else, it shows a removal of the newest
// entries later. Exits 0 when the chain holds, 1 where it breaks, 2 when the database cannot be read.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/index';
import { verifyChain } from '@server/modules/audit/chain';

const config = loadConfig();
if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'backoffice.sqlite'))) {
  console.error(`No database at ${path.join(config.dataDir, 'backoffice.sqlite')} (DATA_DIR=${config.dataDir}).`);
  process.exit(2);
}
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const report = await verifyChain(database.db);
  console.log(`Checked ${report.checked} entries of the audit trail (${report.unchained} written before the chain began).`);
  if (report.head) console.log(`Newest entry: #${report.head.id} ${report.head.hash}`);
  if (!report.breaks.length) {
    console.log('The chain holds: no entry was altered or removed.');
  } else {
    for (const b of report.breaks) console.log(`BROKEN at entry #${b.id}: ${b.reason}`);
    console.log(`The chain breaks at ${report.breaks.length === 20 ? 'at least ' : ''}${report.breaks.length} place(s).`);
    process.exitCode = 1;
  }
} catch (err) {
  console.error(`The audit trail could not be read: ${(err as Error).message}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
