/**
 * Renders the tender page the way the server does for every API-docs example tender
 * (all procedure types and statuses) and checks what a bidder must find on it.
 */
import { describe, expect, it } from 'vitest';
import { html, render, tr, translations } from '../../components/test-utils';
import type { Fetched, Language } from '../../contract';
import type { PageRoute } from '../../lib/routeModule';
import Tender from './Tender';
import type { Tender as TenderData } from '../../records/tender';
import { apiExamples } from '../../test-shared-data';

// `../shared/data` beside the project or `$PORTAL_SHARED_DATA`; skipped when absent, except
// under CI, where its absence fails the file.
const { dir: DIR, files, load } = apiExamples<TenderData>('tenders');

const route = { name: 'tender', path: 'tenders/:id/*', page: Tender } as PageRoute;

/** `others`: the page's other upstream answers (`monitorings`); `now`: the moment of the render. */
function renderTender(tender: Fetched | undefined, language: Language = 'uk', others: Record<string, Fetched> = {}, now?: number): string {
  const url = `${language === 'en' ? '/en' : ''}/tenders/x`;
  return render(<Tender route={route} />, { language, url, data: tender ? { tender, ...others } : others, now });
}
const renderBody = (body: unknown, language: Language = 'uk', now?: number) => renderTender({ ok: true, body }, language, {}, now);

const sectionIds = (markup: string) => [...markup.matchAll(/<section id="([^"]+)"/g)].map((m) => m[1]);
const tocIds = (markup: string) => [...markup.matchAll(/<a href="#([^"]+)"/g)].map((m) => m[1]);

