import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { translations } from '../../components/test-utils';
import { tenderDescription, tenderJsonLd, tenderTitle } from './meta';
import { timelineOf } from './timeline';
import type { Tender } from './types';

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
  it('describes the tender, its provider and its price', () => {
    const ld = tenderJsonLd(tender, 'https://portal.test/tenders/UA-2026-03-04-000123-a') as Record<string, any>;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'GovernmentService',
      name: 'Папір офісний А4',
      description: 'Постачання паперу',
      identifier: 'UA-2026-03-04-000123-a',
      url: 'https://portal.test/tenders/UA-2026-03-04-000123-a',
      datePosted: '2026-03-04T10:00:00+02:00',
      provider: { legalName: 'Комунальний заклад «Школа № 5»', identifier: { propertyID: 'UA-EDR', value: '12345678' } },
      areaServed: { name: 'Київська область' },
      offers: { '@type': 'Offer', price: 1234567, priceCurrency: 'UAH' },
    });
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });

  it('has no offer without a value and no empty fields', () => {
    const ld = tenderJsonLd({ tenderID: 'UA-1', title: 'Папір' }, 'https://portal.test/tenders/UA-1') as Record<string, unknown>;
    expect(ld.offers).toBeUndefined();
    expect(ld.provider).toBeUndefined();
    expect(Object.values(ld)).not.toContain('');
  });
});

describe('timelineOf', () => {
  it('orders periods by date and marks the stage the status names', () => {
    const stages = timelineOf({
      status: 'active.tendering',
      tenderPeriod: { startDate: '2026-01-05T00:00:00+02:00', endDate: '2026-01-20T00:00:00+02:00' },
      enquiryPeriod: { startDate: '2026-01-01T00:00:00+02:00', endDate: '2026-01-04T00:00:00+02:00', clarificationsUntil: '2026-01-08T00:00:00+02:00' },
      lots: [{ auctionPeriod: { startDate: '2026-01-22T10:00:00+02:00' } }, { auctionPeriod: { startDate: '2026-01-21T10:00:00+02:00' } }],
      awardPeriod: {},
    });
    expect(stages.map((s) => s.key)).toEqual(['enquiryPeriod', 'tenderPeriod', 'clarificationsUntil', 'auctionPeriod']);
    expect(stages.filter((s) => s.current).map((s) => s.key)).toEqual(['tenderPeriod']);
    expect(stages[3].start).toBe('2026-01-21T10:00:00+02:00');
  });

  it('marks nothing for final statuses', () => {
    expect(timelineOf({ status: 'complete', tenderPeriod: { endDate: '2026-01-20T00:00:00+02:00' } }).some((s) => s.current)).toBe(false);
  });
});
