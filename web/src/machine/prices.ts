/**
 * The export of one group of a price page (issue 47): every unit price behind it, as
 * CSV (`/prices/33140000.csv?<filters>&unit=H87&currency=UAH&valueAddedTaxIncluded=true`),
 * the same for comma-decimal spreadsheets (`.semicolon.csv`) and as an Excel workbook
 * (`.xlsx`), newest first, from the upstream's `GET /api/prices/{cpv}/awards`, a page of
 * `PRICE_PAGE` rows a step, so the server streams them with flat memory (`csv.ts` writes
 * the cells; the columns are the page's table and what a spreadsheet needs beside it:
 * codes, the value divided, the currency, VAT, how the price was found, the outlier mark
 * and the tender's address). A group is one unit, currency and VAT flag: its query names
 * all three (the page's links do), and without them there is no document.
 */
import type { FetchSpec } from '../contract';
import { enumLabel, regionLabel } from '../lib/enums';
import { EXTENSIONS, type ExportFormat } from '../lib/machineUrls';
import { localizedPath } from '../lib/paths';
import { unitName } from '../records/parts';
import type { PriceObservation } from '../records/prices';
import { parsePriceFilters, priceQuery } from '../pages/Prices/query';
import { RFC_4180, SEMICOLON, csvOfTable, sheetOfTable, type Cell, type RowContext } from './csv';
import { exportFilename } from './exports';
import type { Context, MachineDocument, Step } from './types';

/** Rows fetched per step (the upstream's largest page). */
export const PRICE_PAGE = 1000;
/** Pages an export goes through at most: 100,000 prices, more than any code has. */
export const PRICE_PAGES_MAX = 100;

export type PriceExportFormat = Exclude<ExportFormat, 'ocds'>;

const CONTENT_TYPES: Record<PriceExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  semicolon: 'text/csv; charset=utf-8; header=present',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const money = (v: unknown): Cell => (num(v) === undefined ? undefined : { money: v as number });

interface Column {
  key: string;
  cell: (o: PriceObservation, context: RowContext) => Cell;
}

const COLUMNS: Column[] = [
  { key: 'date', cell: (o) => (str(o.date) && !Number.isNaN(Date.parse(o.date as string)) ? { date: o.date as string, time: false } : undefined) },
  { key: 'tenderID', cell: (o) => str(o.tenderID) ?? str(o.tender) },
  { key: 'description', cell: (o) => str(o.description) },
  { key: 'cpv', cell: (o) => str(o.cpv) },
  { key: 'buyer', cell: (o) => str(o.buyer?.name) },
  { key: 'buyerCode', cell: (o) => str(o.buyer?.id) },
  { key: 'supplier', cell: (o) => str(o.supplier?.name) },
  { key: 'supplierCode', cell: (o) => str(o.supplier?.id) },
  { key: 'region', cell: (o, { t }) => (str(o.region) ? regionLabel(t, o.region as string) : undefined) },
  { key: 'method', cell: (o, { t }) => (str(o.procurementMethodType) ? enumLabel(t, 'procurementMethodType', o.procurementMethodType as string) : undefined) },
  { key: 'quantity', cell: (o) => num(o.quantity) },
  { key: 'unit', cell: (o, { t, language }) => unitName(t, o.unit && typeof o.unit === 'object' ? o.unit : undefined, language) || undefined },
  { key: 'unitCode', cell: (o) => str(o.unit?.code) },
  { key: 'total', cell: (o) => money(o.total) },
  { key: 'unitPrice', cell: (o) => money(o.amount) },
  { key: 'currency', cell: (o) => str(o.currency) },
  { key: 'vat', cell: (o, { t }) => (typeof o.valueAddedTaxIncluded === 'boolean' ? t(o.valueAddedTaxIncluded ? 'unitPrice.vatIncluded' : 'unitPrice.vatExcluded') : undefined) },
  { key: 'basis', cell: (o, { t }) => (o.basis === 'divided' || o.basis === 'stated' ? t(`prices.basis.${o.basis}`) : undefined) },
  { key: 'outlier', cell: (o, { t }) => (o.outlier === 'high' || o.outlier === 'low' ? t(`prices.outlier.${o.outlier}`) : undefined) },
  {
    key: 'link',
    cell: (o, { language, origin }) => (str(o.tenderID) ? { url: `${origin}${localizedPath(language, `/tenders/${encodeURIComponent(o.tenderID as string)}`)}` } : undefined),
  },
];

