#!/usr/bin/env node
// Import cycles: the groups of modules that import each other, directly or round about
// (strongly connected components of the import graph), one line each.
//
//   node scripts/cycles.mjs rust server/src   # modules of a crate, by its `crate::` paths
//   node scripts/cycles.mjs web web/src       # files, by their relative imports
//
// Comments and tests are left out. Exits 1 when there is a cycle, 0 when there is none.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const [kind, dir] = process.argv.slice(2);
if (!['rust', 'web'].includes(kind) || !dir) {
  console.error('usage: cycles.mjs rust|web DIR');
  process.exit(2);
}
const root = resolve(dir);

function files(folder, test) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path, test) : test(name) ? [path] : [];
  });
}

const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');

/** Each Rust module (`page`, `session::users`) and the modules of the crate it names. */
function rustGraph() {
  const modules = new Map();
  for (const path of files(root, (n) => n.endsWith('.rs'))) {
    const parts = relative(root, path).replace(/\.rs$/, '').split('/');
    if (['mod', 'lib', 'main'].includes(parts.at(-1))) parts.pop();
    const text = withoutComments(readFileSync(path, 'utf8')).split(/#\[cfg\(test\)\]\s*mod tests/)[0];
    modules.set(parts.join('::'), text);
  }
  const graph = new Map();
  for (const [name, text] of modules) {
    const edges = new Set();
    const named = [...text.matchAll(/crate::((?:[a-z_]+::)*[a-z_]+)/g)].map((m) => m[1]);
    const grouped = [...text.matchAll(/use crate::\{([^}]*)\}/g)].flatMap((m) => m[1].split(',').map((s) => s.trim()));
    for (const path of [...named, ...grouped]) {
      const segments = path.split('::');
      for (let n = segments.length; n > 0; n--) {
        const candidate = segments.slice(0, n).join('::');
        if (modules.has(candidate)) {
          if (candidate !== name) edges.add(candidate);
          break;
        }
      }
    }
    graph.set(name, edges);
  }
  return graph;
}

/** Each web file and the files it imports by a relative path (static, type or dynamic). */
function webGraph() {
  const sources = files(root, (n) => /\.tsx?$/.test(n) && !n.endsWith('.d.ts') && !/\.test\.tsx?$/.test(n));
  const target = (from, spec) => {
    const base = resolve(dirname(from), spec);
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
      (c) => existsSync(c) && statSync(c).isFile() && /\.tsx?$/.test(c),
    );
  };
  const graph = new Map();
  for (const path of sources) {
    const text = withoutComments(readFileSync(path, 'utf8'));
    const specs = [...text.matchAll(/(?:from\s*|import\s*\(?\s*)['"](\.[^'"]+)['"]/g)].map((m) => m[1]);
    const edges = new Set(specs.map((s) => target(path, s)).filter((t) => t && t !== path).map((t) => relative(root, t)));
    graph.set(relative(root, path), edges);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one member. */
function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

const found = cycles(kind === 'rust' ? rustGraph() : webGraph());
for (const group of found) console.log(`${group.length}: ${group.join(', ')}`);
console.log(`${found.length} cycles in ${dir}`);
process.exit(found.length ? 1 : 0);
