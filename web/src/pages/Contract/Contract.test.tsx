/**
 * Renders the contract page the way the server does for every API-docs example contract
 * (all statuses, with changes, milestones, documents, amount paid) and for a slim contract
 * of the embedded upstream's derived shape, and checks the route's decisions: the 404
 * guard, the 301 from the 32-hex id, the canonical address, meta and JSON-LD.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { html, links, render, translations, tr } from '../../components/test-utils';
import type { ClientConfig } from '../../config';
import type { Fetched, Language } from '../../contract';
import { createI18n } from '../../i18n';
import type { PageData } from '../../lib/data';
import { pageHead } from '../../routes/head';
import { addressLine } from '../../records/parts';
import { routeOutcome } from '../../routes/outcome';
import { loadPage } from '../../routes/split';
import type { PageRoute, RouteContext } from '../../lib/routeModule';
import { apiExamples } from '../../test-shared-data';
import Contract from './Contract';
import { contract as contractModule, isContractId } from './route';
import type { Contract as ContractData } from '../../records/contract';

// `../shared/data` beside the project or `$PORTAL_SHARED_DATA`; skipped when absent, except
// under CI, where its absence fails the file.
const { dir: DIR, files, load } = apiExamples<ContractData>('contracts');

const resources = { uk: { dzo: translations.uk }, en: { dzo: translations.en } };
const i18n = { uk: createI18n('uk', resources), en: createI18n('en', resources) };
const route: PageRoute = { ...contractModule, path: 'contracts/:id' };
// The head's meta and JSON-LD come with the page's chunk.
beforeAll(() => Promise.all([loadPage(route, 'uk'), loadPage(route, 'en')]));

function renderContract(contract: Fetched | undefined, language: Language = 'uk'): string {
  const url = `${language === 'en' ? '/en' : ''}/contracts/x`;
  return render(<Contract route={route} />, { language, url, data: contract ? { contract } : {} });
}
const renderBody = (body: unknown, language: Language = 'uk') => renderContract({ ok: true, body }, language);

const sectionIds = (markup: string) => [...markup.matchAll(/<section id="([^"]+)"/g)].map((m) => m[1]);
const tocIds = (markup: string) => [...markup.matchAll(/<a href="#([^"]+)"/g)].map((m) => m[1]);
const hrefs = (markup: string) => links(markup).map((l) => l.href);
/** The markup of the section `id` (up to the next section). */
const section = (markup: string, id: string) => {
  const start = markup.indexOf(`<section id="${id}"`);
  if (start < 0) return '';
  const end = markup.indexOf('<section', start + 1);
  return markup.slice(start, end < 0 ? undefined : end);
};
/** The value of the fact `term` (its `<dd>`, React's text separators dropped), or null when the row is not there. */
const fact = (markup: string, term: string) => {
  const m = new RegExp(`<dt>${html(term).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</dt><dd[^>]*>(.*?)</dd>`).exec(markup);
  return m ? m[1].replace(/<!-- -->/g, '') : null;
};
const t = (key: string, options?: Record<string, unknown>) => tr('uk', key, options);

/** A contract as the embedded upstream derives it from a tender's active award. */
const derived: ContractData = {
  id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  contractID: 'UA-2026-10-12-014102-a-c1',
  awardID: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  tender_id: '6ea25b15cfcd4566af1ad81046a8ae98',
  tenderID: 'UA-2026-10-12-014102-a',
  title: 'Природний газ',
  status: 'active',
  value: { amount: 1200, currency: 'UAH', valueAddedTaxIncluded: true, amountNet: 1000 },
  suppliers: [
    {
      name: 'ТОВ "Газпостач"',
      identifier: { scheme: 'UA-EDR', id: '41234567', legalName: 'Товариство з обмеженою відповідальністю "Газпостач"' },
      address: { postalCode: '01001', countryName: 'Україна', region: 'Київська область', locality: 'Бровари', streetAddress: 'вул. Незалежності, 5' },
    },
  ],
  buyer: {
    name: 'Броварська міська рада',
    identifier: { scheme: 'UA-EDR', id: '04054903' },
    address: { postalCode: '07400', countryName: 'Україна', region: 'Київська область', locality: 'Бровари' },
  },
  items: [{ id: 'i1', description: 'Газ природний', quantity: 1000, unit: { code: 'MTQ', name: 'метр кубічний' } }],
  procurementMethodType: 'aboveThreshold',
  date: '2026-10-20T10:00:00+03:00',
  dateCreated: '2026-10-20T10:00:00+03:00',
  dateSigned: '2026-10-20T10:00:00+03:00',
  dateModified: '2026-10-21T12:30:00+03:00',
};