/** The header labels' keys (`export.prices.<key>`), in column order. */
export const priceColumnKeys = (): string[] => COLUMNS.map((c) => `export.prices.${c.key}`);

/** A row per observation that is an object. */
export const priceTable = (rows: unknown[], context: RowContext): Cell[][] =>
  rows
    .filter((o): o is PriceObservation => !!o && typeof o === 'object' && !Array.isArray(o))
    .map((o) => COLUMNS.map((c) => c.cell(o, context)));

interface PriceExportState {
  page: number;
  lastPage: number;
}

/**
 * The group the query names: its unit code, currency and VAT flag (`true`, `false` or
 * `null`, as the upstream spells them), or null when one is missing or malformed.
 */
function groupOf(query: URLSearchParams): string | null {
  const filters = parsePriceFilters(query);
  const currency = query.get('currency')?.trim().toUpperCase() ?? '';
  const vat = query.get('valueAddedTaxIncluded')?.trim() ?? '';
  if (!filters.unit || !/^[A-Z]{3}$/.test(currency) || !['true', 'false', 'null'].includes(vat)) return null;
  return `${priceQuery(filters)}&currency=${currency}&valueAddedTaxIncluded=${vat}`;
}

/**
 * The export at `/prices/<cpv>.<format>`: null (no document, a 404) for what cannot be a
 * code or a query that names no group.
 */
export function priceExport(cpv: string, query: URLSearchParams, format: PriceExportFormat): MachineDocument | null {
  if (!/^\d{8}(-\d)?$/.test(cpv)) return null;
  const group = groupOf(query);
  if (!group) return null;
  const spec = (page: number): FetchSpec => ({
    key: 'prices',
    service: 'search',
    path: `/api/prices/${cpv}/awards?${group}&page=${page}&per_page=${PRICE_PAGE}`,
  });
  const style = format === 'semicolon' ? SEMICOLON : RFC_4180;
  return {
    first: () => ({ status: 200, text: '', next: spec(1), state: { page: 1, lastPage: 1 } satisfies PriceExportState }),
    step: ({ t, language, origin, request }: Context, answer): Step => {
      const state = request.state as PriceExportState;
      const body = (answer && typeof answer === 'object' ? answer : {}) as { data?: unknown; total?: unknown };
      const rows = Array.isArray(body.data) ? body.data : [];
      const firstStep = state.page === 1;
      const total = num(body.total) ?? 0;
      const lastPage = firstStep ? Math.min(Math.max(1, Math.ceil(total / PRICE_PAGE)), PRICE_PAGES_MAX) : state.lastPage;
      const more = state.page < lastPage && rows.length > 0;
      const table = priceTable(rows, { t, language, origin });
      const labels = priceColumnKeys().map((key) => t(key));
      const header = firstStep ? (format === 'xlsx' ? sheetOfTable([labels]) : `\uFEFF${csvOfTable([labels], language, style)}`) : '';
      const text = header + (format === 'xlsx' ? sheetOfTable(table) : csvOfTable(table, language, style));
      const step: Step = { status: 200, text, next: more ? spec(state.page + 1) : null, state: { page: state.page + 1, lastPage } satisfies PriceExportState };
      if (firstStep) {
        Object.assign(step, {
          contentType: CONTENT_TYPES[format],
          filename: exportFilename({ name: `prices-${cpv.slice(0, 8)}` }, group, request.now, EXTENSIONS[format]),
          cacheControl: 'public, max-age=300',
          ...(format === 'xlsx' ? { sheet: t('export.sheets.prices') } : {}),
        });
      }
      return step;
    },
  };
}