describe('Tender page over the API examples', () => {
  if (!files.length) {
    it.skip(`needs the examples in ${DIR}`, () => {});
    return;
  }

  for (const file of files) {
    it(`renders ${file} with its tenderID and title`, () => {
      const tender = load(file);
      for (const language of ['uk', 'en'] as const) {
        const markup = renderBody(tender, language);
        expect(markup).toContain(tender.tenderID as string);
        const title = language === 'en' && tender.title_en ? tender.title_en : (tender.title as string);
        expect(markup).toContain(html(title));
        // The contents list exactly the sections rendered (config/organizer are not listed).
        expect(tocIds(markup)).toEqual(sectionIds(markup).filter((id) => id !== 'organizer' && id !== 'config'));
      }
    });
  }

  const multiLot = ['aboveThreshold__complete.json', 'closeFrameworkAgreementUA__complete.json', 'esco__cancelled.json'].filter((f) => files.includes(f));
  for (const file of multiLot) {
    it(`shows every section and the award and contract facts of ${file}`, () => {
      const tender = load(file);
      const markup = renderBody(tender);
      const expected: Array<[string, unknown[] | undefined]> = [
        ['lots', tender.lots], ['items', tender.items], ['documents', tender.documents], ['questions', tender.questions],
        ['bids', tender.bids], ['qualifications', tender.qualifications], ['awards', tender.awards],
        ['contracts', tender.contracts], ['cancellations', tender.cancellations], ['features', tender.features],
        ['criteria', tender.criteria],
      ];
      for (const [id, data] of expected) {
        const has = Array.isArray(data) && data.length > 0;
        expect(markup.includes(`<section id="${id}"`), `section ${id}`).toBe(has);
        expect(markup.includes(`<a href="#${id}">`), `contents link ${id}`).toBe(has);
      }
      expect(markup).toContain('<section id="timeline"');
      for (const award of tender.awards ?? []) {
        for (const supplier of award.suppliers ?? []) expect(markup).toContain(html(supplier.name as string));
      }
      for (const contract of tender.contracts ?? []) expect(markup).toContain(html(contract.contractID as string));
      for (const lot of tender.lots ?? []) expect(markup).toContain(html(lot.title as string));
    });
  }

  it('lists documents as new-tab links with their type and format', () => {
    const tender = load('aboveThreshold__complete.json');
    const markup = renderBody(tender);
    const doc = (tender.documents ?? [])[0];
    expect(markup).toContain(`href="${html(doc.url as string)}" target="_blank" rel="noopener noreferrer"`);
    expect(markup).toMatch(/<table class="tender-table"><thead>/);
  });

  it('marks the stage the status names, and none for a completed tender', () => {
    const tendering = renderBody(load('aboveThreshold__active.tendering.json'));
    expect(tendering.match(/aria-current="step"/g)).toHaveLength(1);
    expect(tendering).toMatch(/aria-current="step"><span class="stage-name">Подання пропозицій</);
    expect(renderBody(load('aboveThreshold__complete.json'))).not.toContain('aria-current="step"');
  });

  it('never calls a stage whose end date has passed current: it says what the status says and that the date passed', () => {
    const tender = load('aboveThreshold__active.tendering.json');
    const end = Date.parse(tender.tenderPeriod?.endDate as string);
    const before = renderBody(tender, 'uk', end - 3 * 3_600_000);
    expect(before).toContain('aria-current="step"');
    expect(before).toMatch(/<span class="deadline-note deadline-left">залишилось 3 год<\/span>/);
    for (const [language, passed, note] of [['uk', 'строк минув', 'за статусом запису — поточний етап, але його строк минув'], ['en', 'passed', "the record's status names this stage, but its end date has passed"]] as const) {
      const after = renderBody(tender, language, end + 60_000);
      expect(after).not.toContain('aria-current="step"');
      expect(after).not.toContain(language === 'uk' ? 'поточний етап</span>' : 'current stage</span>');
      expect(after).toMatch(new RegExp(`<span class="stage-name">${language === 'uk' ? 'Подання пропозицій' : 'Bid submission'}</span><span class="stage-current stage-status-passed">${html(note).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</span>`));
      expect(after).toContain(`<span class="deadline-note deadline-passed">${passed}</span>`);
    }
  });

  it('names the next deadline in Kyiv time with the time left at the moment of the render, and links the calendar file', () => {
    const tender = load('competitiveOrdering__active.tendering.json');
    // An hour after tendering started on 01.01: the enquiries, running beside it, end first.
    const uk = renderBody(tender, 'uk', Date.parse(tender.tenderPeriod?.startDate as string) + 3_600_000);
    expect(uk).toContain('<strong>Закінчення етапу «Період уточнень»: 13.01.2027, 00:00 (за київським часом)</strong>');
    expect(uk).toMatch(/<span role="timer"> (<!-- -->)?11 днів 2\d:\d\d:\d\d до закінчення етапу «Період уточнень»<\/span>/);
    expect(uk).toMatch(/<li class="timeline-now"><span class="stage-name">Зараз<\/span><span class="stage-dates">01\.01\.2027, /);
    const auction = load('aboveThresholdUA__active.auction.json');
    const before = Date.parse(auction.auctionPeriod?.startDate ?? (auction.lots?.[0]?.auctionPeriod?.startDate as string)) - 60_000;
    expect(renderBody(auction, 'uk', before)).toContain('<strong>Початок етапу «Аукціон»: 04.01.2027, 15:28 (за київським часом)</strong>');
    expect(uk).toContain(`<a href="/tenders/${tender.tenderID}.ics" download="">`);
    expect(renderBody(tender, 'en')).toContain(`<a href="/en/tenders/${tender.tenderID}.ics" download="">`);
    // In sight, the tender's OCDS JSON (issue 46, item 13), as the head names it.
    expect(uk).toContain(`<a href="/tenders/${tender.tenderID}.ocds.json" type="application/json" download="">${html(tr('uk', 'tender.ocdsDownload'))}</a>`);
    // A finished procedure has nothing to count down to.
    expect(renderBody(load('aboveThreshold__complete.json'))).not.toContain('tender-countdown');
  });

  it('shows features with their options as percentages', () => {
    const tender = load('REAL_aboveThresholdEU__active.tendering__UA-2022-07-23-000100-a.json');
    const markup = renderBody(tender);
    expect(markup).toContain(html(tender.features?.[0].title as string));
    expect(markup).toContain('20 %');
  });
});

