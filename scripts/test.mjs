#!/usr/bin/env node
// `npm test`: type check, lint, build the admin and hold it to its initial JavaScript budget
// (scripts/bundle-size.ts), then every vitest project (unit, API on SQLite and on PostgreSQL when
// TEST_DATABASE_URL is set, browser tests in Chromium). Ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const run = (title, cmd, args) => {
  console.log(`\n▶ ${title}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return res.status === 0;
};

const steps = [
  ['list the declared resources', 'node', ['--import', 'tsx', 'scripts/registry.ts']],
  ['generate the migrations of the declared tables', 'node', ['--import', 'tsx', 'scripts/declared-migrations.ts']],
  ['type check: the admin, in the browser', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.browser.json']],
  ['type check: the server, in Node', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.node.json']],
  ['type check: tests, scripts, build configuration', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', 'src', 'tests', 'scripts']],
  ['build the admin', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['initial JavaScript budget', 'node', ['--import', 'tsx', 'scripts/bundle-size.ts', 'dist']],
];
let checksFailed = 0;
for (const [title, cmd, args] of steps) {
  if (!run(title, cmd, args)) {
    checksFailed++;
    console.error(`✗ ${title} failed`);
    if (title === 'build the admin') break;
  }
}

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitest-')), 'report.json');
const projectArgs = process.argv.slice(2);
const vitestOk = run('tests (vitest: unit, api, e2e)', 'npx', [
  'vitest',
  'run',
  ...projectArgs,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);

let passed = 0;
let failed = checksFailed;
let skipped = 0;
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  // a file that failed to load has no failed tests but a failed suite
  failed += r.numFailedTests || (r.numFailedTestSuites ?? 0);
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} else if (!vitestOk) {
  failed++;
}
if (!process.env.TEST_DATABASE_URL)
  console.log('\n(note: TEST_DATABASE_URL not set: the API suite ran on SQLite only)');
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && vitestOk && passed > 0 ? 0 : 1);
