/**
 * The table exports of a register's search, written page by page while the server
 * streams the whole result:
 * - CSV: a header (with the UTF-8 byte order mark that spreadsheet programs need to read
 *   Cyrillic) and one RFC 4180 row per search member, comma-separated with decimal
 *   points; or, in the style a spreadsheet set to Ukrainian (or any comma-decimal
 *   locale) opens by a double click, semicolon-separated with decimal commas;
 * - the rows of an Excel workbook, one JSON array of typed cells per line (text,
 *   numbers, Kyiv dates, links), which the server writes as XLSX
 *   (`server/src/sheet.rs`, with rust_xlsxwriter).
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
import { localized } from '../records/parts';
import { localizedPath } from '../lib/paths';
import type { Summary } from '../pages/Search/results';

export type CsvRegister = 'tenders' | 'plans' | 'contracts';

/** A moment (ISO 8601) shown in Kyiv time, with its time of day or as a day. */
interface DateCell {
  date: string;
  time: boolean;
}

/** A link to a record's page. */
interface LinkCell {
  url: string;
}

/** A cell: text, a number, a date, a link, or nothing. */
type Cell = string | number | DateCell | LinkCell | undefined;

/** How a CSV is written: RFC 4180 (`,` and `.`), or for comma-decimal spreadsheets (`;` and `,`). */
export interface CsvStyle {
  separator: ',' | ';';
  decimal: '.' | ',';
}

export const RFC_4180: CsvStyle = { separator: ',', decimal: '.' };
export const SEMICOLON: CsvStyle = { separator: ';', decimal: ',' };

interface RowContext {
  t: TFunction;
  language: Language;
  origin: string;
}

interface Column {
  /** The label's key under `export.<register>`. */
  key: string;
  cell: (r: Summary, context: RowContext) => Cell;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * One CSV field of text or a number: RFC 4180 quoting (a separator of either style, a
 * quote or a line break), formula neutralising for text; finite numbers plain, with the
 * style's decimal mark.
 */
export function csvField(value: string | number | undefined, style: CsvStyle = RFC_4180): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', style.decimal) : '';
  const s = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A cell as CSV text: dates as the page shows them, links as their address. */
const asText = (cell: Cell, language: Language): string | number | undefined =>
  cell === undefined || typeof cell === 'string' || typeof cell === 'number'
    ? cell
    : 'url' in cell
      ? cell.url
      : formatDate(cell.date, language, cell.time) || undefined;

const row = (cells: Array<string | number | undefined>, style: CsvStyle) => `${cells.map((c) => csvField(c, style)).join(style.separator)}\r\n`;

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

/** A date cell of a valid moment. */
const date = (iso: unknown, time: boolean): DateCell | undefined =>
  typeof iso === 'string' && !Number.isNaN(Date.parse(iso)) ? { date: iso, time } : undefined;
/** The region in the file's language, as the card shows it. */
const regionOf = (t: TFunction, region: string | undefined) => region && regionLabel(t, region);
const label = (t: TFunction, group: string, code: unknown) => (str(code) ? enumLabel(t, group, code as string) : undefined);
/** The record's page on the portal (by its human id, as the card links it), absolute. */
const link = (context: RowContext, register: CsvRegister, id: string | undefined): LinkCell | undefined =>
  id ? { url: `${context.origin.replace(/\/+$/, '')}${localizedPath(context.language, `/${register}/${encodeURIComponent(id)}`)}` } : undefined;

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
    { key: 'deadline', cell: (r) => date(obj(r.tenderPeriod)?.endDate, true) },
    { key: 'published', cell: (r) => date(r.dateCreated, true) },
    { key: 'link', cell: (r, context) => link(context, 'tenders', str(r.tenderID) ?? str(r.id)) },
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
    { key: 'tenderStart', cell: (r) => date(obj(obj(r.tender)?.tenderPeriod)?.startDate, false) },
    { key: 'cpv', cell: (r, { language }) => cpv(r, language) },
    { key: 'link', cell: (r, context) => link(context, 'plans', str(r.planID) ?? str(r.id)) },
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
    { key: 'periodStart', cell: (r) => date(obj(r.period)?.startDate, true) },
    { key: 'periodEnd', cell: (r) => date(obj(r.period)?.endDate, true) },
    { key: 'signed', cell: (r) => date(r.dateSigned, false) },
    { key: 'tender', cell: (r) => str(r.tenderID) ?? str(r.tender_id) },
    { key: 'link', cell: (r, context) => link(context, 'contracts', str(r.contractID) ?? str(r.id)) },
  ],
};

/** Several organisations' names or codes in one cell, as the card lists them. */
const joined = (parts: Array<string | undefined>) => parts.filter(Boolean).join('; ') || undefined;

/** The keys of `register`'s header labels (`export.<register>.<key>`), in column order. */
export const csvColumnKeys = (register: CsvRegister): string[] => COLUMNS[register].map((c) => `export.${register}.${c.key}`);

/** The start of a register's CSV: the UTF-8 byte order mark, the header row, CRLF. */
export function csvHeader(register: CsvRegister, t: TFunction, style: CsvStyle = RFC_4180): string {
  return `\uFEFF${row(csvColumnKeys(register).map((key) => t(key)), style)}`;
}

/** Each search member that is a record, with its cells. */
function tableOf(register: CsvRegister, members: unknown[], context: RowContext): Cell[][] {
  const columns = COLUMNS[register];
  return members
    .filter((m): m is Summary => !!m && typeof m === 'object' && !Array.isArray(m))
    .map((r) => columns.map((c) => c.cell(r, context)));
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
  style: CsvStyle = RFC_4180,
): string {
  return tableOf(register, members, { t, language, origin })
    .map((cells) => row(cells.map((c) => asText(c, language)), style))
    .join('');
}

// Made on first use: an Intl object made while the bundle loads would be in the server's
// V8 startup snapshot, which cannot hold one.
let kyivParts: Intl.DateTimeFormat | undefined;

/** A moment's Kyiv wall time: `2026-10-08T01:30`, or the day alone: `2026-10-08`. */
export function kyivWallTime(iso: string, time: boolean): string {
  kyivParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Kyiv',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = kyivParts.formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  return time ? `${day}T${part('hour')}:${part('minute')}` : day;
}

/**
 * A sheet row (`sheetHeader`, `sheetRows`): one JSON array a line, each cell a string,
 * a number, `{"date": "<Kyiv wall time>"}` (a day, or a day and time) or `{"url": …}`;
 * `null` for nothing. The server writes them as a workbook (`server/src/sheet.rs`).
 */
const sheetLine = (cells: Cell[]) =>
  `${JSON.stringify(
    cells.map((c) =>
      c === undefined ? null : typeof c === 'number' ? (Number.isFinite(c) ? c : null) : typeof c === 'string' || 'url' in c ? c : { date: kyivWallTime(c.date, c.time) },
    ),
  )}\n`;

/** The header line of a register's sheet: its translated labels. */
export const sheetHeader = (register: CsvRegister, t: TFunction): string => sheetLine(csvColumnKeys(register).map((key) => t(key)));

/** One sheet line per search member that is a record (as `csvRows`). */
export function sheetRows(register: CsvRegister, members: unknown[], context: { t: TFunction; language: Language; origin: string }): string {
  return tableOf(register, members, context).map(sheetLine).join('');
}
