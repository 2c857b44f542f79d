// Builds the code-split client bundle with content-hashed names (writing
// dist/client/manifest.json), then the server bundle (one IIFE script for the V8
// isolates), which learns from the client build which files each split page's chunk is
// made of, so that a page's head can preload them.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { generateContent } from './scripts/content.mjs';
import { SPLIT_NAMESPACE, chunkGraph, sourcePath } from './scripts/chunks.mjs';

const production = process.env.NODE_ENV !== 'development';
const define = { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') };
rmSync('dist', { recursive: true, force: true });
// The info pages' Markdown (../content/info) becomes src/pages/Info/content.gen.ts and its chunks first.
generateContent();

const ENTRY = 'src/entry-client.tsx';
const ROUTE_TABLE = resolve('src/routes/index.tsx');

/**
 * Has every module of src/ imported dynamically (the split pages) reached through a
 * module of namespace `split-page` that re-exports it, with `extra(path)` before: what
 * each build adds to the pages (below).
 */
const splitPages = (name, extra) => ({
  name,
  setup(bundle) {
    bundle.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData === 'resolving') return undefined;
      const { importer, resolveDir, kind } = args;
      const found = await bundle.resolve(args.path, { importer, resolveDir, kind, pluginData: 'resolving' });
      if (found.errors.length) return { errors: found.errors };
      // Packages loaded after hydration (web-vitals) are left as they are.
      if (found.path.split(sep).includes('node_modules')) return { path: found.path };
      // Named relative to web/, as the wrapper's imports: no absolute path of the checkout
      // reaches the output, whose content hashes (so names and sizes) are then the same
      // on every machine.
      return { path: relative(process.cwd(), found.path).split(sep).join('/'), namespace: SPLIT_NAMESPACE };
    });
    bundle.onLoad({ filter: /.*/, namespace: SPLIT_NAMESPACE }, (args) => {
      const module = JSON.stringify(`./${basename(args.path)}`);
      return {
        contents: `${extra(args.path)}\nexport * from ${module};\nexport { default } from ${module};\n`,
        resolveDir: resolve(dirname(args.path)),
        loader: 'js',
      };
    });
  },
});

/**
 * In the client, every split page imports the route table, which the entry imports too.
 * esbuild puts the code the entry shares with the pages in one chunk per set of pages
 * that share it (the search route's filters with the search page, the tender route's
 * paths with the record pages, the router with all but the info pages…): seven files in
 * every page's first load. Reaching the route table, every page reaches all of that
 * code, so it is one chunk, which compresses better: about 1.1 KB brotli less on every
 * page (measured). Nothing runs twice: the entry has run the route table before any
 * page loads.
 */
const pagesShareTheEntry = splitPages('pages-share-the-entry', (path) => `import ${JSON.stringify(relative(dirname(path), ROUTE_TABLE).split(sep).join('/'))};`);

/**
 * In the browser's build, a module imported as `./x.server` (a file `x.server.ts`) is
 * replaced by one whose exports are all undefined: code that only the server runs (a
 * route's `fetches`, behind `__SERVER__`) and what it imports stay out of the browser's
 * bundle. esbuild places a module in every chunk that can reach it, used or not, so the
 * import itself has to go. The exports are read from the file: `export const name` and
 * `export { a, b as c } from`.
 */
const serverOnly = {
  name: 'server-only',
  setup(bundle) {
    bundle.onResolve({ filter: /\.server$/ }, (args) => ({ path: resolve(args.resolveDir, `${args.path}.ts`), namespace: 'server-only' }));
    bundle.onLoad({ filter: /.*/, namespace: 'server-only' }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const names = [...source.matchAll(/export\s+(?:const|function)\s+(\w+)/g)].map((m) => m[1]);
      for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
        names.push(...m[1].split(',').map((n) => n.trim().split(/\s+as\s+/).pop()).filter(Boolean));
      }
      return { contents: names.map((n) => `export const ${n} = undefined;`).join('\n'), loader: 'js' };
    });
  },
};

