/**
 * The CSV export of a register's search: a header (with the UTF-8 byte order mark that
 * spreadsheet programs need to read Cyrillic) and one RFC 4180 row per search member,
 * written page by page while the server streams the whole result.
 *
 * The columns are what the search page's cards show (`pages/Search/results.tsx`), in
 * the page's language and with the same labels, dates (Kyiv time) and names, plus the
 * record's ids and the absolute link to its page. Amounts are plain numbers beside a
 * currency column, so that a spreadsheet can sum them. A text that a spreadsheet would
 * run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading `'`.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../contract';
import { formatDate } from '../lib/dates';
import { enumLabel, regionLabel } from '../lib/enums';
import { localized } from '../lib/ocds';
import { localizedPath } from '../lib/paths';
import type { Summary } from '../pages/Search/results';

export type CsvRegister = 'tenders' | 'plans' | 'contracts';

/** A cell: text (quoted when needed, formulas neutralised) or a number (written as it is). */
type Cell = string | number | undefined;

interface RowContext {
  t: TFunction;
  language: Language;
  origin: string;
}

interface Column {
  /** The label's key under `export.<register>`. */
  key: string;
  cell: (r: Summary, ctx: RowContext) => Cell;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field of a row: RFC 4180 quoting, formula neutralising for text; finite numbers plain. */
export function csvField(value: Cell): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const s = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const row = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

// ---------------------------------------------------------------------------------------
// Readers of a search member (parsed JSON: any field may be missing or null)
// ---------------------------------------------------------------------------------------

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const amount = (v: { amount?: unknown } | undefined): number | undefined =>
  typeof v?.amount === 'number' && Number.isFinite(v.amount) ? v.amount : undefined;
/** A currency beside an amount only. */
const currency = (v: { amount?: unknown; currency?: unknown } | undefined): string | undefined =>
  amount(v) === undefined ? undefined : str(v?.currency);
const obj = <T,>(v: T | null | undefined): T | undefined => (v && typeof v === 'object' ? v : undefined);
const objs = <T,>(v: T[] | null | undefined): T[] => (Array.isArray(v) ? v.filter((x) => x && typeof x === 'object') : []);

type Org = Summary['procuringEntity'];

/** An organisation's name as the card shows it: the language's name, else the legal name. */
const orgName = (org: Org, language: Language) => {
  const o = obj(org);
  return (o && localized(o, 'name', language)) || str(obj(o?.identifier)?.legalName);
};
const orgCode = (org: Org) => str(obj(obj(org)?.identifier)?.id)?.trim();

/** `code description` of the record's classification, else its first item's: the card's CPV line. */
function cpv(r: Summary, language: Language): string | undefined {
  const own = obj(r.classification);
  const c = str(own?.id) ? own : objs(r.items).map((i) => obj(i.classification)).find((x) => str(x?.id));
  return c && str(c.id) ? `${c.id} ${localized(c, 'description', language)}`.trim() : undefined;
}

const date = (iso: unknown, language: Language, withTime: boolean) =>
  (typeof iso === 'string' && formatDate(iso, language, withTime)) || undefined;
/** The region in the file's language, as the card shows it. */
const regionOf = (t: TFunction, region: string | undefined) => region && regionLabel(t, region);
const label = (t: TFunction, group: string, code: unknown) => (str(code) ? enumLabel(t, group, code as string) : undefined);
/** The record's page on the portal (by its human id, as the card links it), absolute. */
const link = (ctx: RowContext, register: CsvRegister, id: string | undefined) =>
  id && `${ctx.origin.replace(/\/+$/, '')}${localizedPath(ctx.language, `/${register}/${encodeURIComponent(id)}`)}`;

// ---------------------------------------------------------------------------------------
// Columns of each register, in the order of the card
// ---------------------------------------------------------------------------------------

const COLUMNS: Record<CsvRegister, Column[]> = {
  tenders: [
    { key: 'tenderID', cell: (r) => str(r.tenderID) },
    { key: 'id', cell: (r) => str(r.id) },
    { key: 'title', cell: (r, { language }) => localized(r, 'title', language) || undefined },
    { key: 'status', cell: (r, { t }) => label(t, 'tenderStatus', r.status) },
    { key: 'method', cell: (r, { t }) => label(t, 'procurementMethodType', r.procurementMethodType) },
    { key: 'organizer', cell: (r, { language }) => orgName(r.procuringEntity, language) },
    { key: 'organizerCode', cell: (r) => orgCode(r.procuringEntity) },
    { key: 'amount', cell: (r) => amount(obj(r.value)) },
    { key: 'currency', cell: (r) => currency(obj(r.value)) },
    { key: 'cpv', cell: (r, { language }) => cpv(r, language) },
    { key: 'region', cell: (r, { t }) => regionOf(t, str(obj(obj(r.procuringEntity)?.address)?.region)) },
    { key: 'published', cell: (r, { language }) => date(r.dateCreated, language, true) },
    { key: 'link', cell: (r, ctx) => link(ctx, 'tenders', str(r.tenderID) ?? str(r.id)) },
  ],
  plans: [
    { key: 'planID', cell: (r) => str(r.planID) },
    { key: 'id', cell: (r) => str(r.id) },
    { key: 'title', cell: (r, { language }) => localized(r, 'title', language) || str(obj(r.budget)?.description) },
    { key: 'status', cell: (r, { t }) => label(t, 'planStatus', r.status) },
    { key: 'buyer', cell: (r, { language }) => orgName(r.procuringEntity, language) },
    { key: 'buyerCode', cell: (r) => orgCode(r.procuringEntity) },
    { key: 'amount', cell: (r) => amount(obj(r.budget)) },
    { key: 'currency', cell: (r) => currency(obj(r.budget)) },
    { key: 'method', cell: (r, { t }) => label(t, 'procurementMethodType', obj(r.tender)?.procurementMethodType) },
    { key: 'tenderStart', cell: (r, { language }) => date(obj(obj(r.tender)?.tenderPeriod)?.startDate, language, false) },
    { key: 'cpv', cell: (r, { language }) => cpv(r, language) },
    { key: 'link', cell: (r, ctx) => link(ctx, 'plans', str(r.planID) ?? str(r.id)) },
  ],
  contracts: [
    { key: 'contractID', cell: (r) => str(r.contractID) },
    { key: 'id', cell: (r) => str(r.id) },
    { key: 'contractNumber', cell: (r) => str(r.contractNumber) },
    { key: 'title', cell: (r, { language }) => localized(r, 'title', language) || undefined },
    { key: 'status', cell: (r, { t }) => label(t, 'contractStatus', r.status) },
    { key: 'buyer', cell: (r, { language }) => orgName(r.buyer ?? r.procuringEntity, language) },
    { key: 'buyerCode', cell: (r) => orgCode(r.buyer ?? r.procuringEntity) },
    { key: 'supplier', cell: (r, { language }) => joined(objs(r.suppliers).map((s) => orgName(s, language))) },
    { key: 'supplierCode', cell: (r) => joined(objs(r.suppliers).map(orgCode)) },
    { key: 'amount', cell: (r) => amount(obj(r.value)) },
    { key: 'currency', cell: (r) => currency(obj(r.value)) },
    { key: 'periodStart', cell: (r, { language }) => date(obj(r.period)?.startDate, language, true) },
    { key: 'periodEnd', cell: (r, { language }) => date(obj(r.period)?.endDate, language, true) },
    { key: 'signed', cell: (r, { language }) => date(r.dateSigned, language, false) },
    { key: 'tender', cell: (r) => str(r.tenderID) ?? str(r.tender_id) },
    { key: 'link', cell: (r, ctx) => link(ctx, 'contracts', str(r.contractID) ?? str(r.id)) },
  ],
};

/** Several organisations' names or codes in one cell, as the card lists them. */
const joined = (parts: Array<string | undefined>) => parts.filter(Boolean).join('; ') || undefined;

/** The keys of `register`'s header labels (`export.<register>.<key>`), in column order. */
export const csvColumnKeys = (register: CsvRegister): string[] => COLUMNS[register].map((c) => `export.${register}.${c.key}`);

/** The start of a register's CSV: the UTF-8 byte order mark, the header row, CRLF. */
export function csvHeader(register: CsvRegister, t: TFunction): string {
  return `\uFEFF${row(csvColumnKeys(register).map((key) => t(key)))}`;
}

/**
 * One row per search member of `register` (CRLF after each), in `language`; links are
 * `origin` plus the record's page path in that language. Members that are not objects
 * are skipped.
 */
export function csvRows(
  register: CsvRegister,
  members: unknown[],
  { t, language, origin }: { t: TFunction; language: Language; origin: string },
): string {
  const ctx: RowContext = { t, language, origin };
  const columns = COLUMNS[register];
  let out = '';
  for (const m of members) {
    if (!m || typeof m !== 'object' || Array.isArray(m)) continue;
    const r = m as Summary;
    out += row(columns.map((c) => c.cell(r, ctx)));
  }
  return out;
}
