import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { translations } from '../../components/test-utils';
import { tenderDescription, tenderJsonLd, tenderTitle } from './meta';
import { timelineOf } from './timeline';
import type { Tender } from '../../records/tender';

const resources = { uk: { dzo: translations.uk }, en: { dzo: translations.en } };
const uk = createI18n('uk', resources).getFixedT('uk', 'dzo');
const en = createI18n('en', resources).getFixedT('en', 'dzo');

const tender: Tender = {
  tenderID: 'UA-2026-03-04-000123-a',
  title: 'Папір офісний А4',
  title_en: 'Office paper A4',
  description: 'Постачання паперу',
  status: 'complete',
  dateCreated: '2026-03-04T10:00:00+02:00',
  procurementMethodType: 'belowThreshold',
  value: { amount: 1234567, currency: 'UAH', valueAddedTaxIncluded: true },
  procuringEntity: {
    name: 'Школа № 5',
    identifier: { scheme: 'UA-EDR', id: '12345678', legalName: 'Комунальний заклад «Школа № 5»' },
    address: { region: 'Київська область', countryName: 'Україна', locality: 'Буча' },
  },
  tenderPeriod: { startDate: '2026-03-05T00:00:00+02:00', endDate: '2026-03-12T00:00:00+02:00' },
};

describe('tenderTitle', () => {
  it('names the tender and its id in the page language', () => {
    expect(tenderTitle(tender, uk)).toBe('Папір офісний А4 — UA-2026-03-04-000123-a');
    expect(tenderTitle(tender, en)).toBe('Office paper A4 — UA-2026-03-04-000123-a');
    expect(tenderTitle({ tenderID: 'UA-1' }, uk)).toBe('UA-1');
  });
});

describe('tenderDescription', () => {
  it('reads as one sentence per fact', () => {
    expect(tenderDescription(tender, uk)).toBe(
      'Закупівля UA-2026-03-04-000123-a: Папір офісний А4. Замовник: Школа № 5. Очікувана вартість 1 234 567,00 грн. Статус: завершена.',
    );
    expect(tenderDescription(tender, en)).toBe(
      'Tender UA-2026-03-04-000123-a: Office paper A4. Procuring entity: Школа № 5. Expected value 1 234 567.00 UAH. Status: completed.',
    );
  });

  it('leaves out missing facts and stays under 300 characters', () => {
    expect(tenderDescription({ tenderID: 'UA-1', title: 'Папір' }, uk)).toBe('Закупівля UA-1: Папір.');
    const long = tenderDescription({ ...tender, title: 'дуже довга назва '.repeat(40) }, uk);
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long).toContain('Статус: завершена.');
    expect(long).toContain('…');
  });
});

describe('tenderJsonLd', () => {
  const url = 'https://portal.test/tenders/UA-2026-03-04-000123-a';
  const nodes = (doc: object) => (doc as { '@graph': Array<Record<string, any>> })['@graph'];

  it('describes the call for tenders as a Demand its buyer seeks, with its price and deadline', () => {
    const trail = [
      { name: 'Тендери', url: 'https://portal.test/tenders' },
      { name: 'Папір офісний А4', url },
    ];
    const doc = tenderJsonLd(tender, url, trail) as Record<string, any>;
    expect(doc['@context']).toBe('https://schema.org');
    const [demand, buyer, breadcrumbs] = nodes(doc);
    expect(demand).toEqual({
      '@type': 'Demand',
      '@id': `${url}#tender`,
      name: 'Папір офісний А4',
      description: 'Постачання паперу',
      identifier: 'UA-2026-03-04-000123-a',
      url,
      validFrom: '2026-03-05T00:00:00+02:00',
      validThrough: '2026-03-12T00:00:00+02:00',
      priceSpecification: { '@type': 'PriceSpecification', price: 1234567, priceCurrency: 'UAH', valueAddedTaxIncluded: true },
    });
    expect(buyer).toMatchObject({
      '@type': 'GovernmentOrganization',
      name: 'Школа № 5',
      legalName: 'Комунальний заклад «Школа № 5»',
      identifier: { '@type': 'PropertyValue', propertyID: 'UA-EDR', value: '12345678' },
      address: { '@type': 'PostalAddress', addressRegion: 'Київська область', addressLocality: 'Буча', addressCountry: 'Україна' },
      seeks: { '@id': `${url}#tender` },
    });
    expect(breadcrumbs.itemListElement.map((i: Record<string, unknown>) => [i.position, i.name, i.item])).toEqual([
      [1, 'Тендери', 'https://portal.test/tenders'],
      [2, 'Папір офісний А4', url],
    ]);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('names what it buys and where it is delivered, from its items', () => {
    const items = [
      { description: 'Папір А4', classification: { scheme: 'ДК021', id: '30197630-1', description: 'Папір для друку' }, deliveryAddress: { region: 'Київська область' } },
      { description: 'Ремонт даху', classification: { scheme: 'ДК021', id: '45261900-3', description: 'Ремонт і технічне обслуговування дахів' } },
    ];
    const [demand] = nodes(tenderJsonLd({ ...tender, items, mainProcurementCategory: 'goods' }, url, []));
    expect(demand.itemOffered).toEqual([
      { '@type': 'Product', name: 'Папір А4', category: 'ДК021 30197630-1 Папір для друку' },
      { '@type': 'Product', name: 'Ремонт даху', category: 'ДК021 45261900-3 Ремонт і технічне обслуговування дахів' },
    ]);
    expect(demand.areaServed).toEqual({ '@type': 'AdministrativeArea', name: 'Київська область' });
    // Without the record's category, the CPV division tells works from goods.
    const [byCpv] = nodes(tenderJsonLd({ ...tender, items }, url, []));
    expect(byCpv.itemOffered.map((i: Record<string, unknown>) => i['@type'])).toEqual(['Product', 'Service']);
  });

  it('fills in nothing: no price without a value, no buyer without one, no currency the record lacks', () => {
    const bare = tenderJsonLd({ tenderID: 'UA-1', title: 'Папір' }, 'https://portal.test/tenders/UA-1') as Record<string, unknown>;
    expect(bare).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Demand',
      '@id': 'https://portal.test/tenders/UA-1#tender',
      name: 'Папір',
      description: 'Папір',
      identifier: 'UA-1',
      url: 'https://portal.test/tenders/UA-1',
    });
    const [demand] = nodes(tenderJsonLd({ ...tender, value: { amount: 10 } }, url));
    expect(demand.priceSpecification).toEqual({ '@type': 'PriceSpecification', price: 10 });
  });
});