const client = await build({
  entryPoints: [ENTRY],
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  // ES2022 (Chrome 94, Safari 15.4, Firefox 93; 2021-22): `??=` and class fields are
  // written as they are, not lowered, which the first loads needed (60-85 bytes a page).
  target: 'es2022',
  minify: production,
  define: { ...define, __SERVER__: 'false' },
  legalComments: 'none',
  // Ukrainian text as UTF-8, not `\uXXXX` escapes: smaller after brotli (an info page's
  // text by a tenth). Browsers decode module scripts as UTF-8 whatever the headers say.
  charset: 'utf8',
  outdir: 'dist/client/assets',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  loader: { '.svg': 'file', '.png': 'file', '.pdf': 'file' },
  plugins: [pagesShareTheEntry, serverOnly],
  metafile: true,
  logLevel: 'warning',
});

// The manifest names the entry script, its stylesheet and the chunks it imports
// statically (preloaded by the server's document shell).
const outputs = client.metafile.outputs;
const graph = chunkGraph(client.metafile, ENTRY);
const rel = (p) => `assets/${basename(p)}`;
// The boot script (`src/boot/boot.ts`) goes in whole: the server writes it inline at the
// end of every page and allows it by its hash.
const boot = await build({
  entryPoints: ['src/boot/boot.ts'],
  bundle: true,
  write: false,
  minify: true,
  // The file is a module for the type checker (\`export {}\`) and a classic script in the
  // page: esm output with nothing exported is the bare expression, without a wrapper.
  format: 'esm',
  target: 'es2017',
  logLevel: 'warning',
});
const manifest = {
  entry: rel(graph.entryPath),
  css: outputs[graph.entryPath].cssBundle ? [rel(outputs[graph.entryPath].cssBundle)] : [],
  preload: [...graph.entry].filter((p) => p !== graph.entryPath).map(rel),
  boot: boot.outputFiles[0].text.trim(),
};
mkdirSync('dist/client', { recursive: true });
writeFileSync('dist/client/manifest.json', JSON.stringify(manifest, null, 2));
// What every chunk holds and imports: scripts/budget.mjs reads it (first-load size per page).
writeFileSync('dist/client/meta.json', JSON.stringify(client.metafile));
// Static files (agreement PDFs) sit beside the assets; `robots.txt` is the server's (`server/src/machine.rs`).
cpSync('public', 'dist/client', { recursive: true });

/**
 * In the server bundle, every split page exports one more name, `preload`: the client's
 * files of its chunk beyond the entry's (`PageChunk.preload`), which the page's head
 * preloads. Without them the browser would ask for a page's chunk only once the entry
 * has run.
 */
const pagePreloads = splitPages('page-preloads', (path) => {
  const files = graph.chunks.get(sourcePath(path));
  if (!files) throw new Error(`${sourcePath(path)} is imported dynamically but the client build made no chunk of it`);
  return `export const preload = ${JSON.stringify(files.map(rel))};`;
});

await build({
  entryPoints: ['src/entry-server.tsx'],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: production,
  define: { ...define, __SERVER__: 'true' },
  legalComments: 'none',
  outfile: 'dist/server/entry-server.js',
  plugins: [pagePreloads],
  logLevel: 'warning',
});

// V8's explicit compile hint (Chrome 136 on): a file that begins with this comment is
// compiled whole while it streams in, off the main thread. Without it V8 compiles each
// function on its first call, on the main thread: the entry's React DOM alone was 120-190
// ms of one task at Lighthouse's 4 × slowdown, against 55-110 with the hint (the tender
// page, traced). Only the large files a page runs as it loads: a small file gains little,
// and the comment costs every file some 20 bytes of the first load.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const HINTED_FROM = 32 * 1024;
for (const path of new Set([...graph.entry, ...[...graph.chunks.values()].flat()])) {
  if (!path.endsWith('.js')) continue;
  const text = readFileSync(path, 'utf8');
  if (text.length >= HINTED_FROM && !text.startsWith(COMPILE_HINT)) writeFileSync(path, COMPILE_HINT + text);
}

// Scripts and styles are compressed once here, at the highest levels, and served
// as they are (the server picks .br or .gz by Accept-Encoding).
for (const name of readdirSync('dist/client/assets')) {
  if (!/\.(js|css)$/.test(name)) continue;
  const path = join('dist/client/assets', name);
  const raw = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
}

console.log('web build:', JSON.stringify({ ...manifest, boot: `${manifest.boot.length} bytes` }));
