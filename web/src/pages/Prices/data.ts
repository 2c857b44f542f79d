/**
 * What a price page reads of its answers besides the prices: the classifier's entries of
 * its code, its parent and its children (`fetches.server.ts`), named in the page's
 * language. Shared by the page and its head (`meta.ts`).
 */
import type { Language } from '../../contract';
import { dataOf, type DataSource } from '../../lib/data';
import { membersOf } from '../../records/collection';

/** A CPV code as `/api/classifications` has it. */
export interface CpvNode {
  id: string;
  name?: string;
  name_en?: string;
  description?: string;
}

const isNode = (m: unknown): m is CpvNode => !!m && typeof m === 'object' && typeof (m as CpvNode).id === 'string' && /^\d{8}-\d$/.test((m as CpvNode).id);

/** The classifier's entries under `key` (none when the answer failed). */
export const nodesOf = (from: DataSource, key: 'code' | 'parent' | 'children'): CpvNode[] => membersOf<CpvNode>(dataOf<unknown>(from, key), isNode);

/** The classifier's entry of the code with these eight digits, if it knows it. */
export const codeNode = (from: DataSource, digits: string): CpvNode | undefined => nodesOf(from, 'code').find((n) => n.id.startsWith(digits));

/** A code's name in the page's language (the classifier's English one under /en), else ''. */
export function nodeName(node: CpvNode | undefined, language: Language): string {
  if (!node) return '';
  const name = (language === 'en' && node.name_en) || node.name || node.description || '';
  return name === node.id ? '' : name.trim();
}

/** `33140000-3 Медичні матеріали`, or the code alone. */
export const nodeLabel = (node: CpvNode | undefined, fallback: string, language: Language): string =>
  `${node?.id ?? fallback} ${nodeName(node, language)}`.trim();
