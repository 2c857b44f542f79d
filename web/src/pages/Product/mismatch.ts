/**
 * Whether a product's characteristics satisfy its profile's requirements (SPEC §3: the
 * product characteristic mismatch logging flag). Suppliers declare their products'
 * characteristics themselves and some break the profile they offer under (the upstream
 * makes about 8 % do); the catalogue's owners want to know, the visitor is never told.
 * Pure: the page runs it after hydration and reports what it finds (`Product.tsx`).
 */
import type { Criterion, Product, Profile, Requirement, RequirementResponse } from '../../lib/market';

/** What the page reports to `/__mismatch` (a JSON body of at most `MAX_REPORT_BYTES`). */
export interface MismatchReport {
  productId: string;
  profileId: string;
  /** Titles of the requirements the product fails (one with no response fails). */
  requirements: string[];
}

/** The `/__mismatch` endpoint takes bodies up to 4 KB. */
export const MAX_REPORT_BYTES = 4096;

/** Titles and text values are matched as the search service matches them: case and outer spaces aside. */
const titleKey = (s: unknown) => (typeof s === 'string' || typeof s === 'number' ? String(s) : '').trim().toLocaleLowerCase('uk');

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A response's number (numbers only; a numeric string, as some suppliers send, too). */
function numberOf(v: unknown): number | undefined {
  if (isNumber(v)) return v;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim().replace(',', '.'));
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** Whether `response` (undefined: none) satisfies `requirement`. */
export function satisfies(requirement: Requirement, response: RequirementResponse | undefined): boolean {
  if (!response) return false;
  switch (requirement.dataType) {
    case 'string': {
      const values = Array.isArray(response.values)
        ? response.values
        : typeof response.value === 'string'
          ? [response.value]
          : null;
      if (!values || values.some((v) => typeof v !== 'string')) return false;
      // Compared as the search service compares them: case and outer spaces aside.
      const expected = Array.isArray(requirement.expectedValues) ? new Set(requirement.expectedValues.map(titleKey)) : null;
      if (expected && !values.every((v) => expected.has(titleKey(v)))) return false;
      const min = isNumber(requirement.expectedMinItems) ? requirement.expectedMinItems : 0;
      const max = isNumber(requirement.expectedMaxItems) ? requirement.expectedMaxItems : Infinity;
      return values.length >= min && values.length <= max;
    }
    case 'number':
    case 'integer': {
      const value = numberOf(response.value);
      if (value === undefined || (requirement.dataType === 'integer' && !Number.isInteger(value))) return false;
      const expected = numberOf(requirement.expectedValue);
      const { minValue: min, maxValue: max } = requirement;
      const hasRange = isNumber(min) || isNumber(max);
      // Equal to the expected value, or within [min, max]; a requirement with neither takes any number.
      if (expected === undefined && !hasRange) return true;
      if (expected !== undefined && value === expected) return true;
      return hasRange && (!isNumber(min) || value >= min) && (!isNumber(max) || value <= max);
    }
    case 'boolean':
      return typeof response.value === 'boolean' && (typeof requirement.expectedValue !== 'boolean' || response.value === requirement.expectedValue);
    default:
      // A data type this page does not know: nothing to check it against.
      return true;
  }
}

/** The titles of a group's requirements that the responses fail. */
function failingIn(requirements: Requirement[], responses: Map<string, RequirementResponse>): string[] {
  return requirements.filter((r) => !satisfies(r, responses.get(titleKey(r.title)))).map((r) => r.title);
}

const groupsOf = (criterion: Criterion) =>
  (Array.isArray(criterion?.requirementGroups) ? criterion.requirementGroups : []).map((g) =>
    (Array.isArray(g?.requirements) ? g.requirements : []).filter((r): r is Requirement => !!r && typeof r.title === 'string'),
  );

/**
 * The titles of the profile's requirements the product fails, in the profile's order. A
 * criterion's requirement groups are alternatives (the platform's rule): one group met
 * meets the criterion; when none is, the group closest to met (fewest failures) names them.
 */
export function failingRequirements(product: Pick<Product, 'requirementResponses'>, profile: Pick<Profile, 'criteria'>): string[] {
  const responses = new Map<string, RequirementResponse>();
  for (const r of Array.isArray(product.requirementResponses) ? product.requirementResponses : []) {
    if (r && typeof r.requirement === 'string' && !responses.has(titleKey(r.requirement))) responses.set(titleKey(r.requirement), r);
  }
  const failing: string[] = [];
  for (const criterion of Array.isArray(profile.criteria) ? profile.criteria : []) {
    const groups = groupsOf(criterion).filter((g) => g.length > 0);
    if (!groups.length) continue;
    const misses = groups.map((g) => failingIn(g, responses));
    if (misses.some((m) => m.length === 0)) continue;
    failing.push(...misses.reduce((best, m) => (m.length < best.length ? m : best)));
  }
  return [...new Set(failing)];
}

/** The report of a product that breaks its profile, or null when it satisfies it. */
export function mismatchReport(product: Pick<Product, 'id' | 'requirementResponses'>, profile: Pick<Profile, 'id' | 'criteria'>): MismatchReport | null {
  const requirements = failingRequirements(product, profile);
  return requirements.length ? { productId: product.id, profileId: profile.id, requirements } : null;
}

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/**
 * The report as the beacon's JSON body, within `MAX_REPORT_BYTES`: titles that would not
 * fit are left out (the first failures are the ones kept), and a title longer than the
 * whole allowance is cut.
 */
export function reportBody(report: MismatchReport): string {
  const body = (requirements: string[]) => JSON.stringify({ ...report, requirements });
  const kept: string[] = [];
  for (const title of report.requirements) {
    if (byteLength(body([...kept, title])) <= MAX_REPORT_BYTES) {
      kept.push(title);
      continue;
    }
    if (kept.length === 0) {
      // Even alone it is too long: keep as much of it as fits.
      let cut = title;
      while (cut && byteLength(body([cut])) > MAX_REPORT_BYTES) cut = cut.slice(0, Math.floor(cut.length * 0.9));
      if (cut) kept.push(cut);
    }
    break;
  }
  return body(kept);
}