describe('Contract page over the API examples', () => {
  if (!files.length) {
    it.skip(`needs the examples in ${DIR}`, () => {});
    return;
  }

  for (const file of files) {
    it(`renders ${file}: its sections, parties, value and where it came from`, () => {
      const contract = load(file);
      const tenderId = contract.tenderID ?? contract.tender_id ?? '';
      for (const language of ['uk', 'en'] as const) {
        const markup = renderBody(contract, language);
        expect(markup).toContain(contract.contractID as string);
        const title = language === 'en' && contract.title_en ? contract.title_en : (contract.title as string);
        expect(markup).toContain(html(title));
        expect(markup).toContain(html(tr(language, `enums.contractStatus.${contract.status}`)));
        // Every label found its translation (a missing one shows its key, a group its warning).
        expect(markup).not.toMatch(/\b(contract|tender|pages)\.[a-zA-Z]+\.[a-zA-Z]/);
        expect(markup).not.toContain('returned an object');
        // The contents list exactly the sections rendered; a section without data is absent.
        expect(tocIds(markup)).toEqual(sectionIds(markup));
        const has: Record<string, boolean> = {
          origin: true,
          buyer: true,
          suppliers: true,
          items: (contract.items ?? []).length > 0,
          milestones: (contract.milestones ?? []).length > 0,
          changes: (contract.changes ?? []).length > 0,
        };
        for (const [id, expected] of Object.entries(has)) expect(markup.includes(`<section id="${id}"`), `${file} ${id}`).toBe(expected);
        // The tender and the award it came from; the tender page opens at its awards.
        expect(hrefs(section(markup, 'origin'))).toEqual(
          [`/tenders/${tenderId}`, `/tenders/${tenderId}/awards`].map((h) => (language === 'en' ? `/en${h}` : h)),
        );
      }

      const markup = renderBody(contract);
      // The value, with whether it includes VAT.
      expect(fact(markup, t('contract.value'))).toContain(html('без ПДВ'));
      // Suppliers with their identifiers, addresses and the searches filtered by them.
      const suppliers = section(markup, 'suppliers');
      for (const s of contract.suppliers ?? []) {
        expect(suppliers).toContain(html(s.name as string));
        expect(suppliers).toContain(`${s.identifier?.scheme} ${s.identifier?.id}`);
        expect(suppliers).toContain(html(addressLine(s.address)));
        if (s.scale) expect(fact(suppliers, t('contract.scale'))).toBe(html(t(`contract.scales.${s.scale}`)));
        for (const register of ['tenders', 'contracts']) {
          expect(hrefs(suppliers)).toContain(`/${register}?supplier%5B0%5D=${s.identifier?.id}`);
        }
        expect(hrefs(suppliers).some((h) => h?.startsWith('/plans?supplier')), 'plans name no suppliers').toBe(false);
      }
      const buyer = section(markup, 'buyer');
      expect(buyer).toContain(`${contract.buyer?.identifier?.scheme} ${contract.buyer?.identifier?.id}`);
      expect(buyer).toContain(html(addressLine(contract.buyer?.address)));
      expect(hrefs(buyer)).toContain(`/tenders?organizer%5B0%5D=${contract.buyer?.identifier?.id}`);
      // Every document is somewhere on the page: under Documents, or with its change.
      for (const d of contract.documents ?? []) expect(markup).toContain(html(d.url as string));
      for (const c of contract.changes ?? []) for (const d of c.documents ?? []) expect(section(markup, 'changes')).toContain(html(d.url as string));
    });
  }

  it('shows the period, dates signed and modified, milestones and contract number', () => {
    const markup = renderBody(load('contract__active.json'));
    expect(fact(markup, t('contract.contractNumber'))).toBe(html('contract #13111'));
    expect(fact(markup, t('contract.period'))).toBe(t('tender.timeline.range', { start: '01.01.2027', end: '31.01.2027' }));
    expect(fact(markup, t('contract.dateSigned'))).toContain('01.01.2027');
    expect(fact(markup, t('contract.dateModified'))).toContain('01.01.2027');
    // amountNet equal to an amount already stated without VAT says nothing more.
    expect(fact(markup, t('contract.valueNet'))).toBeNull();
    const milestones = section(markup, 'milestones');
    expect(milestones).toContain('Підписання договору');
    expect(milestones).toContain('Оплата: аванс');
    expect(milestones).toContain('45,55 %');
    expect(milestones).toContain('2 банківські дні');
    expect(milestones).toContain('900 календарних днів');
    // In their sequence: the delivery first.
    expect(milestones.indexOf('Поставка: основний')).toBeLessThan(milestones.indexOf('Оплата: аванс'));
    // A change's document goes with the change, not under Documents.
    expect(section(markup, 'documents')).not.toContain('contract_changes.doc');
    expect(section(markup, 'changes')).toContain('contract_changes.doc');
    expect(markup).toContain(html('01220, Україна, м. Київ, вул. Банкова, 11, корпус 1'));
  });

  it('shows the changes with their grounds, rationale, what they changed and their status', () => {
    const contract = load('contract__active-with-changes.json');
    const uk = section(renderBody(contract), 'changes');
    expect(uk).toContain('причина зміни укр');
    expect(uk).toContain(html('Зменшення ціни без зміни кількості та якості'));
    expect(uk).toContain('Підпункт 5 пункту 19');
    expect(uk).toContain(html('Продовження строку дії договору'));
    expect(fact(uk, t('contract.newValue'))).toContain('450,00 грн');
    expect(fact(uk, t('contract.newPeriod'))).toBe(t('tender.timeline.range', { start: '06.01.2027', end: '01.01.2028' }));
    expect(fact(uk, t('contract.itemsChanged'))).toBe('2 позиції');
    expect(uk).toContain('Підписана');
    expect(uk).toContain('Скасована');
    expect(uk).toContain('contract_change.pdf');
    const en = section(renderBody(contract, 'en'), 'changes');
    expect(en).toContain('change cause en');
    expect(en).not.toContain('причина зміни укр');
    expect(en).toContain('Subparagraph 5 of paragraph 19');
    // The signatures of the contract.
    expect(fact(renderBody(contract), t('contract.signatories'))).toContain('Постачальник: 01.01.2027');
  });

  it('shows what was paid under the terminated contract, with and without VAT', () => {
    const markup = renderBody(load('contract__terminated.json'));
    expect(markup).toContain('Виконаний або розірваний');
    expect(fact(markup, t('contract.amountPaid'))).toBe('<span class="money">240,00 грн</span><span class="vat"> з ПДВ</span>');
    expect(fact(markup, t('contract.amountPaidNet'))).toBe('<span class="money">200,00 грн</span>');
    for (const file of files.filter((f) => f !== 'contract__terminated.json')) {
      expect(fact(renderBody(load(file)), t('contract.amountPaid')), file).toBeNull();
    }
  });

  it('shows a contract in another currency in it', () => {
    expect(fact(renderBody(load('contract__active-multicurrency.json')), t('contract.value'))).toContain('10 000,00 USD');
  });
});

