/**
 * Exports of a search's whole result (up to the 10,000-record window the upstream pages
 * through): CSV (`/tenders.csv?<filters>`), the same for comma-decimal spreadsheets
 * (`/tenders.semicolon.csv?<filters>`), an Excel workbook (`/tenders.xlsx?<filters>`:
 * the steps write its rows, the server the file) and an OCDS release package
 * (`/tenders.ocds.json?<filters>`), in the order the search's page shows (relevance
 * for a keyword, as the page), 100 records a step, so the server streams them with flat
 * memory; and a tender's own release package
 * (`/tenders/<tenderID>.ocds.json`).
 */
import { formatDate } from '../lib/dates';
import type { FetchSpec, Language } from '../contract';
import { searchApiPath, serializeFilters, type Register, type SearchFilters } from '../lib/filters';
import { EXTENSIONS, exportUrl, tenderOcdsUrl, type ExportFormat } from '../lib/machineUrls';
import { RESULT_WINDOW } from '../lib/pagination';
import { membersOf, type Collection } from '../records/collection';
import { LABELS_MAX_AGE } from '../lib/classifiers';
import { withChangedSince } from './changedSince';
import { RFC_4180, SEMICOLON, cpvCodes, csvHeader, csvOfTable, sheetHeader, sheetOfTable, tableOf, withCpvNames, type Cell } from './csv';
import { contractRelease, packageOpening, planRelease, PACKAGE_CLOSING, ocdsRedFlags, tenderRelease, type Release } from './ocds';
import { assessmentOf } from '../records/redFlags';
import type { Context, MachineDocument, Step } from './types';
import { hash, instant } from './types';

/** Records fetched per step (the upstream's largest page). */
export const EXPORT_PAGE = 100;

/** A record as a release; `origin` for a tender's red flags (the portal's own extension). */
const RELEASE_OF: Record<Register['name'], (record: object, origin: string) => Release> = {
  tenders: tenderRelease,
  plans: planRelease,
  contracts: contractRelease,
};

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  semicolon: 'text/csv; charset=utf-8; header=present',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ocds: 'application/json; charset=utf-8',
};

interface ExportState {
  page: number;
  lastPage: number;
  /** Releases written so far (the OCDS package separates them with commas). */
  written: number;
  /**
   * In English, the page's table waiting for the classifier's English names of its CPV
   * codes (the step after the search's answer asks for them, the next writes the rows),
   * and whether the search has a page after it.
   */
  held?: { table: Cell[][]; more: boolean };
}

/**
 * The classifier's English names of `codes` (at most a page's 100: one code a record).
 * The export does without them when they fail: the records' own names stay.
 */
const cpvNamesSpec = (codes: string[]): FetchSpec => ({
  key: 'cpvNames',
  service: 'search',
  maxAge: LABELS_MAX_AGE,
  optional: true,
  path: `/api/classifications?scheme=classification&page=1&perPage=100${codes.map((c) => `&searchId%5B%5D=${encodeURIComponent(c)}`).join('')}`,
});

/** The `name_en` of each code in a classifier's answer (null when it failed). */
function englishNames(answer: unknown): (id: string) => string | undefined {
  const names = new Map<string, string>();
  for (const m of membersOf<{ id?: unknown; name_en?: unknown }>(answer as Collection)) {
    if (typeof m.id === 'string' && typeof m.name_en === 'string' && m.name_en.trim()) names.set(m.id, m.name_en.trim());
  }
  return (id) => names.get(id);
}

/**
 * A file name naming the register (or what else is exported: `prices-33140000`), the
 * query and the date (Kyiv): every character but letters, digits, `.`, `_` and `-`
 * becomes `-`, runs folded, at most 120 characters.
 */
export function exportFilename(register: Pick<Register, 'name'> | { name: string }, query: string, now: string, extension: string): string {
  const date = formatDate(now, 'en').split('/').reverse().join('-');
  const parts = [...new URLSearchParams(query)]
    .filter(([name]) => name !== 'page' && name !== 'perPage')
    .map(([name, value]) => `${name.replace(/\[\d*\]$/, '')}-${value}`);
  const slug = [register.name, ...parts].join('_').normalize('NFC').replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/-{2,}/g, '-');
  return `${slug.slice(0, 120).replace(/-$/, '')}_${date}${extension}`;
}

/**
 * An export of `register`'s search `filters` (its sort kept, its paging not; only the
 * records changed since `since` when given, `changedSince.ts`), in the
 * order its page shows: a keyword's relevance too, so that the file's first rows are
 * the page's first results (the upstream's relevance order is stable from page to
 * page: ties go by load order).
 */
