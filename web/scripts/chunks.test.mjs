import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SPLIT_NAMESPACE, chunkGraph, sourcePath } from './chunks.mjs';
import { BUDGET, firstLoad } from './budget.mjs';

// A client build in the shape esbuild's metafile gives it: the entry imports a shared
// chunk statically and two pages dynamically; the pages share a chunk of their own.
const out = (entryPoint, imports) => ({ entryPoint, imports, inputs: {} });
const metafile = {
  inputs: {
    'src/entry-client.tsx': { imports: [{ path: 'src/pages/A/A.tsx', kind: 'dynamic-import' }] },
    'src/pages/B/route.ts': { imports: [{ path: 'src/pages/B/B.tsx', kind: 'dynamic-import' }] },
    'src/later.ts': { imports: [{ path: 'node_modules/web-vitals/index.js', kind: 'dynamic-import' }] },
  },
  outputs: {
    'dist/entry.js': out('src/entry-client.tsx', [
      { path: 'dist/react.js', kind: 'import-statement' },
      { path: 'dist/a.js', kind: 'dynamic-import' },
    ]),
    'dist/react.js': out(undefined, [{ path: 'dist/runtime.js', kind: 'import-statement' }]),
    'dist/runtime.js': out(undefined, []),
    'dist/a.js': out('src/pages/A/A.tsx', [
      { path: 'dist/react.js', kind: 'import-statement' },
      { path: 'dist/shared.js', kind: 'import-statement' },
    ]),
    'dist/b.js': out('src/pages/B/B.tsx', [{ path: 'dist/shared.js', kind: 'import-statement' }]),
    'dist/shared.js': out(undefined, []),
    'dist/vitals.js': out('node_modules/web-vitals/index.js', []),
  },
};

describe('chunkGraph', () => {
  it("follows static imports only, and gives each split page the files beyond the entry's", () => {
    const graph = chunkGraph(metafile, 'src/entry-client.tsx');
    expect(graph.entryPath).toBe('dist/entry.js');
    expect([...graph.entry]).toEqual(['dist/entry.js', 'dist/react.js', 'dist/runtime.js']);
    expect(graph.chunks.get('src/pages/A/A.tsx')).toEqual(['dist/a.js', 'dist/shared.js']);
    expect(graph.chunks.get('src/pages/B/B.tsx')).toEqual(['dist/b.js', 'dist/shared.js']);
  });
});

describe('sourcePath', () => {
  it("names a page reached through the build's wrapper by its source path", () => {
    expect(sourcePath(`${SPLIT_NAMESPACE}:${join(process.cwd(), 'src/pages/A/A.tsx')}`)).toBe('src/pages/A/A.tsx');
    expect(sourcePath('src/pages/A/A.tsx')).toBe('src/pages/A/A.tsx');
  });
});

describe('firstLoad', () => {
  it('adds each page chunk to the entry and leaves out what loads after hydration', () => {
    const sizes = { 'dist/entry.js': 60_000, 'dist/react.js': 40_000, 'dist/runtime.js': 500, 'dist/a.js': 9_000, 'dist/b.js': 700, 'dist/shared.js': 300 };
    const rows = firstLoad(metafile, (p) => sizes[p]);
    expect(rows.map((r) => [r.page, r.total])).toEqual([
      ['entry (src/entry-client.tsx)', 100_500],
      ['src/pages/A/A.tsx', 109_800],
      ['src/pages/B/B.tsx', 101_500],
    ]);
    expect(rows.filter((r) => r.total > BUDGET)).toEqual([]);
    sizes['dist/shared.js'] = 600;
    expect(firstLoad(metafile, (p) => sizes[p]).filter((r) => r.total > BUDGET).map((r) => r.page)).toEqual(['src/pages/A/A.tsx']);
  });
});
