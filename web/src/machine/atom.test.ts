/**
 * The Atom feed of a search, read back with the strict XML reader: its title names the
 * search's filters by the form's labels; a tender's entry names the red flags it raises
 * (summary), links them to the methodology (content, categories); the feed names the
 * stylesheet a browser renders it with, which the portal serves at `[/en]/feed.xsl`.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { translations } from '../components/test-utils';
import type { Language } from '../contract';
import { CONTRACTS, PLANS, TENDERS, parseFilters, type Register } from '../lib/filters';
import { feed } from './atom';
import { machineStep } from './index';
import { searchTitle } from './searchTitle';
import { childOf, childrenOf, parseXml } from './testXml';
import type { Context, MachineRequest } from './types';

const resources = { uk: { dzo: translations.uk }, en: { dzo: translations.en } };
const instances = { uk: createI18n('uk', resources), en: createI18n('en', resources) };
const ORIGIN = 'https://portal.test';
const t = (language: Language) => instances[language].getFixedT(language, 'dzo');
const context = (language: Language = 'uk'): Context => ({
  request: { url: '/x', config: {} as MachineRequest['config'], now: '2026-10-12T10:00:00Z', state: null },
  language, t: t(language), origin: ORIGIN, query: new URLSearchParams(),
});
const filters = (query: string, register: Register = TENDERS) => parseFilters(new URLSearchParams(query), { allowTestMode: true, register });
const title = (query: string, language: Language = 'uk', register: Register = TENDERS) => searchTitle(register, filters(query, register), t(language), language);

describe("a search feed's title", () => {
  it('names the search: its region, its other filters by the labels of the form, its keyword', () => {
    const query = 'keyword=ноутбук&status%5B0%5D=active.enquiries&region%5B0%5D=Львівська область';
    expect(title(query)).toBe('Тендери: Львівська область, статус: період уточнень, «ноутбук»');
    expect(title(query, 'en')).toBe('Tenders: Lviv Oblast, status: clarifications, “ноутбук”');
    expect(title('')).toBe('Тендери');
  });

  it('says that one of several values is enough, and counts what it leaves out', () => {
    expect(title('status%5B0%5D=active.enquiries&status%5B1%5D=active.tendering')).toBe('Тендери: статус: період уточнень або подання пропозицій');
    expect(title('redFlag%5B0%5D=R018&redFlag%5B1%5D=R038', 'en')).toBe('Tenders: red flags: R018 · Single bid received or R038 · Excessive disqualified bids');
    const cpv = ['03110000-5', '09130000-9', '15810000-9', '30190000-7', '33600000-6', '45230000-8'];
    expect(title(cpv.map((c, i) => `classification%5B${i}%5D=${c}`).join('&'))).toBe('Тендери: класифікатор ДК 021:2015: 03110000-5, 09130000-9, 15810000-9 або ще 3');
  });

  it('names ranges, dates and the yes-or-no filters, and the other registers by their own words', () => {
    expect(title('valueAmount%5Bfrom%5D=1000&valueAmount%5Bto%5D=50000&tenderPeriod%5Bfrom%5D=2026-10-01&acceptingBids=true&redFlag%5B0%5D=any'))
      .toBe('Тендери: червоні прапорці: будь-який прапорець, очікувана вартість, грн: від 1\u00a0000 до 50\u00a0000, подання пропозицій: від 01.10.2026, лише ті, що приймають пропозиції зараз');
    expect(title('status%5B0%5D=scheduled&planYear%5B0%5D=2026', 'uk', PLANS)).toBe('Плани закупівель: статус: запланований, рік плану: 2026');
    expect(title('valueSum%5Bto%5D=100', 'en', CONTRACTS)).toBe('Contracts: contract amount, UAH: to 100');
  });
});

describe("a tender search's feed", () => {
  const tender = (id: string, redFlags?: unknown) => ({
    id: id.repeat(32),
    tenderID: `UA-2026-10-01-00000${id}-a`,
    title: 'Ремонт <даху> & фасаду',
    status: 'complete',
    dateModified: '2026-10-01T10:00:00+03:00',
    dateCreated: '2026-09-01T10:00:00+03:00',
    procuringEntity: { name: 'Школа № 1' },
    ...(redFlags === undefined ? {} : { redFlags }),
  });
  const read = (language: Language, query: string, members: unknown[]) => {
    const step = feed(TENDERS, filters(query)).step(context(language), { 'hydra:member': members });
    return { step, root: parseXml(step.text) };
  };

  it("is titled by its search and names the stylesheet a browser renders it with, by a path of the feed's origin", () => {
    const { step, root } = read('uk', 'region%5B0%5D=Львівська область&redFlag%5B0%5D=R018', []);
    expect(childOf(root, 'title').text).toBe('Тендери: Львівська область, червоні прапорці: R018 · Одна пропозиція | Публічні закупівлі');
    expect(step.text.split('\n').slice(0, 2)).toEqual(['<?xml version="1.0" encoding="utf-8"?>', '<?xml-stylesheet type="text/xsl" href="/feed.xsl"?>']);
    expect(read('en', '', []).step.text).toContain('<?xml-stylesheet type="text/xsl" href="/en/feed.xsl"?>');
    expect(step.contentType).toBe('application/atom+xml; charset=utf-8');
  });

  it('names the red flags an entry raises in its summary, links them in its content and lists them as categories', () => {
    const { root } = read('uk', 'redFlag%5B0%5D=any', [tender('1', ['R038', 'R018', 'R999']), tender('2', []), tender('3')]);
    const [flagged, clear, unknown] = childrenOf(root, 'entry');
    const summary = childOf(flagged, 'summary').text;
    expect(summary.split('\n')).toEqual(['Замовник: Школа № 1', 'Статус: Завершена', 'Червоні прапорці: R018 · Одна пропозиція; R038 · Надмірна частка дискваліфікацій']);
    const content = childOf(flagged, 'content');
    expect(content.attrs.type).toBe('html');
    expect(content.text).toBe(
      '<p>Замовник: Школа № 1<br>Статус: Завершена<br>Червоні прапорці: ' +
      `<a href="${ORIGIN}/info/red-flags#r018">R018 · Одна пропозиція</a>; <a href="${ORIGIN}/info/red-flags#r038">R038 · Надмірна частка дискваліфікацій</a></p>`,
    );
    expect(childrenOf(flagged, 'category').map((c) => c.attrs)).toEqual([
      { term: 'R018', scheme: `${ORIGIN}/info/red-flags`, label: 'R018 · Одна пропозиція' },
      { term: 'R038', scheme: `${ORIGIN}/info/red-flags`, label: 'R038 · Надмірна частка дискваліфікацій' },
    ]);
    // Without flags, or from a search service that does not say: none named.
    for (const entry of [clear, unknown]) {
      expect(childrenOf(entry, 'category')).toEqual([]);
      expect(childOf(entry, 'summary').text).not.toContain('Червоні прапорці');
    }
    // What the record says stays text, escaped once for XML and once for HTML.
    expect(childOf(flagged, 'title').text).toBe('Ремонт <даху> & фасаду');
  });

  it('links the English methodology in English', () => {
    const { root } = read('en', '', [tender('1', ['R036'])]);
    const entry = childOf(root, 'entry');
    expect(childOf(entry, 'summary').text).toContain('Red flags: R036 · Lowest bid disqualified');
    expect(childOf(entry, 'content').text).toContain(`<a href="${ORIGIN}/en/info/red-flags#r036">R036 · Lowest bid disqualified</a>`);
  });
});

describe("a feed's page in a browser: [/en]/feed.xsl", () => {
  const get = (url: string) => {
    const request = { url, config: { features: { testMode: false }, publicOrigin: `${ORIGIN}/` }, now: '2026-10-12T10:00:00Z', state: null };
    const [meta, text] = machineStep(JSON.stringify(request), undefined, instances);
    return { step: JSON.parse(meta), text };
  };

  it('is an XSLT stylesheet, whole at the first step, in the language of its address', () => {
    const { step, text } = get('/feed.xsl');
    expect(step).toMatchObject({ status: 200, contentType: 'application/xslt+xml; charset=utf-8' });
    expect(step.next).toBeUndefined();
    const root = parseXml(text);
    expect([root.name, root.attrs.version, root.attrs['xmlns:xsl'], root.attrs['xmlns:atom']])
      .toEqual(['xsl:stylesheet', '1.0', 'http://www.w3.org/1999/XSL/Transform', 'http://www.w3.org/2005/Atom']);
    expect(text).toContain('<html lang="uk">');
    expect(text).toContain('Як підписатися');
    expect(text).toContain('<link rel="stylesheet" href="/docs/feed.css"/>');
    // The summary's line of flags it replaces with links is the feed's own wording.
    expect(text).toContain('<xsl:variable name="flagsLine">Червоні прапорці: </xsl:variable>');
    const en = get('/en/feed.xsl');
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain('How to subscribe');
    expect(get('/de/feed.xsl').step.status).toBe(404);
  });
});