describe('Tender page edge cases', () => {
  it('renders nothing without a tender or after a failed fetch', () => {
    expect(renderTender(undefined)).toBe('');
    expect(renderTender({ ok: false, status: 404 })).toBe('');
    expect(renderBody(null)).toBe('');
  });

  it('renders a bare tender with only the header and no sections', () => {
    const markup = renderBody({ tenderID: 'UA-2026-01-01-000001-a', title: 'Папір' });
    expect(markup).toContain('UA-2026-01-01-000001-a');
    expect(sectionIds(markup)).toEqual([]);
    expect(markup).not.toContain('tender-toc');
  });

  it('puts status, deadline, value, buyer and documents before the folded parameters (issue 29)', () => {
    const tender = {
      tenderID: 'UA-2026-01-01-000003-a',
      title: 'Ремонт доріг',
      status: 'active.tendering',
      procurementMethodType: 'aboveThreshold',
      value: { amount: 500000, currency: 'UAH', valueAddedTaxIncluded: true },
      tenderPeriod: { startDate: '2026-01-01T10:00:00+02:00', endDate: '2026-01-20T18:00:00+02:00' },
      procuringEntity: { name: 'Міська рада', identifier: { scheme: 'UA-EDR', id: '87654321' } },
      documents: [{ id: 'd1', title: 'Тендерна документація.pdf', url: 'https://files.test/d1', format: 'application/pdf' }],
    };
    for (const language of ['uk', 'en'] as const) {
      const markup = renderBody(tender, language);
      const at = (needle: string) => {
        const i = markup.indexOf(needle);
        expect(i, needle).toBeGreaterThan(-1);
        return i;
      };
      const tr = translations[language].tender;
      const config = at('id="config"');
      for (const needle of [
        `status-active-tendering`, `<dt>${html(tr.deadline)}</dt><dd>`, `<dt>${html(tr.value)}</dt>`, '87654321', 'id="documents"',
      ]) expect(at(needle), needle).toBeLessThan(config);
      // The parameter rows are behind a closed disclosure whose summary says how many.
      expect(markup).toMatch(/id="config"[^]*<details class="tender-config-details"><summary>[^<]*\(19\)<\/summary>/);
      expect(markup).not.toMatch(/<details[^>]* open/);
      // The tender on the central procurement portal, in a new tab (SPEC §2.2).
      expect(markup).toContain('<a href="https://prozorro.test/tender/UA-2026-01-01-000003-a" target="_blank" rel="noopener noreferrer">');
      expect(markup).toContain(html(tr.onPortal));
    }
  });

  it('shows the organizer, value with VAT and config defaults in both languages', () => {
    const tender = {
      tenderID: 'UA-2026-01-01-000002-a',
      title: 'Ремонт',
      title_en: 'Repair',
      status: 'active.tendering',
      procurementMethodType: 'aboveThresholdUA.defense',
      config: { hasAuction: false },
      value: { amount: 1234567, currency: 'UAH', valueAddedTaxIncluded: true },
      procuringEntity: {
        name: 'Школа № 1',
        identifier: { scheme: 'UA-EDR', id: '12345678' },
        contactPoint: { name: 'Іван', email: 'a@b.test', telephone: '+380 44 000 00 00', url: 'javascript:alert(1)' },
      },
      complaints: [{ title: 'Скарга на умови', status: 'satisfied', type: 'complaint', resolution: 'Умови змінено' }],
    };
    const uk = renderBody(tender);
    expect(uk).toContain('1 234 567,00 грн');
    expect(uk).toContain('з ПДВ');
    expect(uk).toContain('UA-EDR 12345678');
    expect(uk).toContain('href="mailto:a@b.test"');
    expect(uk).toContain('href="tel:+380440000000"');
    expect(uk).not.toContain('javascript:');
    expect(uk).toContain('Задоволено');
    expect(uk).toContain('Умови змінено');
    // Stated by the tender: no "default" mark; defence types count complaint regulation in working days.
    expect(uk).toMatch(/Електронний аукціон<\/dt><dd>Ні<\/dd>/);
    expect(uk).toContain('2 робочі дні');
    expect(uk).toContain('(типове значення)');
    const en = renderBody(tender, 'en');
    expect(en).toContain('Repair');
    expect(en).toContain('1 234 567.00 UAH');
    expect(en).toContain('Bidding');
  });
});

describe('Tender page monitorings', () => {
  const tender = { tenderID: 'UA-2026-01-01-000003-a', title: 'Вугілля для котельні' };
  const withMonitorings = (monitorings: Fetched) => renderTender({ ok: true, body: tender }, 'uk', { monitorings });
  const note = html(translations.uk.common.unavailable);

  it('renders the page with a note in the monitorings section when their request failed', () => {
    for (const monitorings of [{ ok: false, status: 500 }, { ok: false, failure: 'timeout' }] as Fetched[]) {
      const markup = withMonitorings(monitorings);
      expect(markup).toContain(html(tender.title));
      expect(markup).toContain(tender.tenderID);
      expect(sectionIds(markup)).toEqual(['monitorings']);
      expect(tocIds(markup)).toEqual(['monitorings']);
      const section = markup.slice(markup.indexOf('<section id="monitorings"'));
      expect(section).toContain(note);
      expect(section).not.toContain('<table');
    }
  });

  it('lists the monitorings it was given, and has no section without any', () => {
    const one = withMonitorings({ ok: true, body: { 'hydra:member': [{ id: 'm1', monitoring_id: 'UA-M-2026-01-02-000001', status: 'active' }] } });
    expect(sectionIds(one)).toEqual(['monitorings']);
    expect(one).toContain('href="/tenders/UA-2026-01-01-000003-a/monitorings/UA-M-2026-01-02-000001"');
    expect(one).not.toContain(note);
    for (const body of [{ 'hydra:member': [] }, {}]) {
      const none = withMonitorings({ ok: true, body });
      expect(none).toContain(html(tender.title));
      expect(sectionIds(none)).toEqual([]);
      expect(tocIds(none)).toEqual([]);
      expect(none).not.toContain(note);
    }
  });
});
