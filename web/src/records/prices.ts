/**
 * What others paid per unit (issue 47): the shapes of the upstream's price answers
 * (`upstream/API.md`, *Unit prices*) and the few readers the pages share. A unit price is
 * an award's value divided by its one item's quantity (or a contract item's stated
 * `unit.value`), kept apart by CPV code, UN/CEFACT unit code, currency and VAT flag: the
 * upstream groups them so and computes the figures (median, quartiles, Tukey fences); the
 * portal shows them and never recomputes them. Any field may be missing or of another type
 * (parsed JSON): a reader leaves out what it cannot read rather than show a wrong figure.
 */
import type { Unit } from './parts';

/** A buyer or a supplier as an observation names it. */
export interface PriceParty {
  id?: string;
  name?: string;
}

/** `high` or `low`: beyond its group's upper or lower fence. */
export type Outlier = 'high' | 'low' | null;

/** One unit price (`GET /api/prices/{cpv}`'s `recent`, `/awards`' `data`). */
export interface PriceObservation {
  tenderID?: string;
  tender?: string;
  awardId?: string;
  lotId?: string;
  date?: string;
  cpv?: string;
  description?: string;
  unit?: Unit;
  quantity?: number;
  total?: number;
  /** The unit price. */
  amount?: number;
  currency?: string;
  valueAddedTaxIncluded?: boolean | null;
  basis?: 'divided' | 'stated';
  buyer?: PriceParty;
  supplier?: PriceParty;
  region?: string;
  procurementMethodType?: string;
  outlier?: Outlier;
}

/** A buyer among those who paid the most or the least in a group. */
export interface BuyerPrices {
  buyer?: PriceParty;
  median: number;
  max?: number;
  count: number;
}

/** The prices of one unit, currency and VAT flag under a code. */
export interface PriceGroup {
  unit: Unit;
  currency: string;
  valueAddedTaxIncluded: boolean | null;
  count: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  lowerFence: number;
  upperFence: number;
  outliersHigh: number;
  outliersLow: number;
  /** False in a group too small for its fences to mark outliers (the upstream's rule); absent: marked. */
  outliersMarked?: boolean;
  recent: PriceObservation[];
  highest: BuyerPrices[];
  lowest: BuyerPrices[];
}

/** `GET /api/prices/{cpv}`. */
export interface Prices {
  /** The code with its check digit (`33140000-3`). */
  cpv: string;
  /** Its significant digits (`3314`): what the page covers. */
  prefix: string;
  total: number;
  groups: PriceGroup[];
  /** The code's name in the classifier, when the upstream knows it. */
  name?: string;
  name_en?: string;
}

/** One item of a record beside others' prices (`GET /api/prices/{tenders,plans,products}/{id}`). */
export interface RecordPrice {
  itemId?: string;
  cpv?: string;
  /** The code the others were found under: the item's, or a parent level of it. */
  prefix: string;
  unit: Unit;
  currency: string;
  valueAddedTaxIncluded?: boolean | null;
  count: number;
  median: number;
  /** The record's own price per unit, when it has one. */
  own?: number | null;
  /** How many of the others are below and above `own`. */
  position?: { below: number; above: number } | null;
  outlier?: Outlier;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * One entry of a record page's price answer when it can be shown: others' median and
 * count, the code they were found under, a unit and a currency; else null.
 */
export function recordPriceOf(entry: unknown): RecordPrice | null {
  if (!isObject(entry)) return null;
  const p = entry as unknown as RecordPrice;
  const shown = finite(p.median) && finite(p.count) && p.count > 0 && typeof p.prefix === 'string' && /^\d{2,8}$/.test(p.prefix) && isObject(p.unit) && typeof p.currency === 'string';
  return shown ? p : null;
}

/** The eight digits of a price page's code: a prefix's trailing digits are zeros (`3314` → `33140000`). */
export const cpvDigits = (prefix: string): string => prefix.slice(0, 8).padEnd(8, '0');

/**
 * The anchor of a group on its code's page: the unit code, the currency and the VAT flag
 * (`H87-UAH-vat`, `-novat`, `-unknown`), which a record page's line links to.
 */
export const groupAnchor = (g: { unit?: Unit; currency?: string; valueAddedTaxIncluded?: boolean | null }): string =>
  `${g.unit?.code ?? ''}-${g.currency ?? ''}-${g.valueAddedTaxIncluded === true ? 'vat' : g.valueAddedTaxIncluded === false ? 'novat' : 'unknown'}`;

/**
 * The price page of a code or prefix (`/prices/33140000`), filtered to one unit and opened
 * at its group when `of` names one: what a record page's line links to.
 */
export function pricesPath(prefix: string, of?: Pick<RecordPrice, 'unit' | 'currency' | 'valueAddedTaxIncluded'>): string {
  const path = `/prices/${cpvDigits(prefix)}`;
  const unit = of?.unit?.code;
  return unit ? `${path}?unit=${encodeURIComponent(unit)}#${groupAnchor(of)}` : path;
}

/**
 * The decimals a statistic of prices is shown with: two (kopecks), more for an amount
 * below one so that two significant digits show (`0,0425`, `0,00033`), up to eight.
 */
export function statDigits(amount: number): number {
  const size = Math.abs(amount);
  if (!(size > 0) || size >= 1) return 2;
  return Math.min(8, Math.max(2, Math.ceil(-Math.log10(size)) + 1));
}