export function searchExport(register: Register, filters: SearchFilters, format: ExportFormat, since?: string): MachineDocument {
  const query = withChangedSince(serializeFilters(filters, { withPaging: false, register }), since);
  const lastWindowPage = Math.floor(RESULT_WINDOW / EXPORT_PAGE);
  const spec = (page: number) => ({
    key: 'search',
    service: 'search' as const,
    path: withChangedSince(searchApiPath({ ...filters, page, perPage: EXPORT_PAGE }, register), since),
  });
  /** A table's text in the export's format. */
  const textOf = (table: Cell[][], language: Language) =>
    format === 'xlsx' ? sheetOfTable(table) : csvOfTable(table, language, format === 'csv' ? RFC_4180 : SEMICOLON);
  return {
    first: () => ({ status: 200, text: '', next: spec(1), state: { page: 1, lastPage: 1, written: 0 } satisfies ExportState }),
    step: ({ t, language, origin, request }: Context, answer): Step => {
      const state = request.state as ExportState;
      // The English names of the CPV codes of the page held back: its rows now, then the next page.
      if (state.held) {
        const { table, more } = state.held;
        const next: ExportState = { page: state.page + 1, lastPage: state.lastPage, written: state.written };
        return { status: 200, text: textOf(withCpvNames(table, englishNames(answer)), language), next: more ? spec(next.page) : null, state: next };
      }
      const found = (answer ?? {}) as Collection;
      const firstStep = state.page === 1;
      const lastPage = firstStep ? Math.min(Math.max(1, Number(found['hydra:view']?.lastPage) || 1), lastWindowPage) : state.lastPage;
      const records = membersOf<Record<string, unknown>>(found);
      const more = state.page < lastPage && records.length > 0;
      let text: string;
      let written = state.written;
      let held: ExportState['held'];
      if (format === 'csv' || format === 'semicolon' || format === 'xlsx') {
        const style = format === 'semicolon' ? SEMICOLON : RFC_4180;
        const header = firstStep ? (format === 'xlsx' ? sheetHeader(register.name, t) : csvHeader(register.name, t, style)) : '';
        const table = tableOf(register.name, records, { t, language, origin });
        const codes = cpvCodes(table);
        if (codes.length > 0) {
          held = { table, more };
          text = header;
        } else {
          text = header + textOf(table, language);
        }
      } else {
        const toRelease = RELEASE_OF[register.name];
        const releases = records.map((r) => JSON.stringify(toRelease(r, origin)));
        const opening = firstStep
          ? packageOpening({
              origin,
              uri: origin + exportUrl(register.name, 'ocds', language, query),
              publishedDate: instant(request.now) as string,
              publisherName: t('site.name'),
              publisherUri: `${origin}/`,
            })
          : '';
        text = opening + (written > 0 && releases.length ? ',' : '') + releases.join(',') + (more ? '' : PACKAGE_CLOSING);
        written += releases.length;
      }
      const next: ExportState = held ? { page: state.page, lastPage, written, held } : { page: state.page + 1, lastPage, written };
      const step: Step = { status: 200, text, next: held ? cpvNamesSpec(cpvCodes(held.table)) : more ? spec(next.page) : null, state: next };
      if (firstStep) {
        const ocds = format === 'ocds';
        // An OCDS package holds at least one release: an empty result has no package.
        if (ocds && records.length === 0) return { status: 404, text: '' };
        Object.assign(step, {
          contentType: CONTENT_TYPES[format],
          // Each format its own name: the two CSVs are different files.
          filename: exportFilename(register, query, request.now, EXTENSIONS[format]),
          cacheControl: 'public, max-age=300',
          // The server writes the workbook from the rows (`server/src/sheet.rs`).
          ...(format === 'xlsx' ? { sheet: t(`export.sheets.${register.name}`) } : {}),
        });
      }
      return step;
    },
  };
}

/** `/tenders/<id>.ocds.json`: a release package of one tender, as the upstream has it now. */
/** What a tender package's second step carries to its third: the text before and the release. */
interface PackageState {
  opening: string;
  /** The release as JSON text (text keeps its members' order on the way through the server). */
  release: string;
}

/**
 * A tender's OCDS release package. The tender's answer sets the headers; its red flags
 * (the `redFlags` request, computed by the server from that answer) then give the
 * release its `tender.redFlags`, the codes it raises.
 */
export function tenderPackage(id: string): MachineDocument {
  return {
    first: () => ({ status: 200, text: '', next: { key: 'tender', service: 'search', path: `/api/tenders/${encodeURIComponent(id)}` } }),
    step: ({ t, origin, request }: Context, answer): Step => {
      const carried = request.state as PackageState | null;
      if (carried && typeof carried.opening === 'string' && typeof carried.release === 'string') {
        const release = JSON.parse(carried.release) as Release;
        const redFlags = ocdsRedFlags(raisedCodes(answer), origin);
        if (redFlags.length > 0 && release.tender) release.tender.redFlags = redFlags;
        return { status: 200, text: carried.opening + JSON.stringify(release) + PACKAGE_CLOSING };
      }
      const tender = (answer ?? {}) as Record<string, unknown>;
      const release = JSON.stringify(tenderRelease(tender, origin));
      const modified = instant(tender.dateModified);
      const key = typeof tender.tenderID === 'string' && tender.tenderID ? tender.tenderID : id;
      const opening = packageOpening({
        origin,
        uri: origin + tenderOcdsUrl(key),
        publishedDate: modified ?? (instant(request.now) as string),
        publisherName: t('site.name'),
        publisherUri: `${origin}/`,
      });
      return {
        status: 200,
        contentType: 'application/json; charset=utf-8',
        cacheControl: 'public, max-age=300',
        // The red flags are a function of the same record (and of the release, which the
        // server adds to every validator).
        etag: hash(opening + release),
        lastModified: modified,
        text: '',
        next: { key: 'redFlags', service: 'redFlags', path: '', after: 'tender' },
        state: { opening, release } satisfies PackageState,
      };
    },
  };
}

/** The codes an assessment raises, in its order (none when it is not one). */
const raisedCodes = (answer: unknown): string[] =>
  (assessmentOf(answer)?.outcomes ?? []).filter((o) => o.verdict === 'raised').map((o) => o.code);
