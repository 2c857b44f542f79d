/**
 * The bundle's entry for documents for machines (`__portal.machine`, see `types.ts`):
 * which document an address names, and one step of it.
 *
 * | address | document |
 * |---|---|
 * | `/sitemap.xml`, `/sitemaps/<name>.xml` | sitemaps (`sitemap.ts`) |
 * | `[/en]/{tenders,plans,contracts}.atom?<filters>` | the search's Atom feed (`atom.ts`) |
 * | `[/en]/feed.xsl` | the page a browser shows for a search's feed (`feedPage.ts`) |
 * | `[/en]/{tenders,plans,contracts}.{csv,semicolon.csv,xlsx,ocds.json}?<filters>` | the search's export (`exports.ts`) |
 * | `[/en]/tenders/<tenderID>.ocds.json` | the tender's OCDS release package |
 * | `[/en]/tenders/<tenderID>.ics` | the tender's periods as a calendar (`ics.ts`) |
 * | `[/en]/tenders/<tenderID>.atom`, `[/en]/buyers/<EDRPOU>.atom` | the Atom feed of a tender's or a buyer's changes (`changes.ts`) |
 * | `[/en]/prices/<cpv>.{csv,semicolon.csv,xlsx}?<filters>&unit=…&currency=…&valueAddedTaxIncluded=…` | one group of a price page's unit prices (`prices.ts`) |
 * | `[/en]/{tenders,plans,contracts}.alert?<filters>` | a saved search's alert e-mail, for the server's job only (`alert.ts`) |
 * | `[/en]/follows.mail` | a follower's e-mail of changes, for the server's job only (`follows.ts`) |
 */
import type { i18n } from 'i18next';
import type { Language } from '../contract';
import { CONTRACTS, PLANS, TENDERS, parseFilters, type Register } from '../lib/filters';
import { splitLanguage } from '../lib/paths';
import { alertDocument, alertOf } from './alert';
import { feed } from './atom';
import { feedStylesheetDocument } from './feedPage';
import { changesFeedAt } from './changes';
import { followsMail, followsMailOf } from './follows';
import { searchExport, tenderPackage } from './exports';
import { priceExport } from './prices';
import { tenderIcsAt } from './ics';
import { sitemapAt, sitemapIndex } from './sitemap';
import { changedSinceOf } from './changedSince';
import type { Context, MachineDocument, MachineRequest, Step } from './types';
import { notFound } from './types';

const REGISTERS: Record<string, Register> = { tenders: TENDERS, plans: PLANS, contracts: CONTRACTS };

/** The document at `path` (without the language prefix), or null. */
function documentAt(path: string, language: Language, query: URLSearchParams, testMode: boolean, state: unknown): MachineDocument | null {
  if (language === 'uk' && path === '/sitemap.xml') return sitemapIndex;
  const sitemap = /^\/sitemaps\/([^/]+)$/.exec(path);
  if (sitemap) return language === 'uk' ? sitemapAt(sitemap[1]) : null;
  if (path === '/feed.xsl') return feedStylesheetDocument;
  const search = /^\/(tenders|plans|contracts)\.(atom|csv|semicolon\.csv|xlsx|ocds\.json)$/.exec(path);
  if (search) {
    const register = REGISTERS[search[1]];
    const filters = parseFilters(query, { allowTestMode: testMode, register });
    const since = changedSinceOf(query);
    if (search[2] === 'atom') return feed(register, filters, since);
    const format = ({ csv: 'csv', 'semicolon.csv': 'semicolon', xlsx: 'xlsx', 'ocds.json': 'ocds' } as const)[search[2] as 'csv' | 'semicolon.csv' | 'xlsx' | 'ocds.json'];
    return searchExport(register, filters, format, since);
  }
  const prices = /^\/prices\/(\d{8}(?:-\d)?)\.(csv|semicolon\.csv|xlsx)$/.exec(path);
  if (prices) return priceExport(prices[1], query, ({ csv: 'csv', 'semicolon.csv': 'semicolon', xlsx: 'xlsx' } as const)[prices[2] as 'csv' | 'semicolon.csv' | 'xlsx']);
  // Only with the state the alert job carries: no visitor's request has one on its first step.
  const alert = /^\/(tenders|plans|contracts)\.alert$/.exec(path);
  if (alert) {
    if (!alertOf(state)) return null;
    const register = REGISTERS[alert[1]];
    return alertDocument(register, parseFilters(query, { allowTestMode: testMode, register }));
  }
  // Only with the round the follow job carries, as the alert.
  if (path === '/follows.mail') return followsMailOf(state) ? followsMail : null;
  const changes = /^\/(tenders|buyers)\/([^/]+)\.atom$/.exec(path);
  if (changes) return changesFeedAt(changes[1] as 'tenders' | 'buyers', changes[2]);
  const ics = /^\/tenders\/([^/]+)\.ics$/.exec(path);
  if (ics) return tenderIcsAt(ics[1]);
  const tender = /^\/tenders\/([^/]+)\.ocds\.json$/.exec(path);
  if (tender) {
    let id: string;
    try {
      id = decodeURIComponent(tender[1]);
    } catch {
      return null;
    }
    return id.length <= 64 ? tenderPackage(id) : null;
  }
  return null;
}

/**
 * One step: `requestJson` is a `MachineRequest`, `answer` the text of the upstream
 * answer the previous step asked for (none on the first step). Answers `[step, text]`:
 * the step without its text as JSON, and the text apart (it may be megabytes).
 */
export function machineStep(requestJson: string, answer: string | undefined, instances: Partial<Record<Language, i18n>>): [string, string] {
  const request = JSON.parse(requestJson) as MachineRequest;
  const q = request.url.indexOf('?');
  const pathname = q < 0 ? request.url : request.url.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : request.url.slice(q + 1));
  const { language, path } = splitLanguage(pathname);
  const i18n = instances[language];
  if (!i18n) throw new Error('renderer not initialised: call init first');
  const document = documentAt(path, language, query, request.config.features.testMode, request.state);
  const context: Context = {
    request,
    language,
    t: i18n.getFixedT(language, 'dzo'),
    origin: request.config.publicOrigin.replace(/\/$/, ''),
    query,
  };
  const step: Step = !document ? notFound() : answer === undefined ? document.first(context) : document.step(context, JSON.parse(answer));
  const { text, ...rest } = step;
  return [JSON.stringify(rest), text];
}