describe('Contract page of a derived contract', () => {
  it('shows the value with and without VAT and links the tender and award by tenderID', () => {
    const markup = renderBody(derived);
    expect(fact(markup, t('contract.value'))).toBe('<span class="money">1 200,00 грн</span><span class="vat"> з ПДВ</span>');
    expect(fact(markup, t('contract.valueNet'))).toBe('<span class="money">1 000,00 грн</span>');
    expect(hrefs(section(markup, 'origin'))).toEqual(['/tenders/UA-2026-10-12-014102-a', '/tenders/UA-2026-10-12-014102-a/awards']);
    expect(section(markup, 'origin')).toContain(html(t('enums.procurementMethodType.aboveThreshold')));
    expect(sectionIds(markup)).toEqual(['origin', 'buyer', 'suppliers', 'items']);
    const suppliers = section(markup, 'suppliers');
    expect(suppliers).toContain('UA-EDR 41234567');
    expect(suppliers).toContain(html('01001, Україна, Київська область, Бровари, вул. Незалежності, 5'));
    expect(suppliers).toContain(html('Товариство з обмеженою відповідальністю "Газпостач"'));
    // The buyer's name opens its page; its identifier, the three registers filtered by it.
    expect(hrefs(section(markup, 'buyer'))).toEqual(['/buyers/04054903', ...['tenders', 'plans', 'contracts'].map((r) => `/${r}?organizer%5B0%5D=04054903`)]);
    expect(hrefs(suppliers)).toContain('/suppliers/41234567');
    expect(section(markup, 'items')).toContain('1 000 метрів кубічних');
    expect(fact(markup, t('contract.period'))).toBeNull();
    expect(markup).toContain('href="/contracts"');
  });

  it('renders in English with the language base on its links', () => {
    const markup = renderBody(derived, 'en');
    expect(markup).toContain('1 200.00 UAH');
    expect(markup).toContain('Value without VAT');
    expect(hrefs(section(markup, 'origin'))).toContain('/en/tenders/UA-2026-10-12-014102-a/awards');
  });

  it('names the items\' CPV codes in English under /en, from the classifier\'s answer', () => {
    const contract = {
      ...derived,
      items: [
        { id: 'i1', description: 'Газ природний', quantity: 1000, unit: { code: 'MTQ', name: 'метр кубічний' }, classification: { scheme: 'ДК021', id: '09123000-7', description: 'Природний газ' } },
        { id: 'i2', description: 'Коробки', quantity: 13, unit: { code: 'H87', name: 'штука' }, classification: { scheme: 'ДК021', id: '31224700-9', description: 'Монтажні коробки' } },
      ],
    };
    // What `/api/classifications?scheme=classification&searchId[]=…` answers for the two codes.
    const cpvNames: Fetched = { ok: true, body: { 'hydra:member': [
      { id: '09123000-7', scheme: 'classification', name: 'Natural gas', name_en: 'Natural gas', description: 'Природний газ' },
      { id: '31224700-9', scheme: 'classification', name: 'Junction boxes', name_en: 'Junction boxes', description: 'Монтажні коробки' },
    ] } };
    const page = (language: Language) => section(render(<Contract route={route} />, {
      language, url: `${language === 'en' ? '/en' : ''}/contracts/x`, data: { contract: { ok: true, body: contract }, cpvNames },
    }), 'items');
    const en = page('en');
    expect(en).toContain('<span class="code">09123000-7</span> Natural gas');
    expect(en).toContain('<span class="code">31224700-9</span> Junction boxes');
    expect(en).not.toMatch(/Природний газ|Монтажні коробки/);
    expect(en).toContain('1 000 cubic metres');
    expect(en).toContain('13 pieces');
    const uk = page('uk');
    expect(uk).toContain('Монтажні коробки');
    expect(uk).toContain('13 штук');
    // Without the classifier's answer, the record's Ukrainian names.
    expect(section(renderBody(contract, 'en'), 'items')).toContain('Монтажні коробки');
  });

  it('links the tender by its 32-hex id when the contract names no tenderID', () => {
    const markup = renderBody({ ...derived, tenderID: undefined });
    expect(hrefs(section(markup, 'origin'))).toEqual(['/tenders/6ea25b15cfcd4566af1ad81046a8ae98', '/tenders/6ea25b15cfcd4566af1ad81046a8ae98/awards']);
  });

  it('renders nothing without a contract, and only the header for a bare one', () => {
    expect(renderContract(undefined)).toBe('');
    expect(renderContract({ ok: false, status: 404 })).toBe('');
    expect(renderBody(null)).toBe('');
    const bare = renderBody({ contractID: 'UA-2026-01-01-000001-a-c1', suppliers: [null], items: [], changes: null });
    expect(bare).toContain('UA-2026-01-01-000001-a-c1');
    expect(sectionIds(bare)).toEqual([]);
    expect(bare).not.toContain('tender-toc');
  });
});

