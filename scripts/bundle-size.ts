// The admin's JavaScript size budget. Reads Vite's manifest (dist/.vite/manifest.json) and counts as
// "initial" what index.html loads before anything renders: the entry chunk and its static imports,
// followed recursively (Vite modulepreloads them). Chunks reached only through import() are "lazy".
// Sizes are gzip at level 9, the level of the .gz files the build writes beside each file.
//
//   node --import tsx scripts/bundle-size.ts [distDir]   prints the table; exit 1 over budget
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

/** Initial JavaScript allowed, in KB (1 KB = 1024 bytes) gzipped. */
export const INITIAL_BUDGET_KB = 340;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface ChunkSize {
  file: string;
  name: string;
  raw: number;
  gzip: number;
  initial: boolean;
}

export interface BundleReport {
  chunks: ChunkSize[];
  initialGzip: number;
  budget: number;
  overBudget: boolean;
}

/** Sizes of every JavaScript chunk of a built admin, initial ones first, biggest first. */
export function bundleReport(distDir = 'dist', budgetKB = INITIAL_BUDGET_KB): BundleReport {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} not found: build with build.manifest = true`);
  const manifest: Record<string, ManifestChunk> = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

  const initialKeys = new Set<string>();
  const visit = (key: string) => {
    if (initialKeys.has(key)) return;
    initialKeys.add(key);
    manifest[key].imports?.forEach(visit);
  };
  Object.keys(manifest).filter((key) => manifest[key].isEntry).forEach(visit);

  const chunks = Object.entries(manifest)
    .filter(([, chunk]) => chunk.file.endsWith('.js'))
    .map(([key, chunk]): ChunkSize => {
      const bytes = fs.readFileSync(path.join(distDir, chunk.file));
      return {
        file: chunk.file,
        name: chunk.src ?? chunk.name ?? key,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length,
        initial: initialKeys.has(key),
      };
    })
    .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);
  const initialGzip = chunks.filter((c) => c.initial).reduce((sum, c) => sum + c.gzip, 0);
  const budget = budgetKB * 1024;
  return { chunks, initialGzip, budget, overBudget: initialGzip > budget };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The report as a text table: one line per chunk, then the initial total against the budget. */
export function formatBundleReport({ chunks, initialGzip, budget, overBudget }: BundleReport): string {
  const rows = [
    ['chunk', 'raw KB', 'gzip KB', 'load'],
    ...chunks.map((c) => [c.name, kb(c.raw), kb(c.gzip), c.initial ? 'initial' : 'lazy']),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 || i === 3 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const lazyGzip = chunks.filter((c) => !c.initial).reduce((sum, c) => sum + c.gzip, 0);
  return [
    ...rows.map(line),
    '',
    `initial JavaScript: ${kb(initialGzip)} KB gzipped (budget ${kb(budget)} KB)${overBudget ? ' OVER BUDGET' : ''}`,
    `lazy JavaScript: ${kb(lazyGzip)} KB gzipped in ${chunks.filter((c) => !c.initial).length} chunks`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const report = bundleReport(process.argv[2] ?? 'dist');
  console.log(formatBundleReport(report));
  if (report.overBudget) {
    console.error(`✗ the admin's initial JavaScript is over its ${kb(report.budget)} KB gzip budget`);
    process.exit(1);
  }
}
