import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup, runnerImport } from 'vite';

/** tsconfig.base.json's path aliases (`@shared/…`, `@server/…`, `@admin/…`), for every build of the admin's code. */
const PATH_ALIASES = ['shared', 'server', 'admin'].map((side) => ({ find: new RegExp(`^@${side}/`), replacement: `${path.resolve(import.meta.dirname, 'src', side)}/` }));

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

/** src/admin/shell/shell.ts as one classic script (an IIFE, no import left), minified. */
async function buildShellScript(root: string): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    resolve: { alias: PATH_ALIASES },
    build: {
      write: false,
      minify: true,
      lib: { entry: path.join(root, 'src/admin/shell/shell.ts'), formats: ['iife'], name: 'appShell', fileName: 'shell' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('app shell: the script was not built');
  return chunk.code;
}

/**
 * What index.html names in `<meta name="app-chunks">`: the chunks the start-up needs (`startup`), which
 * are fetched all at once (by the shell's script when the page came from the HTTP cache, else by main.tsx
 * after the first paint) and evaluated step by step by main.tsx: what the entry imports with import(),
 * and what those import statically, however deep, less what the entry imports statically (which Vite
 * links already); and for each language other than English, the chunks of its first render (its
 * catalogue, and right-to-left styling's).
 */
function startupChunks(bundle: Rollup.OutputBundle, entry: Rollup.OutputChunk): Record<string, string[]> {
  const closure = (start: string[], into = new Set<string>()) => {
    for (const file of start) {
      if (into.has(file)) continue;
      into.add(file);
      const chunk = bundle[file];
      if (chunk?.type === 'chunk') closure(chunk.imports, into);
    }
    return into;
  };
  const linked = closure([entry.fileName]);
  const urls = (files: Iterable<string>) => [...files].filter((file) => !linked.has(file)).map((file) => `/${file}`);
  const dynamicEntry = (source: string) =>
    Object.values(bundle).find((c): c is Rollup.OutputChunk => c.type === 'chunk' && !!c.facadeModuleId?.replace(/\\/g, '/').endsWith(source));
  const language = (...sources: string[]) => urls(closure(sources.map(dynamicEntry).flatMap((chunk) => (chunk ? [chunk.fileName] : []))));
  return {
    startup: urls(closure(entry.dynamicImports)),
    tr: language('src/admin/i18n/tr.ts'),
    ar: language('src/admin/i18n/ar.ts', '@mui/stylis-plugin-rtl/index.mjs', 'stylis/index.js'),
  };
}

/**
 * The start-up shell (src/admin/shell/): what index.html shows from its first paint until React's first
 * render replaces it. Puts the shell's markup in <div id="root"> and its styles in <head>, and loads its
 * script, a classic script in <head> (the page's only one besides the modules), which picks the frame
 * to show before the first paint; names the start-up's chunks for it and main.tsx (startupChunks).
 */
function appShell(): Plugin {
  let root = process.cwd();
  let script: { fileName: string; code: string } | undefined;
  const css = async () =>
    (await fs.readFile(path.join(root, 'src/admin/shell/shell.css'), 'utf8'))
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s*([{};,>])\s*/g, '$1')
      .replace(/:\s+/g, ':')
      .replace(/;}/g, '}')
      .trim();
  // markup.ts reads the admin's catalogues (TypeScript), through Vite's module runner
  const markup = async () =>
    (await runnerImport<typeof import('./src/admin/shell/markup')>(path.join(root, 'src/admin/shell/markup.ts'), { configFile: false, resolve: { alias: PATH_ALIASES } })).module.shellMarkup();
  const shellScript = async () => {
    const code = await buildShellScript(root);
    return { code, fileName: `assets/shell-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js` };
  };
  return {
    name: 'app-shell',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      if (this.meta.watchMode) return;
      script = await shellScript();
      this.emitFile({ type: 'asset', fileName: script.fileName, source: script.code });
    },
    configureServer(server) {
      server.middlewares.use('/@app-shell.js', (_req, res, next) => {
        shellScript().then(({ code }) => {
          res.setHeader('content-type', 'text/javascript');
          res.end(code);
        }, next);
      });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        html = html.replace('<!--app-shell-->', await markup());
        const tags: HtmlTagDescriptor[] = [{ tag: 'style', children: await css(), injectTo: 'head' }];
        // before the script, which reads it
        if (ctx.bundle && ctx.chunk) tags.push({ tag: 'meta', attrs: { name: 'app-chunks', content: JSON.stringify(startupChunks(ctx.bundle, ctx.chunk)) }, injectTo: 'head' });
        tags.push({ tag: 'script', attrs: { src: script ? `/${script.fileName}` : '/@app-shell.js' }, injectTo: 'head' });
        return { html, tags };
      },
    },
  };
}

