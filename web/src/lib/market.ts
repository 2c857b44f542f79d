/**
 * The Market catalogue (SPEC §2.5, §3): the shapes the search API answers for market
 * classifications, categories, profiles and products (`upstream/API.md`, *Market
 * catalogue*), the addresses of their pages, and their texts in the page's language.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../contract';
import type { SearchMatch } from './keyword';
import { getJson } from './api';
import { perUnit, vatNote } from './price';

export interface Unit {
  code?: string;
  name?: string;
}

export interface Money {
  amount?: number;
  currency?: string;
  valueAddedTaxIncluded?: boolean;
}

export interface CpvClassification {
  id: string;
  scheme?: string;
  description?: string;
  description_en?: string;
}

/** A market classification: a CPV group with the counts of its active catalogue. */
export interface MarketClassification {
  id: string;
  scheme?: string;
  title?: string;
  title_en?: string;
  description?: string;
  description_en?: string;
  status?: string;
  categoriesCount?: number;
  activeCategoriesCount?: number;
  productsCount?: number;
  popularity?: number;
  dateModified?: string;
  /** Only in the answer for one classification. */
  categories?: Array<Pick<Category, 'id' | 'title' | 'title_en' | 'status' | 'classification' | 'productsCount'>>;
}

/** An organisation a Market record names: a category's procuring entity, a product's supplier. */
export interface MarketOrganisation {
  name?: string;
  identifier?: { scheme?: string; id?: string; legalName?: string };
  address?: { streetAddress?: string; locality?: string; region?: string; postalCode?: string; countryName?: string };
  contactPoint?: { name?: string; email?: string; telephone?: string };
  kind?: string;
  scale?: string;
}

export interface Category {
  id: string;
  title?: string;
  title_en?: string;
  description?: string;
  description_en?: string;
  status?: string;
  classification?: CpvClassification;
  unit?: Unit;
  images?: Image[];
  procuringEntity?: MarketOrganisation;
  agreementID?: string;
  marketClassification?: string | { id?: string };
  profilesCount?: number;
  activeProfilesCount?: number;
  productsCount?: number;
  popularity?: number;
  dateCreated?: string;
  dateModified?: string;
}

/** A requirement of a profile (`dataType` says which of the other fields it has). */
export interface Requirement {
  id?: string;
  title: string;
  title_en?: string;
  dataType: 'string' | 'number' | 'integer' | 'boolean';
  unit?: Unit;
  expectedValues?: string[];
  expectedMinItems?: number;
  expectedMaxItems?: number;
  expectedValue?: number | boolean | string;
  minValue?: number;
  maxValue?: number;
}

export interface Criterion {
  id?: string;
  title?: string;
  description?: string;
  requirementGroups?: Array<{ id?: string; description?: string; requirements?: Requirement[] }>;
}

export interface Image {
  url?: string;
  sizes?: string;
  title?: string;
}

export interface Profile {
  id: string;
  title?: string;
  title_en?: string;
  description?: string;
  status?: string;
  classification?: CpvClassification;
  unit?: Unit;
  value?: Money;
  criteria?: Criterion[];
  images?: Image[];
  relatedCategory?: string;
  marketClassification?: string | { id?: string };
  productsCount?: number;
  popularity?: number;
  dateModified?: string;
}

/** A product's answer to one requirement (by its title). */
export interface RequirementResponse {
  requirement: string;
  values?: string[];
  value?: number | boolean | string;
}

export interface Product {
  id: string;
  title?: string;
  title_en?: string;
  description?: string;
  description_en?: string;
  status?: 'active' | 'hidden' | 'inactive' | 'draft' | string;
  classification?: CpvClassification;
  identifier?: { id?: string; scheme?: string };
  brand?: { name?: string };
  product?: { name?: string };
  unit?: Unit;
  requirementResponses?: RequirementResponse[];
  relatedCategory?: string;
  relatedProfiles?: string[];
  marketClassification?: string | { id?: string };
  /** Suppliers' products only (national-catalogue products have neither). */
  value?: Money;
  supplier?: MarketOrganisation;
  images?: Image[];
  popularity?: number;
  dateCreated?: string;
  dateModified?: string;
  /** In a list searched by keyword: what the keyword matched here (`upstream/API.md`; a search service may leave it out). */
  searchMatch?: SearchMatch;
}

/** A text in the page's language: the `_en` field in English when there is one. */
export function localized(language: Language, uk: string | undefined, en: string | undefined): string {
  return (language === 'en' && en) || uk || en || '';
}

/**
 * A unit's name: the catalogue's (Ukrainian) in Ukrainian; in English the name of its code
 * (the tender units', then the catalogue's own: `market.units`), else the catalogue's.
 */
export function unitText(t: TFunction, unit: Unit | undefined, language: Language): string {
  if (!unit) return '';
  const name = unit.name ?? '';
  if (language !== 'en' || !unit.code || !/^\w+$/.test(unit.code)) return name;
  return t(`tender.unit.${unit.code}`, { defaultValue: t(`market.units.${unit.code}`, { defaultValue: name }) }) as string;
}

/**
 * What a price of the catalogue is of, and whether it includes VAT (issue 46, item 10):
 * `з ПДВ за штуку`, `incl. VAT per pair`, as much as the record says (its value's
 * `valueAddedTaxIncluded`, its unit); a product's price is that of one of its units.
 */
export function priceTerms(t: TFunction, record: { value?: Money; unit?: Unit }, language: Language): string {
  return [vatNote(t, record.value?.valueAddedTaxIncluded), perUnit(t, unitText(t, record.unit, language), language)].filter(Boolean).join(' ');
}

/**
 * The address of a catalogue image: the catalogue gives paths on its own host
 * (`/static/images/…`), the search service's; a full web address stays as it is.
 */
export function catalogueImage(url: unknown, searchBase: string): string | undefined {
  if (typeof url !== 'string' || !url || /\s/.test(url)) return undefined;
  if (/^https?:\/\/[^/]/i.test(url)) return url;
  const origin = /^https?:\/\/[^/?#]+/i.exec(searchBase)?.[0];
  return origin && url.startsWith('/') && !url.startsWith('//') ? origin + url : undefined;
}

/**
 * JSON of the search service read by the browser (the profile choice, the classification
 * tree), with a time-out; throws on a failed or refused request.
 */
export function fetchCatalogue<T>(base: string, path: string): Promise<T> {
  return getJson<T>(base, path);
}

const seg = (id: string) => encodeURIComponent(id);

export const marketPath = '/market';
export const classificationPath = (id: string) => `/market/${seg(id)}`;
export const categoryPath = (id: string) => `/market/category/${seg(id)}`;
export const profilePath = (id: string) => `/market/profile/${seg(id)}`;
export const productPath = (id: string) => `/market/products/${seg(id)}`;
export const prozorroProductPath = (id: string) => `/market/prozorro-products/${seg(id)}`;
export const cartPath = '/market/cart';
