/**
 * What an organisation's page reads from its answers: the organisation itself (from the
 * newest record that names it), and the aggregations (`/api/aggregate/…`).
 */
import type { Language } from '../../contract';
import { dataOf, type DataSource } from '../../lib/data';
import { formatMoney } from '../../lib/format';
import { list, type Organization } from '../../records/parts';
import { membersOf, totalOf } from '../../records/collection';
import type { Summary } from '../Search/results';

export type Role = 'buyer' | 'supplier';

/** A count and its value sums, one per currency (`/api/aggregate/…`). */
export interface Tally {
  count: number;
  value: Record<string, number>;
}
export interface Group extends Tally {
  key: string;
  name?: string | null;
  /** `by=redFlag`: the documents the indicator could be computed for. */
  checked?: number;
}
export interface Aggregation extends Tally {
  totalGroups: number;
  groups: Group[];
}

/** An organisation as records name it, with the kind a buyer has and the scale a supplier has. */
export type Org = Organization & { kind?: string; scale?: string };

type Record_ = Summary & { awards?: Array<{ status?: string; suppliers?: Org[] }>; datePublished?: string; dateModified?: string };

export const aggregation = (from: DataSource, key: string): Aggregation | null => {
  const a = dataOf<Aggregation>(from, key);
  return a && Array.isArray(a.groups) ? a : null;
};

export const records = (from: DataSource, key: string): Summary[] => membersOf<Summary>(dataOf<unknown>(from, key));
/** The total of the collection answer under `key`; 0 when it is missing or has none. */
export const totalAt = (from: DataSource, key: string): number => totalOf(dataOf<unknown>(from, key)) ?? 0;

const sameId = (org: Org | undefined, id: string) => org?.identifier?.id?.trim() === id;

/**
 * The organisation as the newest record naming it has it: a buyer from a tender's
 * procuring entity, a plan's or a contract's buyer; a supplier from a contract's
 * suppliers or a tender's active awards.
 */
export function organisationOf(from: DataSource, role: Role, id: string): Org | null {
  const found: Array<[date: string, org: Org]> = [];
  const add = (date: string | undefined, org: Org | undefined) => {
    if (org && sameId(org, id)) found.push([date ?? '', org]);
  };
  for (const r of records(from, 'tenders') as Record_[]) {
    if (role === 'buyer') add(r.dateCreated, r.procuringEntity);
    else for (const a of list(r.awards)) if (a.status === 'active') for (const s of list(a.suppliers)) add(r.dateModified, s);
  }
  if (role === 'buyer') for (const r of records(from, 'plans') as Record_[]) add(r.datePublished ?? r.dateModified, r.procuringEntity);
  for (const r of records(from, 'contracts') as Record_[]) {
    if (role === 'buyer') add(r.dateSigned ?? r.dateCreated, r.buyer);
    else for (const s of list(r.suppliers)) add(r.dateSigned ?? r.dateCreated, s);
  }
  found.sort((a, b) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0));
  return found[0]?.[1] ?? null;
}

/** Sums in every currency: `1 234,00 грн; 10,00 USD`; '' when none. */
export const sums = (value: Record<string, number> | undefined, language: Language): string =>
  Object.entries(value ?? {})
    .map(([currency, amount]) => formatMoney(amount, currency, language))
    .join('; ');

/** The group of the documents that raise at least one red flag. */
export const ANY_RED_FLAG = 'any';

/** One red flag of a `by=redFlag` aggregation: the documents that raise it, of those it could be computed for. */
export interface RedFlagShare {
  key: string;
  count: number;
  checked: number;
}
export interface RedFlags {
  /** Every document of the aggregation (`count`): computed for or not. */
  total: number;
  /** The red flags computed for at least one document, in the answer's (code) order. */
  redFlags: RedFlagShare[];
  /** At least one red flag raised, of the documents at least one could be computed for. */
  any: RedFlagShare | null;
}

const share = (g: Group): RedFlagShare | null =>
  Number.isFinite(g.count) && typeof g.checked === 'number' && g.checked > 0 ? { key: g.key, count: g.count, checked: g.checked } : null;

/**
 * A `/api/aggregate/tenders?…&by=redFlag` answer; null when it failed (a search service
 * without red flags answers 400) or names no red flag computed for any document.
 */
export function redFlagsOf(from: DataSource, key: string): RedFlags | null {
  const a = aggregation(from, key);
  if (!a) return null;
  const shares = a.groups.map(share).filter((g): g is RedFlagShare => g !== null);
  const redFlags = shares.filter((g) => /^R\d{3}$/.test(g.key));
  if (redFlags.length === 0) return null;
  return { total: a.count, redFlags, any: shares.find((g) => g.key === ANY_RED_FLAG) ?? null };
}
