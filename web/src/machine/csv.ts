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
 * the page's language and with the same labels, dates (Kyiv time) and names (CPV names
 * in English under `/en`: the classifier's, which the export asks for page by page),
 * plus the record's ids and the absolute link to its page; and what a buyer comparing
 * past purchases needs (issue 46): a tender's quantity and unit, its winner and the
 * award's value, a contract's quantity and unit, and the price of one unit where the
 * record supports one (`records/unitPrice.ts`). Amounts are plain numbers beside a
 * currency column, so that a spreadsheet can sum them (in a workbook, money cells with
 * thousands grouped). A text that a spreadsheet would run as a formula (`=`, `+`, `-`,
 * `@`, tab, CR first) gets a leading `'`.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../contract';
import { formatDate } from '../lib/dates';
import { enumLabel, regionLabel } from '../lib/enums';
import { localized, unitName, type Unit } from '../records/parts';
import { activeAwards, awardItems, contractUnitPrice, tenderUnitPrice, type PricedItem, type UnitPrice } from '../records/unitPrice';
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

/** An amount of money: a number, which a workbook shows with thousands grouped. */
interface MoneyCell {
  money: number;
}

/**
 * A CPV code whose English name the classifier is asked for (`cpvCodes`), until the
 * name is there (`withCpvNames`); `fallback` is the record's own (Ukrainian) name.
 */
interface CpvCell {
  cpv: string;
  fallback: string;
}

/** A cell: text, a number, money, a date, a link, a CPV code waiting for its name, or nothing. */
export type Cell = string | number | MoneyCell | DateCell | LinkCell | CpvCell | undefined;

/** How a CSV is written: RFC 4180 (`,` and `.`), or for comma-decimal spreadsheets (`;` and `,`). */
export interface CsvStyle {
  separator: ',' | ';';
  decimal: '.' | ',';
}

export const RFC_4180: CsvStyle = { separator: ',', decimal: '.' };
export const SEMICOLON: CsvStyle = { separator: ';', decimal: ',' };

