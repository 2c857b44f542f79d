/**
 * The Atom feed (RFC 4287) of any search of the three registers: `/tenders.atom?<filters>`
 * (`/en/…` in English) lists the newest 50 results of the same filters, newest first by
 * publication, whatever the page's own sort and paging. Its title names the search's
 * filters (`searchTitle.ts`). Each entry has a stable id (the record's 32-hex id as a
 * `urn:uuid`), its title, its page, `updated` (its `dateModified`), `published`, and a
 * summary of buyer, value, status and deadline; a tender's also names the red flags it
 * raises, as text in the summary, linked to the methodology in the content and as
 * categories. The feed names its stylesheet (`feedPage.ts`): a browser that opens it shows
 * a page that says what it is; a feed reader ignores the instruction.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../contract';
import { formatDate } from '../lib/dates';
import { enumLabel } from '../lib/enums';
import { DEFAULT_SORT, searchApiPath, serializeFilters, type Register, type SearchFilters } from '../lib/filters';
import { feedUrl } from '../lib/machineUrls';
import { localized, money, organisationNames, type Organization, type Value } from '../records/parts';
import { localizedPath } from '../lib/paths';
import { membersOf } from '../records/collection';
import { RED_FLAG_CODES } from '../records/redFlags';
import { withChangedSince } from './changedSince';
import { feedStylesheetPath } from './feedPage';
import { searchTitle } from './searchTitle';
import type { Context, MachineDocument, Step } from './types';
import { hash, instant, latest, xml } from './types';

/** Results a feed lists. */
export const FEED_SIZE = 50;

export interface Member {
  id?: string;
  tenderID?: string;
  planID?: string;
  contractID?: string;
  title?: string;
  title_en?: string;
  status?: string;
  dateModified?: string;
  dateCreated?: string;
  datePublished?: string;
  dateSigned?: string;
  value?: Value;
  budget?: Value & { description?: string };
  procuringEntity?: Organization;
  buyer?: Organization;
  buyers?: Organization[];
  suppliers?: Organization[];
  tenderPeriod?: { endDate?: string };
  tender?: { tenderPeriod?: { startDate?: string } };
  period?: { endDate?: string };
  /** Tenders: the codes of the red flags it raises (`upstream/API.md`). */
  redFlags?: unknown;
}

/** A red flag a record raises: its code, its name (`R018 · Одна пропозиція`) and its part of the methodology. */
export interface RaisedFlag {
  code: string;
  name: string;
  url: string;
}

/** The red flags of a member's `redFlags` codes that the portal knows, in the methodology's order, each once. */
export function raisedFlags(codes: unknown, origin: string, language: Language, t: TFunction): RaisedFlag[] {
  if (!Array.isArray(codes)) return [];
  return RED_FLAG_CODES.filter((code) => codes.includes(code)).map((code) => ({
    code,
    name: `${code} · ${t(`redFlags.names.${code}`)}`,
    url: `${origin}${localizedPath(language, '/info/red-flags')}#${code.toLowerCase()}`,
  }));
}

/** The feed's own query: the search's filters without paging and sort. */
export const feedQuery = (filters: SearchFilters, register: Register): string =>
  serializeFilters(filters, { withPaging: false, withSort: false, register });

/**
 * The upstream search a feed reads: the first 50 results newest first, whatever the
 * search's order (relevance too: a feed's reader wants what is new).
 */
export const feedSearch = (filters: SearchFilters, register: Register): string =>
  searchApiPath({ ...filters, sortOrder: DEFAULT_SORT, page: 1, perPage: FEED_SIZE }, register);

/** An entry id that never changes: `urn:uuid:` of a 32-hex id, else a tag URI of the page. */
function entryId(member: Member, register: Register, key: string, host: string): string {
  const hex = member.id && /^[0-9a-f]{32}$/i.test(member.id) ? member.id.toLowerCase() : '';
  if (hex) return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return `tag:${host},2026:${register.name}/${encodeURIComponent(key)}`;
}

/** Where in a record its page id is, and the facts its summary gives. */
const REGISTER_OF: Record<Register['name'], {
  key: (m: Member) => string | undefined;
  title: (m: Member, language: Language) => string;
  facts: (m: Member, t: TFunction, language: Language) => Array<[label: string, value: string | undefined]>;
  published: (m: Member) => string | undefined;
}> = {
  tenders: {
    key: (m) => m.tenderID,
    title: (m, language) => localized(m, 'title', language),
    facts: (m, t, language) => [
      [t('tenderList.organizer'), organisationNames(m.procuringEntity ? [m.procuringEntity] : [], language)],
      [t('tenderList.value'), money(m.value, language)],
      [t('tenderList.status'), m.status && enumLabel(t, 'tenderStatus', m.status)],
      [t('machine.deadline'), kyivTime(m.tenderPeriod?.endDate, t, language)],
    ],
    published: (m) => m.dateCreated,
  },
  plans: {
    key: (m) => m.planID,
    title: (m, language) => localized(m, 'title', language) || m.budget?.description || '',
    facts: (m, t, language) => [
      [t('registers.plans.buyer'), organisationNames(m.buyers?.length ? m.buyers : m.procuringEntity ? [m.procuringEntity] : [], language)],
      [t('registers.plans.budget'), money(m.budget, language)],
      [t('tenderList.status'), m.status && enumLabel(t, 'planStatus', m.status)],
      [t('registers.plans.tenderStart'), formatDate(m.tender?.tenderPeriod?.startDate, language)],
    ],
    published: (m) => m.datePublished ?? m.dateModified,
  },
  contracts: {
    key: (m) => m.contractID,
    title: (m, language) => localized(m, 'title', language),
    facts: (m, t, language) => [
      [t('registers.contracts.buyer'), organisationNames(m.buyer ? [m.buyer] : m.procuringEntity ? [m.procuringEntity] : [], language)],
      [t('registers.contracts.supplier'), organisationNames(m.suppliers, language)],
      [t('registers.contracts.amount'), money(m.value, language)],
      [t('tenderList.status'), m.status && enumLabel(t, 'contractStatus', m.status)],
      [t('machine.contractEnd'), kyivTime(m.period?.endDate, t, language)],
    ],
    published: (m) => m.dateSigned ?? m.dateCreated,
  },
};

