/**
 * Classifiers and organisations the search filters pick from (SPEC §7): the upstream
 * paths that look them up and the label maps a picker shows for codes that are already
 * in the URL. The client-side sort of SPEC §5 is in `classifierTree.ts`, with the panel.
 */
import type { FetchSpec } from '../contract';
// Types only: the tree and lookup helpers load without the register codec (Market uses them).
import type { ArrayFilter, Register, SearchFilters } from './filters';

/** A classification node as `/api/classifications` answers it. */
export interface ClassificationNode {
  id: string;
  scheme?: string;
  name?: string;
  name_en?: string;
  /** The Ukrainian name again, or the only one where `name` is blank (SPEC §3). */
  description?: string;
  parentId?: string | null;
  selectable?: boolean;
  children?: boolean;
  treeLevel?: number;
}

/** An organisation as the identifier lookups answer it. */
export interface Organisation {
  id: string;
  legalName?: string | null;
}

/** Filters picked from a classifier tree, and the upstream scheme of each. */
export const TREE_FILTERS = {
  classification: 'classification',
  road: 'road',
  gmdn: 'gmdn',
  inn: 'inn',
  ccce_ua: 'ccce_ua',
} as const satisfies Partial<Record<ArrayFilter, string>>;
export type TreeFilter = keyof typeof TREE_FILTERS;

/** Filters picked from an organisation lookup, and the lookup that names them in tenders. */
export const ORGANISATION_FILTERS = {
  organizer: '/api/tender_identifiers',
  fundManager: '/api/tender_identifiers',
  supplier: '/api/contract_suppliers',
} as const satisfies Partial<Record<ArrayFilter, string>>;
export type OrganisationFilter = keyof typeof ORGANISATION_FILTERS;

/** The lookup that names a register's organisations: its own buyers, suppliers of contracts. */
export function organisationLookup(register: Register, filter: OrganisationFilter): string {
  if (filter !== 'organizer') return ORGANISATION_FILTERS[filter];
  return register.name === 'plans' ? '/api/plan_identifiers' : register.name === 'contracts' ? '/api/contract_identifiers' : ORGANISATION_FILTERS.organizer;
}

const encode = (v: string) => encodeURIComponent(v);

/** `/api/classifications` with one of keyword, searchId[] or parentId (none: the top level). */
export function classificationsPath(
  scheme: string,
  by: { keyword?: string; searchId?: readonly string[]; parentId?: string } = {},
): string {
  let q = `scheme=${encode(scheme)}&page=1&perPage=10000`;
  if (by.keyword) q += `&keyword=${encode(by.keyword)}`;
  else if (by.searchId?.length) q += by.searchId.map((id) => `&searchId[]=${encode(id)}`).join('');
  else if (by.parentId) q += `&parentId=${encode(by.parentId)}`;
  return `/api/classifications?${q}`;
}

/** An identifier lookup by keyword or by ids. */
export function organisationsPath(lookup: string, by: { keyword?: string; ids?: readonly string[] }): string {
  const q = by.keyword
    ? `keyword=${encode(by.keyword)}&perPage=50`
    : `${(by.ids ?? []).map((id) => `id[]=${encode(id)}`).join('&')}&perPage=${Math.max(by.ids?.length ?? 0, 1)}`;
  return `${lookup}?${q}`;
}

/** Key under which the server prefetches the labels of a filter's values. */
export const labelKey = (filter: ArrayFilter) => `labels.${filter}`;

/** Seconds the server may reuse a lookup of names: classifiers and legal names rarely change. */
export const LABELS_MAX_AGE = 600;

/** The prefetches that name every picked code of `filters`, so labels survive a reload. */
export function labelFetches(filters: SearchFilters, register: Register): FetchSpec[] {
  const specs: FetchSpec[] = [];
  for (const [filter, scheme] of Object.entries(TREE_FILTERS) as Array<[TreeFilter, string]>) {
    const ids = filters.arrays[filter];
    if (ids?.length) specs.push({ key: labelKey(filter), service: 'search', path: classificationsPath(scheme, { searchId: ids }), maxAge: LABELS_MAX_AGE });
  }
  for (const filter of Object.keys(ORGANISATION_FILTERS) as OrganisationFilter[]) {
    const ids = filters.arrays[filter];
    const path = organisationsPath(organisationLookup(register, filter), { ids });
    if (ids?.length) specs.push({ key: labelKey(filter), service: 'search', path, maxAge: LABELS_MAX_AGE });
  }
  return specs;
}

/**
 * Label of a classification node in a language (SPEC §3): its name, falling back to its
 * description; blank when that is only the id again (the picker then shows the code alone).
 */
export function nodeLabel(node: ClassificationNode, language: string): string {
  const label = ((language === 'en' && node.name_en) || node.name || node.description || '').trim();
  return label === node.id ? '' : label;
}

/** Label of an organisation: its legal name, or its id when the name is absent. */
export function organisationLabel(org: Organisation): string {
  return org.legalName?.trim() || org.id;
}

