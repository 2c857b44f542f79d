/**
 * The requirement filters of a category's or a profile's products, built from the
 * requirement definitions of the profiles (`criteria → requirementGroups → requirements`).
 * Profiles of one category share their requirements' titles (the upstream matches a
 * filter by title, case-insensitively), so definitions are merged by title: the text
 * values any profile expects, the exact numbers any expects and the widest range, the
 * unit. Sorted by title, as the codec sorts the filters.
 */
import type { Profile, Requirement, Unit } from '../lib/market';

export interface RequirementFilter {
  /** The Ukrainian title: what products' responses name and what the filter sends. */
  title: string;
  title_en?: string;
  kind: 'text' | 'number' | 'boolean';
  /** Text: the values profiles expect, sorted. */
  values: string[];
  /** Number: the exact values profiles expect, ascending. */
  expected: number[];
  /** Number: the lowest minimum and highest maximum profiles state (hints for the range). */
  min?: number;
  max?: number;
  unit?: Unit;
}

const kindOf = (r: Requirement): RequirementFilter['kind'] | null =>
  r.dataType === 'string' ? 'text' : r.dataType === 'number' || r.dataType === 'integer' ? 'number' : r.dataType === 'boolean' ? 'boolean' : null;

/** Every requirement of the profiles, in order (a profile may be a failed or odd answer). */
export function requirementsOf(profiles: readonly Profile[]): Requirement[] {
  const out: Requirement[] = [];
  for (const p of profiles) {
    for (const c of Array.isArray(p?.criteria) ? p.criteria : []) {
      for (const g of Array.isArray(c?.requirementGroups) ? c.requirementGroups : []) {
        for (const r of Array.isArray(g?.requirements) ? g.requirements : []) {
          if (r && typeof r.title === 'string' && r.title.trim()) out.push(r);
        }
      }
    }
  }
  return out;
}

/** Definitions by lower-cased title (the first of each), for cards: English titles, units. */
export function requirementIndex(profiles: readonly Profile[]): Map<string, Requirement> {
  const index = new Map<string, Requirement>();
  for (const r of requirementsOf(profiles)) if (!index.has(r.title.toLowerCase())) index.set(r.title.toLowerCase(), r);
  return index;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The filters the profiles' requirements make, one per title and kind, sorted by title. */
export function requirementFilters(profiles: readonly Profile[]): RequirementFilter[] {
  const merged = new Map<string, RequirementFilter>();
  for (const r of requirementsOf(profiles)) {
    const kind = kindOf(r);
    if (!kind) continue;
    const title = r.title.trim();
    const key = `${kind}|${title}`;
    let f = merged.get(key);
    if (!f) merged.set(key, (f = { title, title_en: r.title_en, kind, values: [], expected: [], unit: r.unit }));
    if (kind === 'text') {
      for (const v of Array.isArray(r.expectedValues) ? r.expectedValues : []) {
        if (typeof v === 'string' && v.trim() && !f.values.includes(v.trim())) f.values.push(v.trim());
      }
    } else if (kind === 'number') {
      if (finite(r.expectedValue) && !f.expected.includes(r.expectedValue)) f.expected.push(r.expectedValue);
      if (finite(r.minValue)) f.min = Math.min(f.min ?? r.minValue, r.minValue);
      if (finite(r.maxValue)) f.max = Math.max(f.max ?? r.maxValue, r.maxValue);
      f.unit ??= r.unit;
    }
  }
  const list = [...merged.values()];
  for (const f of list) {
    f.values.sort(byText);
    f.expected.sort((a, b) => a - b);
  }
  return list.sort((a, b) => byText(a.title, b.title));
}