/** A date and time in Kyiv, the zone named: `12.10.2026, 16:00 (Київ)`. */
function kyivTime(iso: string | undefined, t: TFunction, language: Language): string {
  const text = formatDate(iso, language, true);
  return text ? `${text} (${t('machine.kyiv')})` : '';
}

/**
 * A record as a feed entry or an alert lists it: its page id, page, title and facts (a
 * line each, `summary`; the last names the red flags it raises, `flags`).
 */
export function recordSummary(m: Member, register: Register, origin: string, language: Language, t: TFunction) {
  const of = REGISTER_OF[register.name];
  const key = of.key(m) || m.id || '';
  const link = origin + localizedPath(language, `/${register.name}/${encodeURIComponent(key)}`);
  const facts = of.facts(m, t, language).filter((fact): fact is [string, string] => !!fact[1]);
  const flags = register.name === 'tenders' ? raisedFlags(m.redFlags, origin, language, t) : [];
  const lines = facts.map(([label, v]) => `${label}: ${v}`);
  if (flags.length) lines.push(`${t('redFlags.filter')}: ${flags.map((f) => f.name).join('; ')}`);
  return { key, link, title: of.title(m, language) || key, summary: lines.join('\n'), facts, flags };
}

/**
 * An entry's content (`type="html"`): its facts a line each, and the red flags linked
 * to their part of the methodology, which a summary (plain text) cannot link.
 */
function entryHtml(facts: Array<[string, string]>, flags: RaisedFlag[], t: TFunction): string {
  const lines = facts.map(([label, v]) => xml(`${label}: ${v}`));
  if (flags.length) {
    lines.push(`${xml(t('redFlags.filter'))}: ${flags.map((f) => `<a href="${xml(f.url)}">${xml(f.name)}</a>`).join('; ')}`);
  }
  return `<p>${lines.join('<br>')}</p>`;
}

/** The feed of `register`'s search `filters`, of the records changed since `since` when given (`changedSince.ts`). */
export function feed(register: Register, filters: SearchFilters, since?: string): MachineDocument {
  const query = withChangedSince(feedQuery(filters, register), since);
  return {
    first: () => ({ status: 200, text: '', next: { key: 'search', service: 'search', path: withChangedSince(feedSearch(filters, register), since) } }),
    step: ({ origin, language, t, request }: Context, answer): Step => {
      const members = membersOf<Member>(answer).slice(0, FEED_SIZE);
      const of = REGISTER_OF[register.name];
      const host = origin.replace(/^[a-z]+:\/\//i, '').replace(/[:/].*$/, '');
      // The red flags' categories are the methodology's codes (`R018`); its page is their scheme.
      const flagScheme = origin + localizedPath(language, '/info/red-flags');
      const entries = members.map((m) => {
        const { key, link, title, summary, facts, flags } = recordSummary(m, register, origin, language, t);
        const updated = instant(m.dateModified) ?? instant(of.published(m)) ?? instant(request.now) as string;
        const published = instant(of.published(m));
        return { updated, text:
          '<entry>' +
          `<id>${xml(entryId(m, register, key, host))}</id>` +
          `<title>${xml(title)}</title>` +
          `<link rel="alternate" type="text/html" href="${xml(link)}"/>` +
          `<updated>${updated}</updated>` +
          (published ? `<published>${published}</published>` : '') +
          flags.map((f) => `<category term="${f.code}" scheme="${xml(flagScheme)}" label="${xml(f.name)}"/>`).join('') +
          (summary ? `<summary>${xml(summary)}</summary>` : '') +
          (summary ? `<content type="html">${xml(entryHtml(facts, flags, t))}</content>` : '') +
          '</entry>\n' };
      });
      const self = origin + feedUrl(register.name, language, query);
      const page = origin + localizedPath(language, `/${register.name}`) + (query ? `?${query}` : '');
      const title = searchTitle(register, filters, t, language);
      const updated = latest(entries.map((e) => e.updated)) ?? (instant(request.now) as string);
      const text =
        '<?xml version="1.0" encoding="utf-8"?>\n' +
        // A path of this origin, whatever the public origin says: a browser applies a stylesheet of the feed's own origin only.
        `<?xml-stylesheet type="text/xsl" href="${xml(feedStylesheetPath(language))}"?>\n` +
        `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${language}">\n` +
        `<id>${xml(self)}</id>` +
        `<title>${xml(`${title} | ${t('site.name')}`)}</title>` +
        `<subtitle>${xml(t('machine.feedSubtitle', { count: FEED_SIZE }))}</subtitle>` +
        `<updated>${updated}</updated>` +
        `<link rel="self" type="application/atom+xml" href="${xml(self)}"/>` +
        `<link rel="alternate" type="text/html" href="${xml(page)}"/>` +
        `<author><name>${xml(t('site.name'))}</name><uri>${xml(`${origin}/`)}</uri></author>\n` +
        entries.map((e) => e.text).join('') +
        '</feed>\n';
      return {
        status: 200,
        contentType: 'application/atom+xml; charset=utf-8',
        cacheControl: 'public, max-age=300',
        etag: hash(text),
        lastModified: latest(entries.map((e) => e.updated)),
        text,
      };
    },
  };
}
