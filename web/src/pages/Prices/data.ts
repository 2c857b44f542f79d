/**
 * What a price page reads of its answers: the prices, their groups that can be shown
 * (`pricesOf`), and the classifier's entries of its code, its parent and its children
 * (`fetches.server.ts`), named in the page's language. Shared by the page and its head
 * (`meta.ts`).
 */
import type { Language } from '../../contract';
import { dataOf, type DataSource } from '../../lib/data';
import { membersOf } from '../../records/collection';
import type { BuyerPrices, PriceGroup, PriceObservation, Prices } from '../../records/prices';

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const objects = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v.filter(isObject) as T[]) : []);

/** The figures a group must have to be shown: a count and its five numbers and fences. */
const FIGURES = ['count', 'min', 'q1', 'median', 'q3', 'max', 'lowerFence', 'upperFence'] as const;

/** A price page's answer with its readable groups (none when it is not one). */
export function pricesOf(body: unknown): Prices | null {
  if (!isObject(body) || typeof body.cpv !== 'string') return null;
  const groups = objects<PriceGroup>(body.groups)
    .filter((g) => FIGURES.every((k) => finite(g[k])) && typeof g.currency === 'string' && isObject(g.unit))
    .map((g) => ({
      ...g,
      outliersHigh: finite(g.outliersHigh) ? g.outliersHigh : 0,
      outliersLow: finite(g.outliersLow) ? g.outliersLow : 0,
      outliersMarked: g.outliersMarked !== false,
      valueAddedTaxIncluded: typeof g.valueAddedTaxIncluded === 'boolean' ? g.valueAddedTaxIncluded : null,
      recent: objects<PriceObservation>(g.recent),
      highest: objects<BuyerPrices>(g.highest).filter((b) => finite(b.median) && finite(b.count)),
      lowest: objects<BuyerPrices>(g.lowest).filter((b) => finite(b.median) && finite(b.count)),
    }));
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return {
    cpv: body.cpv,
    prefix: typeof body.prefix === 'string' ? body.prefix : '',
    total: finite(body.total) ? body.total : 0,
    groups,
    name: text(body.name),
    name_en: text(body.name_en),
  };
}

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

/**
 * The classifier's entry of the code with these eight digits, if it knows it; else the
 * name the price answer gives (`answer`), so that a failed classifier request still names it.
 */
export function codeNode(from: DataSource, digits: string, answer?: Prices | null): CpvNode | undefined {
  const node = nodesOf(from, 'code').find((n) => n.id.startsWith(digits));
  return node ?? (answer?.name ? { id: answer.cpv, name: answer.name, name_en: answer.name_en } : undefined);
}

/** A code's name in the page's language (the classifier's English one under /en), else ''. */
export function nodeName(node: CpvNode | undefined, language: Language): string {
  if (!node) return '';
  const name = (language === 'en' && node.name_en) || node.name || node.description || '';
  return name === node.id ? '' : name.trim();
}

/** `33140000-3 Медичні матеріали`, or the code alone. */
export const nodeLabel = (node: CpvNode | undefined, fallback: string, language: Language): string =>
  `${node?.id ?? fallback} ${nodeName(node, language)}`.trim();
