// What the browser loads for each part of the client bundle, read from the build's
// esbuild metafile: the entry script with every chunk it imports statically, and for
// each module imported dynamically (a split page) the chunk files it adds to those.
// build.mjs uses it for the module preloads, scripts/budget.mjs for first-load sizes.
import { isAbsolute, relative, sep } from 'node:path';

/** The namespace of the modules through which build.mjs has the client import a split page. */
export const SPLIT_NAMESPACE = 'split-page';

/**
 * A module's source path relative to web/ (`src/pages/Tender/Tender.tsx`), also for a
 * split page reached through build.mjs's wrapper (`split-page:/…/web/src/pages/…`).
 */
export function sourcePath(input) {
  const path = input.startsWith(`${SPLIT_NAMESPACE}:`) ? input.slice(SPLIT_NAMESPACE.length + 1) : input;
  return isAbsolute(path) ? relative(process.cwd(), path).split(sep).join('/') : path;
}

/** `path` and the output files it imports statically, transitively (`path` first). */
export function staticClosure(outputs, path, into = new Set()) {
  if (into.has(path)) return into;
  into.add(path);
  for (const i of outputs[path].imports) if (i.kind === 'import-statement') staticClosure(outputs, i.path, into);
  return into;
}

/**
 * The chunk graph of a client build whose entry point is `entryPoint`: `entryPath` (its
 * output), `entry` (the closure of the entry's static imports, as output paths) and
 * `chunks`, by source path of each module imported dynamically (`src/pages/Tender/Tender.tsx`),
 * the output files its chunk adds to the entry's, its own first.
 */
export function chunkGraph(metafile, entryPoint) {
  const { inputs, outputs } = metafile;
  const entryPath = Object.keys(outputs).find((p) => outputs[p].entryPoint === entryPoint);
  if (!entryPath) throw new Error(`chunks: no output has the entry point ${entryPoint}`);
  const entry = staticClosure(outputs, entryPath);
  const dynamic = new Set(
    Object.values(inputs).flatMap((i) => i.imports.filter((x) => x.kind === 'dynamic-import').map((x) => x.path)),
  );
  const chunks = new Map();
  for (const [path, output] of Object.entries(outputs)) {
    if (!path.endsWith('.js') || !dynamic.has(output.entryPoint)) continue;
    chunks.set(sourcePath(output.entryPoint), [...staticClosure(outputs, path)].filter((p) => !entry.has(p)));
  }
  return { entryPath, entry, chunks };
}