/** A group of the start-up's chunks: node_modules packages (or the admin's own code), and its boot module. */
const group = (name: string, packages: string | null) => ({
  name,
  test: packages
    ? new RegExp(`[\\\\/]node_modules[\\\\/](${packages})[\\\\/]|[\\\\/]src[\\\\/]admin[\\\\/]boot[\\\\/]${name}\\.`)
    : // the admin's code, but not the entry (main.tsx and what it imports statically)
      (id: string) => /[\\/]src[\\/]/.test(id) && !/[\\/]src[\\/]admin[\\/](main\.tsx|startupChunks\.ts)/.test(id),
});

/**
 * The chunks main.tsx imports step by step at start, in that order: each is evaluated in a task of its
 * own, which ends before the next step starts. A step's chunk holds its packages and whatever they
 * import that an earlier one does not hold (Rolldown's includeDependenciesRecursively).
 */
const STARTUP_GROUPS = [
  // Rolldown's runtime and Vite's helper that preloads what an import() needs: the entry needs them (and
  // must not import the admin's chunk for them)
  { name: 'runtime', test: /rolldown[\\/]runtime|vite[\\/]preload-helper/ },
  group('react', 'react|react-dom|scheduler'),
  group('emotion', '@emotion|stylis|@mui[\\\\/](system|utils|styled-engine|private-theming)|@babel|clsx|prop-types|react-is'),
  // MUI's styling and simple components, then the others (popups, inputs…), in two steps
  group(
    'muicore',
    '@mui[\\\\/]material[\\\\/](styles|utils|internal|colors|transitions|className|zero-styled|DefaultPropsProvider|SvgIcon|ButtonBase|Typography|Paper|Box|Stack|CssBaseline|GlobalStyles|Button|IconButton|CircularProgress|Card|CardContent|CardActionArea|Avatar|Chip|Skeleton|Divider|Toolbar|AppBar|Link)',
  ),
  group('mui', '@mui|@popperjs|react-transition-group'),
  group('router', 'react-router|react-router-dom|@tanstack|query-string|decode-uri-component|split-on-first|filter-obj|zod|@hookform|react-hook-form'),
  group('ra', 'ra-core'),
  group('libraries', '.*'),
  // the rules shared with the server, in two steps (building their zod schemas takes time), then the
  // admin's English catalogue
  { name: 'validation', test: /[\\/]src[\\/]shared[\\/]validation[\\/](messages|common|user)\.|[\\/]src[\\/]admin[\\/]boot[\\/]validation\./ },
  { name: 'shared', test: /[\\/]src[\\/]shared[\\/]|[\\/]src[\\/]admin[\\/]boot[\\/]shared\./ },
  { name: 'i18n', test: /[\\/]src[\\/]admin[\\/]i18n[\\/]|[\\/]src[\\/]admin[\\/]boot[\\/]i18n\./ },
  group('admin', null),
];

// The admin is built into dist/ and served by the API server (src/server/app.ts).
// In development `npm run dev:admin` proxies /api to a server started with `npm run dev:server`.
export default defineConfig({
  plugins: [react(), appShell(), precompress()],
  root: '.',
  resolve: {
    // emotion inserts a component's styles as it renders (src/admin/emotionInsertion.ts says why)
    alias: [
      { find: /^@emotion\/use-insertion-effect-with-fallbacks$/, replacement: path.resolve(import.meta.dirname, 'src/admin/emotionInsertion.ts') },
      // node-polyglot's polyfills of what every supported browser has (src/admin/shims/ says why)
      { find: /^object\.entries$/, replacement: path.resolve(import.meta.dirname, 'src/admin/shims/objectEntries.cjs') },
      { find: /^hasown$/, replacement: path.resolve(import.meta.dirname, 'src/admin/shims/hasOwn.cjs') },
      ...PATH_ALIASES,
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // read by scripts/bundle-size.ts, the initial JavaScript budget of `npm test`
    manifest: true,
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      // App.tsx is an entry too, so that what it needs at start is tagged `$initial` below: main.tsx only
      // imports it with import(), after the libraries
      input: { index: 'index.html', app: 'src/admin/App.tsx' },
      output: {
        // what the start-up needs, in four chunks evaluated one after the other (main.tsx): React, MUI
        // and emotion, the other libraries, the admin's own code. Rolldown would otherwise cut the code
        // that lazy screens share with it into a score of small preloaded chunks, which compress worse.
        codeSplitting: {
          groups: STARTUP_GROUPS.map((group, i) => ({ ...group, tags: ['$initial' as const], priority: STARTUP_GROUPS.length - i })),
        },
      },
    },
  },
  server: { proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` } },
});
