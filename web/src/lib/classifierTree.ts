/**
 * What the picker's panel (`components/Picker/PickerPanel.tsx`, a chunk of its own) does
 * with the classifier tree in the browser: the client-side sort of SPEC §5 and the walk
 * up to a node's parents. Apart from `classifiers.ts` so that it stays out of the search
 * page's first load.
 */
import type { ClassificationNode } from './classifiers';

/** The numeric part of a CPV code before the hyphen (`03110000-5` → 3110000). */
function cpvNumber(id: string): number {
  const n = Number.parseInt(id.split('-')[0] ?? '', 10);
  return Number.isNaN(n) ? Number.POSITIVE_INFINITY : n;
}

// Made on first use: an Intl object at module level cannot go into the V8 startup snapshot.
let collator: Intl.Collator | undefined;
const byId = { compare: (a: string, b: string) => (collator ??= new Intl.Collator('uk', { numeric: true })).compare(a, b) };

/** SPEC §5: results are sorted on the client; CPV by the numeric part before the hyphen. */
export function sortClassifications<T extends { id: string }>(scheme: string, nodes: readonly T[]): T[] {
  const sorted = [...nodes];
  if (scheme === 'classification') {
    sorted.sort((a, b) => cpvNumber(a.id) - cpvNumber(b.id) || byId.compare(a.id, b.id));
  } else {
    sorted.sort((a, b) => byId.compare(a.id, b.id));
  }
  return sorted;
}

/**
 * The chain of ancestors of a node, root first, read by following `parentId` with
 * `searchId[]` lookups (`lookup` answers one node by id).
 */
export async function ancestorsOf(
  node: ClassificationNode,
  lookup: (id: string) => Promise<ClassificationNode | undefined>,
): Promise<ClassificationNode[]> {
  const chain: ClassificationNode[] = [];
  const seen = new Set<string>([node.id]);
  let parentId = node.parentId;
  while (parentId && !seen.has(parentId) && chain.length < 16) {
    seen.add(parentId);
    const parent = await lookup(parentId);
    if (!parent) break;
    chain.unshift(parent);
    parentId = parent.parentId;
  }
  return chain;
}
