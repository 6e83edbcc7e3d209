import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, so the server can
 * send them as they are instead of compressing on each request.
 */
function precompress(): Plugin {
  let outDir: string | undefined;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      if (config.build.write) outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const dir = outDir;
      if (!dir) return;
      const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile() && /\.(js|css|html|svg|json)$/.test(f.name))
        .map((f) => path.join(f.parentPath, f.name))
        // Vite's manifest (.vite/) is for tools, never sent to a browser
        .filter((file) => !path.relative(dir, file).startsWith('.vite'));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          const br = brotli(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          });
          const gz = gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION });
          await Promise.all([fs.writeFile(`${file}.br`, await br), fs.writeFile(`${file}.gz`, await gz)]);
        }),
      );
    },
  };
}

// The admin is built into dist/ and served by the API server (src/server/app.ts).
// In development `npm run dev:admin` proxies /api to a server started with `npm run dev:server`.
export default defineConfig({
  plugins: [react(), precompress()],
  root: '.',
  build: {
    outDir: 'dist',
    sourcemap: false,
    // read by scripts/bundle-size.ts, the initial JavaScript budget of `npm test`
    manifest: true,
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      output: {
        // everything index.html needs at start in one chunk: Rolldown would otherwise cut the code that lazy
        // screens share with it into a score of small preloaded chunks, which compress worse together
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: { proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` } },
});
