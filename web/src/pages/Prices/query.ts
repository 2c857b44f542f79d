/**
 * The filters of a price page (`/prices/{cpv}?unit=H87&region=…&procurementMethodType=…
 * &dateFrom=2026-01-01&dateTo=2026-06-30`) and their one codec, which the page's form, its
 * canonical link, its upstream request (`fetches.server.ts`) and its export
 * (`machine/prices.ts`) share. The form is a plain GET form, so an empty field arrives
 * as `name=`: empty and invalid values are dropped (never sent to the upstream, which
 * would refuse them with a 400), and the normalised query has a fixed order, so equal
 * filters have equal URLs.
 */
import { METHOD_TYPES } from '../../lib/filters';

export interface PriceFilters {
  /** A UN/CEFACT unit code (`H87`). */
  unit?: string;
  /** A region as the records name it (`Київська область`), as the tender search's `region`. */
  region?: string;
  /** Procedure types, sorted, each once. */
  methods: string[];
  /** Kyiv days (`YYYY-MM-DD`) on the observation's date. */
  dateFrom?: string;
  dateTo?: string;
}

const UNIT = /^[A-Z0-9]{1,3}$/;

function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** The values of `name`, sent as `name`, `name[]` or `name[0]`. */
const valuesOf = (query: URLSearchParams, name: string): string[] =>
  [...query].filter(([key]) => key === name || (key.startsWith(`${name}[`) && key.endsWith(']'))).map(([, v]) => v.trim());

const first = (query: URLSearchParams, name: string, valid: (v: string) => boolean): string | undefined =>
  valuesOf(query, name).find((v) => v && valid(v));

export function parsePriceFilters(query: URLSearchParams): PriceFilters {
  const unit = first(query, 'unit', (v) => UNIT.test(v.toUpperCase()))?.toUpperCase();
  return {
    unit,
    region: first(query, 'region', (v) => v.length <= 100),
    methods: [...new Set(valuesOf(query, 'procurementMethodType').filter((v) => (METHOD_TYPES as readonly string[]).includes(v)))].sort(),
    dateFrom: first(query, 'dateFrom', isDay),
    dateTo: first(query, 'dateTo', isDay),
  };
}

/** The normalised query of the filters (no `?`), percent-encoded; `''` without any. */
export function priceQuery(f: PriceFilters): string {
  const parts: Array<[string, string | undefined]> = [
    ['unit', f.unit],
    ['region', f.region],
    ...f.methods.map((m): [string, string] => ['procurementMethodType', m]),
    ['dateFrom', f.dateFrom],
    ['dateTo', f.dateTo],
  ];
  return parts
    .filter((p): p is [string, string] => !!p[1])
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
}

/** Whether any filter is set. */
export const filtered = (f: PriceFilters): boolean => !!(f.unit || f.region || f.methods.length || f.dateFrom || f.dateTo);
