#!/usr/bin/env node
// The HTML of every route of `e2e/routes.json`, in each language, as a running portal
// answers it to an anonymous visitor: written to a folder, or compared with an earlier
// folder. A refactoring must leave every page byte-identical apart from what changes by
// itself: asset hashes, the server's clock, anti-forgery tokens, the ports a run
// listens on.
//
//   node scripts/same-html.mjs save DIR [BASE]      # BASE: http://127.0.0.1:8080
//   node scripts/same-html.mjs compare DIR [BASE]   # exits 1 and names each page that differs
//
// The status and the `Location` of each answer are compared too.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const [mode, dir, base = 'http://127.0.0.1:8080'] = process.argv.slice(2);
if (!['save', 'compare'].includes(mode) || !dir) {
  console.error('usage: same-html.mjs save|compare DIR [BASE]');
  process.exit(2);
}

/** What changes between two runs of the same code, replaced by a fixed text. */
export function normalized(html) {
  return html
    .replace(/-[A-Za-z0-9_]{8,}\.(js|css|mjs|woff2|svg|png)/g, '-HASH.$1')
    .replace(/([?&]v=)[A-Za-z0-9_-]+/g, '$1HASH')
    .replace(/"now":\d+/g, '"now":0')
    .replace(/"csrf":"[^"]*"/g, '"csrf":"TOKEN"')
    .replace(/name="_csrf" value="[^"]*"/g, 'name="_csrf" value="TOKEN"')
    .replace(/(sha256-)[A-Za-z0-9+/=]+/g, '$1HASH')
    // The ports a test run listens on (the embedded upstream's links name its port).
    .replace(/(\/\/(?:127\.0\.0\.1|localhost)):\d+/g, '$1:PORT');
}

const routes = JSON.parse(readFileSync(join(ROOT, 'e2e/routes.json'), 'utf8'));
const paths = [...new Set(routes.flatMap((r) => [r.path, r.path === '/' ? '/en' : `/en${r.path}`]))];
const name = (path) => encodeURIComponent(path).replace(/%/g, '_') + '.html';

let differ = 0;
if (mode === 'save') mkdirSync(dir, { recursive: true });
for (const path of paths) {
  const answer = await fetch(base + path, { redirect: 'manual', headers: { 'accept-encoding': 'identity' } });
  const text = `${answer.status} ${answer.headers.get('location') ?? ''}\n${normalized(await answer.text())}`;
  const file = join(dir, name(path));
  if (mode === 'save') {
    writeFileSync(file, text);
    continue;
  }
  const before = existsSync(file) ? normalized(readFileSync(file, 'utf8')) : null;
  if (before !== text) {
    differ++;
    const at = before === null ? 0 : [...text].findIndex((c, i) => c !== before[i]);
    console.log(`differs: ${path}${before === null ? ' (not saved before)' : `, from character ${at}: …${text.slice(Math.max(0, at - 60), at + 60)}…`}`);
  }
}
console.log(`${paths.length} pages ${mode === 'save' ? `saved in ${dir}` : `compared: ${differ} differ`}`);
process.exit(differ ? 1 : 0);
