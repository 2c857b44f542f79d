/**
 * Addresses of what the portal serves to machines beside its pages: the Atom feed and the
 * CSV and OCDS exports of a register's search, a tender's OCDS release package, and the
 * sitemaps. The server answers them through the bundle's `machine` entry
 * (`web/src/machine/`); pages link them with these functions, so both agree.
 */
import type { Language } from '../contract';
import { localizedPath } from './paths';

export type RegisterName = 'tenders' | 'plans' | 'contracts';
/**
 * `csv`: RFC 4180 (comma, decimal point); `semicolon`: the CSV a spreadsheet set to a
 * comma-decimal language (Ukrainian) opens by a double click (semicolon, decimal comma);
 * `xlsx`: an Excel workbook; `ocds`: an OCDS release package.
 */
export type ExportFormat = 'csv' | 'semicolon' | 'xlsx' | 'ocds';

/** The file extension of each export, and of the feed. */
export const EXTENSIONS = { atom: '.atom', csv: '.csv', semicolon: '.semicolon.csv', xlsx: '.xlsx', ocds: '.ocds.json' } as const;

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

/**
 * The Atom feed of a search: `/tenders.atom?<filters>` (under `/en` for English). `query`
 * is the search's canonical query without paging and sort: a feed lists the newest first.
 */
export const feedUrl = (register: RegisterName, language: Language, query: string): string =>
  withQuery(localizedPath(language, `/${register}${EXTENSIONS.atom}`), query);

/** An export of a search's whole result: `query` keeps its sort, not its paging. */
export const exportUrl = (register: RegisterName, format: ExportFormat, language: Language, query: string): string =>
  withQuery(localizedPath(language, `/${register}${EXTENSIONS[format]}`), query);

/** A tender's own OCDS release package: `/tenders/UA-2026-….ocds.json`. */
export const tenderOcdsUrl = (tenderId: string): string => `/tenders/${encodeURIComponent(tenderId)}${EXTENSIONS.ocds}`;

/** A tender's periods as an iCalendar file: `/tenders/UA-2026-….ics` (texts in English under `/en`). */
export const tenderIcsUrl = (tenderId: string, language: Language): string => localizedPath(language, `/tenders/${encodeURIComponent(tenderId)}.ics`);

/** The sitemap index. */
export const SITEMAP_INDEX = '/sitemap.xml';