describe('the contract route', () => {
  const config = { publicOrigin: 'https://portal.test', features: {} } as ClientConfig;
  const tFixed = i18n.uk.getFixedT('uk', 'dzo');
  const ctxOf = (id: string, data: PageData = {}): RouteContext => ({
    params: { id },
    query: new URLSearchParams(),
    input: { language: 'uk', data, session: null, config },
  });
  const ok = (body: unknown): Fetched => ({ ok: true, body });

  it('answers 404 without a fetch for an id of neither form', () => {
    for (const id of ['abc', 'UA-2026-10-12-014102', 'UA-26-10-12-014102-a-c1', '6ea25b15cfcd4566af1ad81046a8ae9', 'UA-2026-10-12-014102-a-c1/..', 'UA-2026-10-12-014102-a--c1', '<script>', '']) {
      expect(isContractId(id), id).toBe(false);
      expect(routeOutcome(route, ctxOf(id)), id).toEqual({ error: 404 });
    }
    for (const id of ['6ea25b15cfcd4566af1ad81046a8ae98', 'UA-2027-01-01-000001-a-a1', 'UA-2026-10-12-014102-a-c1', 'ua-2026-10-12-014102-a-c1', 'UA-2026-10-12-014102-a.2-a1']) {
      expect(isContractId(id), id).toBe(true);
    }
  });

  it('asks for the contract, required: a missing one is the 404 page', () => {
    const ctx = ctxOf('UA-2026-10-12-014102-a-c1');
    expect(route.fetches?.(ctx)).toEqual([
      { key: 'contract', service: 'search', path: '/api/contracts/UA-2026-10-12-014102-a-c1', validator: true },
      { key: 'freshness', service: 'search', path: '/api/freshness?brief=1', maxAge: 5 },
    ]);
    expect(route.required).toEqual(['contract']);
    // Under /en, the English names of the items' CPV codes, once the contract is in.
    const en = { ...ctx, input: { ...ctx.input, language: 'en' as const } };
    expect(route.fetches?.(en)?.find((f) => f.key === 'cpvNames')).toEqual({
      key: 'cpvNames', service: 'search', after: 'contract', maxAge: 3600,
      path: '/api/classifications?scheme=classification&page=1&perPage=100&searchId[]={/items/*/classification/id}',
    });
    expect(routeOutcome(route, ctxOf('UA-2026-10-12-014102-a-c1', { contract: { ok: false, status: 404 } }))).toEqual({ error: 404 });
    expect(routeOutcome(route, ctxOf('UA-2026-10-12-014102-a-c1', { contract: { ok: false, status: 500 } }))).toEqual({ error: 503, shown: 500 });
  });

  it('redirects the 32-hex id to the contractID with a 301, and nothing else', () => {
    expect(routeOutcome(route, ctxOf(derived.id as string, { contract: ok(derived) }))).toEqual({ redirect: '/contracts/UA-2026-10-12-014102-a-c1', status: 301 });
    expect(routeOutcome(route, ctxOf('UA-2026-10-12-014102-a-c1', { contract: ok(derived) }))).toBeNull();
    expect(routeOutcome(route, ctxOf(derived.id as string, { contract: ok({ ...derived, contractID: undefined }) }))).toBeNull();
  });

  it('keeps one canonical address, with title, description and JSON-LD from the data', () => {
    const h = pageHead(route, ctxOf('ua-2026-10-12-014102-a-c1', { contract: ok(derived) }), tFixed, '/contracts/ua-2026-10-12-014102-a-c1');
    expect(h.canonical).toBe('https://portal.test/contracts/UA-2026-10-12-014102-a-c1');
    expect(h.alternates[1]).toEqual({ hreflang: 'en', href: 'https://portal.test/en/contracts/UA-2026-10-12-014102-a-c1' });
    expect(h.title).toContain('Природний газ');
    expect(h.title).toContain('UA-2026-10-12-014102-a-c1');
    expect(h.description).toContain('Броварська міська рада');
    expect(h.description).toContain('Газпостач');
    expect(h.description).toContain('1 200,00 грн');
    expect(h.description).toContain('Статус: діє.');
    expect(h.description.length).toBeLessThanOrEqual(300);
    expect(h.jsonLd).toMatchObject({ '@context': 'https://schema.org' });
    const [order, trail] = (h.jsonLd as { '@graph': object[] })['@graph'];
    expect(trail).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ item: 'https://portal.test/contracts' }, { item: h.canonical }] });
    expect(order).toMatchObject({
      '@type': 'Order',
      identifier: 'UA-2026-10-12-014102-a-c1',
      url: h.canonical,
      customer: { name: 'Броварська міська рада', identifier: { value: '04054903' } },
      seller: { identifier: { propertyID: 'UA-EDR', value: '41234567' } },
      acceptedOffer: { price: 1200, priceCurrency: 'UAH', priceSpecification: { valueAddedTaxIncluded: true } },
    });
  });

  it('falls back to the default meta with the id from the path when the contract is missing', () => {
    const h = pageHead(route, ctxOf('UA-2026-10-12-014102-a-c1', { contract: { ok: false, status: 404 } }), tFixed, '/contracts/UA-2026-10-12-014102-a-c1');
    expect(h.title.startsWith(t('pages.contract.title', { id: 'UA-2026-10-12-014102-a-c1' }))).toBe(true);
    expect(h.description).toBe(t('pages.contract.description', { id: 'UA-2026-10-12-014102-a-c1' }));
    expect(h.canonical).toBe('https://portal.test/contracts/UA-2026-10-12-014102-a-c1');
    expect(h.jsonLd).toBeNull();
  });

  it('describes an API example contract in both languages', () => {
    if (!files.length) return;
    const contract = load('contract__terminated.json');
    const path = '/contracts/UA-2027-01-01-000001-a-a1';
    const uk = pageHead(route, ctxOf('UA-2027-01-01-000001-a-a1', { contract: ok(contract) }), tFixed, path);
    expect(uk.description).toContain('Статус: виконаний або розірваний.');
    expect((uk.jsonLd as { '@graph': object[] })['@graph'][0]).toMatchObject({ orderNumber: 'contract #13111', acceptedOffer: { validFrom: contract.period?.startDate } });
    const en = pageHead(
      route,
      { ...ctxOf('UA-2027-01-01-000001-a-a1', { contract: ok(contract) }), input: { language: 'en', data: { contract: ok(contract) }, session: null, config } },
      i18n.en.getFixedT('en', 'dzo'),
      path,
    );
    expect(en.canonical).toBe('https://portal.test/en/contracts/UA-2027-01-01-000001-a-a1');
    expect(en.description).toContain('Status: completed or terminated.');
  });
});
