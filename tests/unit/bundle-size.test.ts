// The initial JavaScript budget's arithmetic (scripts/bundle-size.ts) on a made-up build: what the entry
// imports statically, however deep, is initial; what only import() reaches is lazy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleReport, formatBundleReport } from '../../scripts/bundle-size';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-size-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const files = {
  'assets/index.js': 'import "./shared.js";'.repeat(40),
  'assets/shared.js': 'import "./deep.js"; export const shared = 1;',
  'assets/deep.js': 'export const deep = 2;',
  'assets/Screen.js': 'import "./shared.js"; export const Screen = 3;'.repeat(20),
};
fs.mkdirSync(path.join(dist, 'assets'));
fs.mkdirSync(path.join(dist, '.vite'));
for (const [file, code] of Object.entries(files)) fs.writeFileSync(path.join(dist, file), code);
fs.writeFileSync(
  path.join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/Screen.tsx'] },
    '_shared.js': { file: 'assets/shared.js', name: 'shared', imports: ['_deep.js'] },
    '_deep.js': { file: 'assets/deep.js', name: 'deep' },
    'src/Screen.tsx': { file: 'assets/Screen.js', src: 'src/Screen.tsx', isDynamicEntry: true, imports: ['_shared.js'] },
  }),
);
const gz = (file: keyof typeof files) => gzipSync(files[file], { level: 9 }).length;

describe('bundle size budget', () => {
  it('counts the entry and its static imports, recursively, as initial', () => {
    const report = bundleReport(dist);
    const load = Object.fromEntries(report.chunks.map((c) => [c.name, c.initial]));
    expect(load).toEqual({ 'index.html': true, shared: true, deep: true, 'src/Screen.tsx': false });
    expect(report.initialGzip).toBe(gz('assets/index.js') + gz('assets/shared.js') + gz('assets/deep.js'));
    expect(report.overBudget).toBe(false);
  });

  it('fails a build over its budget and says so', () => {
    const report = bundleReport(dist, 0.01);
    expect(report.overBudget).toBe(true);
    expect(formatBundleReport(report)).toMatch(/initial JavaScript: [\d.]+ KB gzipped \(budget 0\.0 KB\) OVER BUDGET/);
  });
});
