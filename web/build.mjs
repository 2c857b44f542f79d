// Builds the server bundle (one IIFE script for the V8 isolates) and the code-split
// client bundle with content-hashed names, then writes dist/client/manifest.json.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { generateContent } from './scripts/content.mjs';

const production = process.env.NODE_ENV !== 'development';
const define = { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') };
rmSync('dist', { recursive: true, force: true });
// The info pages' Markdown (../content/info) becomes src/pages/Info/content.gen.ts first.
generateContent();

await build({
  entryPoints: ['src/entry-server.tsx'],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: production,
  define,
  legalComments: 'none',
  outfile: 'dist/server/entry-server.js',
  logLevel: 'warning',
});

const client = await build({
  entryPoints: ['src/entry-client.tsx'],
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  minify: production,
  define,
  legalComments: 'none',
  outdir: 'dist/client/assets',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  loader: { '.svg': 'file', '.png': 'file', '.pdf': 'file' },
  metafile: true,
  logLevel: 'warning',
});

// The manifest names the entry script, its stylesheet and the chunks it imports
// statically (preloaded by the server's document shell).
const outputs = client.metafile.outputs;
const [entryPath, entry] = Object.entries(outputs).find(([, o]) => o.entryPoint === 'src/entry-client.tsx');
const rel = (p) => `assets/${basename(p)}`;
const manifest = {
  entry: rel(entryPath),
  css: entry.cssBundle ? [rel(entry.cssBundle)] : [],
  preload: entry.imports.filter((i) => i.kind === 'import-statement').map((i) => rel(i.path)),
};
mkdirSync('dist/client', { recursive: true });
writeFileSync('dist/client/manifest.json', JSON.stringify(manifest, null, 2));
// Static files (agreement PDFs, robots.txt) sit beside the assets.
cpSync('public', 'dist/client', { recursive: true });

// Scripts and styles are compressed once here, at the highest levels, and served
// as they are (the server picks .br or .gz by Accept-Encoding).
for (const name of readdirSync('dist/client/assets')) {
  if (!/\.(js|css)$/.test(name)) continue;
  const path = join('dist/client/assets', name);
  const raw = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
}

console.log('web build:', JSON.stringify(manifest));
