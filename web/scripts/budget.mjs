// Checks the first-load JavaScript of every page against its budget (110,000 bytes
// brotli) and prints it per page. A page's first load is what the browser runs before it
// hydrates: the entry script and every chunk it imports statically (the document head
// preloads them), plus, for a page split into its own chunk, that chunk and the chunks it
// imports statically beyond the entry's. Sizes are those of the `.br` files build.mjs
// writes (quality 11), which are what the server sends. Reads dist/client/meta.json (the
// client build's esbuild metafile): run after `node build.mjs`. Exits 1 over budget.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chunkGraph } from './chunks.mjs';

export const BUDGET = 110_000;
export const ENTRY_POINT = 'src/entry-client.tsx';

/**
 * First-load bytes from a metafile: the entry's row, then one row a split page (a module
 * under src/pages/ imported dynamically; other dynamic imports, such as the web-vitals
 * chunk, load after hydration). `size(path)` answers an output's compressed bytes.
 */
export function firstLoad(metafile, size) {
  const { entry, chunks } = chunkGraph(metafile, ENTRY_POINT);
  const sum = (paths) => paths.reduce((n, p) => n + size(p), 0);
  const base = sum([...entry]);
  const rows = [{ page: `entry (${ENTRY_POINT})`, own: 0, total: base }];
  for (const [source, files] of [...chunks].sort(([a], [b]) => a.localeCompare(b))) {
    if (!source.startsWith('src/pages/')) continue;
    const own = sum(files);
    rows.push({ page: source, own, total: base + own });
  }
  return rows;
}

function main() {
  const metaPath = fileURLToPath(new URL('../dist/client/meta.json', import.meta.url));
  if (!existsSync(metaPath)) {
    console.error('budget: dist/client/meta.json is missing: run `node build.mjs` first');
    process.exit(2);
  }
  const metafile = JSON.parse(readFileSync(metaPath, 'utf8'));
  // Output paths in the metafile are relative to web/ (`dist/client/assets/…`).
  const size = (path) => readFileSync(fileURLToPath(new URL(`../${path}.br`, import.meta.url))).length;
  const rows = firstLoad(metafile, size);
  const width = Math.max(...rows.map((r) => r.page.length));
  const bytes = (n) => n.toLocaleString('en-GB').padStart(9);
  console.log(`${'first-load JS, brotli bytes'.padEnd(width)}  ${'own'.padStart(9)}  ${'total'.padStart(9)}`);
  for (const r of rows) {
    console.log(`${r.page.padEnd(width)}  ${r.own ? bytes(r.own) : ''.padStart(9)}  ${bytes(r.total)}${r.total > BUDGET ? '  over' : ''}`);
  }
  const over = rows.filter((r) => r.total > BUDGET);
  if (over.length) {
    console.error(`budget: ${over.length} page(s) over ${BUDGET.toLocaleString('en-GB')} bytes of first-load JavaScript`);
    process.exit(1);
  }
  console.log(`budget: every page within ${BUDGET.toLocaleString('en-GB')} bytes`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