export interface RowContext {
  t: TFunction;
  language: Language;
  origin: string;
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

/** A cell as CSV text: money as its number, dates as the page shows them, links as their address. */
const asText = (cell: Cell | null, language: Language): string | number | undefined =>
  cell == null || typeof cell === 'string' || typeof cell === 'number'
    ? (cell ?? undefined)
    : 'money' in cell
      ? cell.money
      : 'url' in cell
        ? cell.url
        : 'cpv' in cell
          ? cpvText(cell.cpv, cell.fallback)
          : formatDate(cell.date, language, cell.time) || undefined;

const row = (cells: Array<string | number | undefined>, style: CsvStyle) => `${cells.map((c) => csvField(c, style)).join(style.separator)}\r\n`;

// ---------------------------------------------------------------------------------------
// Readers of a search member (parsed JSON: any field may be missing or null)
// ---------------------------------------------------------------------------------------

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const amount = (v: { amount?: unknown } | undefined): number | undefined =>
  typeof v?.amount === 'number' && Number.isFinite(v.amount) ? v.amount : undefined;
/** A money cell of a number. */
const money = (n: number | undefined): MoneyCell | undefined => (n === undefined ? undefined : { money: n });
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

/** The record's classification, else its first item's with a code: the card's CPV. */
function classificationOf(r: Summary): NonNullable<Summary['classification']> | undefined {
  const own = obj(r.classification);
  const c = str(own?.id) ? own : objs(r.items).map((i) => obj(i.classification)).find((x) => str(x?.id));
  return c && str(c.id) ? c : undefined;
}

const cpvText = (id: string, name: string) => `${id} ${name}`.trim();

/**
 * `code description`: the card's CPV line. In English a code the record names only in
 * Ukrainian waits for the classifier's English name (a `CpvCell`), as on the page.
 */
function cpv(r: Summary, language: Language): string | CpvCell | undefined {
  const c = classificationOf(r);
  if (!c?.id) return undefined;
  const name = localized(c, 'description', language);
  return language === 'en' && !str(c.description_en) ? { cpv: c.id, fallback: name } : cpvText(c.id, name);
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
// What a buyer comparing purchases reads: quantity, unit, winner, award, price of one unit
// ---------------------------------------------------------------------------------------

/** «з ПДВ» or «без ПДВ», when the value says. */
const vat = (t: TFunction, included: unknown) =>
  typeof included === 'boolean' ? t(included ? 'tender.vatIncluded' : 'tender.vatExcluded') : undefined;
const quantityOf = (item: PricedItem | undefined) =>
  typeof item?.quantity === 'number' && Number.isFinite(item.quantity) ? item.quantity : undefined;
const unitOf = (item: PricedItem | undefined): Unit | undefined => {
  const u = obj(item?.unit as Unit | undefined);
  return u && (str(u.code) || str(u.name)) ? { code: str(u.code), name: str(u.name) } : undefined;
};

/**
 * What a tender's row says of its award: its winners (the active awards) and the item
 * they cover. The winners' value is the sum of theirs only when each has won another
 * lot (several suppliers of one lot, as a framework agreement has, are alternatives, not
 * parts) and all are in one currency with one VAT rule; the price of one unit is there
 * only with one winner who covers one item (`tenderUnitPrice`).
 */
interface Outcome {
  /** The one item the winners cover, else the tender's only item when none has won. */
  item?: PricedItem;
  total?: number;
  currency?: string;
  vat?: boolean;
  price?: UnitPrice;
  winners: NonNullable<Summary['awards']>;
}

function outcomeOf(r: Summary): Outcome {
  const winners = activeAwards(r) as NonNullable<Summary['awards']>;
  const covered = winners.length ? [...new Set(winners.flatMap((a) => awardItems(r, a)))] : objs(r.items);
  const item = covered.length === 1 ? covered[0] : undefined;
  const tenderCurrency = str(obj(r.value)?.currency);
  const values = winners.map((a) => obj(a.value));
  const lots = new Set(winners.map((a) => str(a.lotID)));
  const currencies = new Set(values.map((v) => str(v?.currency) ?? tenderCurrency));
  const vats = new Set(values.map((v) => v?.valueAddedTaxIncluded));
  const amounts = values.map((v) => amount(v));
  const summable = winners.length > 0 && lots.size === winners.length && currencies.size === 1 && vats.size === 1 && amounts.every((a) => a !== undefined);
  const currency = summable ? [...currencies][0] : undefined;
  const price = tenderUnitPrice(r);
  return {
    item,
    winners,
    total: summable ? amounts.reduce((sum: number, a) => sum + (a as number), 0) : undefined,
    currency,
    vat: summable && typeof [...vats][0] === 'boolean' ? ([...vats][0] as boolean) : undefined,
    // In the row's award currency (it is, with one winner: the award's own, else the tender's).
    price: price && price.currency === currency ? price : undefined,
  };
}

/** Each winner's suppliers once, in order. */
const winnersOf = (o: Outcome) => {
  const seen = new Set<string>();
  return o.winners.flatMap((a) => objs(a.suppliers)).filter((s) => {
    const key = orgCode(s) ?? JSON.stringify(s);
    return seen.has(key) ? false : (seen.add(key), true);
  });
};

/** A contract's one item: its member's `item`, or its items when they are one. */
const contractItem = (r: Summary): PricedItem | undefined => {
  if (Array.isArray(r.items)) return r.items.length === 1 ? obj(r.items[0]) : undefined;
  return obj(r.item);
};

/**
 * A contract's price of one unit in the row's currency and VAT rule (a price its item
 * states in another currency, or with other VAT, than the contract's value is left out).
 */
function contractPrice(r: Summary): UnitPrice | undefined {
  const price = contractUnitPrice(r);
  const value = obj(r.value);
  if (!price || price.currency !== currency(value)) return undefined;
  const valueVat = value?.valueAddedTaxIncluded;
  return price.valueAddedTaxIncluded === undefined || typeof valueVat !== 'boolean' || price.valueAddedTaxIncluded === valueVat ? price : undefined;
}

// ---------------------------------------------------------------------------------------
// Columns of each register, in the order of the card
// ---------------------------------------------------------------------------------------

/** A row's reading of its record, made once for the columns that need it. */
type Reading = { outcome?: Outcome; price?: UnitPrice; item?: PricedItem };

interface RowColumn {
  /** The label's key under `export.<register>`. */
  key: string;
  cell: (r: Summary, context: RowContext, reading: Reading) => Cell;
}

const COLUMNS: Record<CsvRegister, RowColumn[]> = {
  tenders: [
    { key: 'tenderID', cell: (r) => str(r.tenderID) },
    { key: 'id', cell: (r) => str(r.id) },
    { key: 'title', cell: (r, { language }) => localized(r, 'title', language) || undefined },
    { key: 'status', cell: (r, { t }) => label(t, 'tenderStatus', r.status) },
    { key: 'method', cell: (r, { t }) => label(t, 'procurementMethodType', r.procurementMethodType) },
    { key: 'organizer', cell: (r, { language }) => orgName(r.procuringEntity, language) },
    { key: 'organizerCode', cell: (r) => orgCode(r.procuringEntity) },
    { key: 'amount', cell: (r) => money(amount(obj(r.value))) },
    { key: 'currency', cell: (r) => currency(obj(r.value)) },
    { key: 'quantity', cell: (r, c, { outcome }) => quantityOf(outcome?.item) },
    { key: 'unit', cell: (r, { t, language }, { outcome }) => unitName(t, unitOf(outcome?.item), language) || undefined },
    { key: 'unitCode', cell: (r, c, { outcome }) => unitOf(outcome?.item)?.code },
    { key: 'winner', cell: (r, { language }, { outcome }) => outcome && joined(winnersOf(outcome).map((s) => orgName(s, language))) },
    { key: 'winnerCode', cell: (r, c, { outcome }) => outcome && joined(winnersOf(outcome).map(orgCode)) },
    { key: 'awardAmount', cell: (r, c, { outcome }) => money(outcome?.total) },
    { key: 'awardCurrency', cell: (r, c, { outcome }) => outcome?.currency },
    { key: 'awardVat', cell: (r, { t }, { outcome }) => vat(t, outcome?.vat) },
    { key: 'unitPrice', cell: (r, c, { outcome }) => money(outcome?.price?.amount) },
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
    { key: 'amount', cell: (r) => money(amount(obj(r.budget))) },
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
    { key: 'amount', cell: (r) => money(amount(obj(r.value))) },
    { key: 'currency', cell: (r) => currency(obj(r.value)) },
    { key: 'vat', cell: (r, { t }) => (amount(obj(r.value)) === undefined ? undefined : vat(t, obj(r.value)?.valueAddedTaxIncluded)) },
    { key: 'quantity', cell: (r, c, { item }) => quantityOf(item) },
    { key: 'unit', cell: (r, { t, language }, { item }) => unitName(t, unitOf(item), language) || undefined },
    { key: 'unitCode', cell: (r, c, { item }) => unitOf(item)?.code },
    { key: 'unitPrice', cell: (r, c, { price }) => money(price?.amount) },
    { key: 'periodStart', cell: (r) => date(obj(r.period)?.startDate, true) },
    { key: 'periodEnd', cell: (r) => date(obj(r.period)?.endDate, true) },
    { key: 'signed', cell: (r) => date(r.dateSigned, false) },
    { key: 'tender', cell: (r) => str(r.tenderID) ?? str(r.tender_id) },
    { key: 'link', cell: (r, context) => link(context, 'contracts', str(r.contractID) ?? str(r.id)) },
  ],
};

/** What the register's columns read of a record beyond its own fields. */
const READING: Record<CsvRegister, (r: Summary) => Reading> = {
  tenders: (r) => ({ outcome: outcomeOf(r) }),
  plans: () => ({}),
  contracts: (r) => ({ item: contractItem(r), price: contractPrice(r) }),
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
export function tableOf(register: CsvRegister, members: unknown[], context: RowContext): Cell[][] {
  const columns = COLUMNS[register];
  return members
    .filter((m): m is Summary => !!m && typeof m === 'object' && !Array.isArray(m))
    .map((r) => {
      const reading = READING[register](r);
      return columns.map((c) => c.cell(r, context, reading));
    });
}

/** The CPV codes of a table whose English names the classifier is to be asked for, each once. */
export const cpvCodes = (table: Cell[][]): string[] =>
  [...new Set(table.flatMap((row) => row.flatMap((c) => (c && typeof c === 'object' && 'cpv' in c ? [c.cpv] : []))))];

/**
 * The table with the classifier's English names of its CPV codes (`names`: code to
 * name); a code it has no name for keeps the record's own. The table may have been
 * carried as JSON from step to step, its empty cells `null`.
 */
export const withCpvNames = (table: Array<Array<Cell | null>>, names: (id: string) => string | undefined): Cell[][] =>
  table.map((row) => row.map((c) => (c == null ? undefined : typeof c === 'object' && 'cpv' in c ? cpvText(c.cpv, names(c.cpv) || c.fallback) : c)));

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
  return csvOfTable(tableOf(register, members, { t, language, origin }), language, style);
}

/** The CSV rows of a table (`tableOf`), CRLF after each. */
export const csvOfTable = (table: Cell[][], language: Language, style: CsvStyle = RFC_4180): string =>
  table.map((cells) => row(cells.map((c) => asText(c, language)), style)).join('');

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

/** A sheet cell (`sheetLine`). */
const sheetCell = (c: Cell | null): unknown => {
  if (c == null) return null;
  if (typeof c === 'number') return Number.isFinite(c) ? c : null;
  if (typeof c === 'string' || 'url' in c) return c;
  if ('money' in c) return Number.isFinite(c.money) ? c : null;
  if ('cpv' in c) return cpvText(c.cpv, c.fallback);
  return { date: kyivWallTime(c.date, c.time) };
};

/**
 * A sheet row (`sheetHeader`, `sheetRows`): one JSON array a line, each cell a string,
 * a number, `{"money": <number>}`, `{"date": "<Kyiv wall time>"}` (a day, or a day and
 * time) or `{"url": …}`; `null` for nothing. The server writes them as a workbook
 * (`server/src/sheet.rs`).
 */
const sheetLine = (cells: Cell[]) => `${JSON.stringify(cells.map(sheetCell))}\n`;

/** The header line of a register's sheet: its translated labels. */
export const sheetHeader = (register: CsvRegister, t: TFunction): string => sheetLine(csvColumnKeys(register).map((key) => t(key)));

/** One sheet line per search member that is a record (as `csvRows`). */
export function sheetRows(register: CsvRegister, members: unknown[], context: { t: TFunction; language: Language; origin: string }): string {
  return sheetOfTable(tableOf(register, members, context));
}

/** The sheet lines of a table (`tableOf`). */
export const sheetOfTable = (table: Cell[][]): string => table.map(sheetLine).join('');
