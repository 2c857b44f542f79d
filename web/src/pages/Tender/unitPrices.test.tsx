/**
 * The price of one unit on the tender page (issue 46, item 7): under each award and each
 * contract of one item, over the portal's real tenders (the demo snapshot's sample), the
 * embedded upstream's contracts derived from them (the contract register's answer), and
 * the API-documentation tenders (lots, several items, contracts without items).
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../components/test-utils';
import type { Language } from '../../contract';
import type { PageRoute } from '../../lib/routeModule';
import { deriveContracts, demo, examples, member, type Rec } from '../../machine/ocds/testData';
import { awardUnitPrice, tenderContractUnitPrice } from '../../records/unitPrice';
import Tender from './Tender';

const route = { name: 'tender', path: 'tenders/:id/*', page: Tender } as PageRoute;
const NBSP = '\u00a0';

/** The page of `tender`, with the contract register's answer `contracts` when given. */
function page(tender: Rec, language: Language = 'uk', contracts?: Rec[]): string {
  const data = {
    tender: { ok: true as const, body: tender },
    ...(contracts ? { contracts: { ok: true as const, body: { 'hydra:member': contracts, 'hydra:totalItems': contracts.length } } } : {}),
  };
  return render(<Tender route={route} />, { language, url: `${language === 'en' ? '/en' : ''}/tenders/x`, data });
}

/** The markup of one section of the page. */
const section = (markup: string, id: string) => (markup.split(`<section id="${id}"`)[1] ?? '').split('</section>')[0];
/** The unit price lines' text, tags dropped. */
const lines = (markup: string) => [...markup.matchAll(/<span class="unit-price">(.*?)<\/span><\/div>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));

const demoTenders = demo('tenders');
const tenderExamples = new Map(examples('tenders'));

describe('unit prices on the tender page', () => {
  if (!demoTenders || tenderExamples.size === 0) {
    it.skip('needs the shared data (prozorro-mcp-demo and openprocurement-api examples)', () => {});
    return;
  }

  it('show a real award of one item its value divided by the quantity, with VAT and the unit', () => {
    const t = demoTenders.find((x) => x.tenderID === 'UA-2026-09-08-005638-a') as Rec;
    expect(t, 'the tender of the sample').toBeDefined();
    // 263 092,30 грн for 44 services, no contracts of its own.
    const uk = page(t);
    expect(lines(section(uk, 'awards'))).toEqual([`Ціна за одиницю: 5${NBSP}979,37 грн без ПДВ за послугу`]);
    expect(lines(section(page(t, 'en'), 'awards'))).toEqual([`Unit price: 5${NBSP}979.37 UAH excl. VAT per service`]);
    // The contract the register derives from the award: the same price, under the contract.
    const contracts = deriveContracts(t).map((c) => member(c, 'contracts'));
    expect(contracts).toHaveLength(1);
    expect(lines(section(page(t, 'uk', contracts), 'contracts'))).toEqual([`Ціна за одиницю: 5${NBSP}979,37 грн без ПДВ за послугу`]);
  });

  it('price exactly the awards and contracts of one item, over the real tenders', () => {
    let priced = 0;
    for (const t of demoTenders.slice(0, 400)) {
      const contracts = deriveContracts(t).map((c) => member(c, 'contracts'));
      const markup = page(t, 'uk', contracts);
      const awards = Array.isArray(t.awards) ? (t.awards as Rec[]) : [];
      const expected = awards.filter((a) => awardUnitPrice(t, a)).length;
      expect(lines(section(markup, 'awards')), t.tenderID as string).toHaveLength(expected);
      expect(lines(section(markup, 'contracts')), t.tenderID as string).toHaveLength(contracts.filter((c) => tenderContractUnitPrice(t, c)).length);
      priced += expected;
    }
    expect(priced).toBeGreaterThan(20);
    // 400 whole pages rendered: seconds on a busy machine.
  }, 30_000);

  it("price a tender's own contracts, which list no items, by the one item of their award's lot", () => {
    const t = tenderExamples.get('aboveThreshold__complete.json') as Rec;
    const markup = page(t, 'en');
    // Two lots of one kilogram each, 500 UAH each: the awards and the contracts alike.
    const expected = ['Unit price: 500.00 UAH excl. VAT per kilogram', 'Unit price: 500.00 UAH excl. VAT per kilogram'];
    expect(lines(section(markup, 'awards'))).toEqual(expected);
    expect(lines(section(markup, 'contracts'))).toEqual(expected);
  });

  it('price no award or contract of several items, and keep another currency', () => {
    const several = tenderExamples.get('priceQuotation__complete.json') as Rec;
    expect(lines(page(several))).toEqual([]);
    // One award in dollars over a lot of two items, another over a lot without items.
    const rfp = tenderExamples.get('requestForProposal__complete.json') as Rec;
    expect(lines(page(rfp))).toEqual([]);
    const items = rfp.items as Rec[];
    const award = (rfp.awards as Rec[]).find((a) => (a.value as Rec).currency === 'USD') as Rec;
    const one = { ...rfp, lots: undefined, items: [{ ...items[0], quantity: 3 }], awards: [{ ...award, lotID: undefined }], contracts: [] };
    expect(lines(section(page(one, 'en'), 'awards'))).toEqual(['Unit price: 200.00 USD excl. VAT per kilogram']);
  });

  it('give a price below a kopeck the decimals it has', () => {
    const t = demoTenders.find((x) => x.tenderID === 'UA-2026-09-08-005638-a') as Rec;
    const items = t.items as Rec[];
    const cheap = { ...t, items: [{ ...items[0], quantity: 3_000_000, unit: { code: 'GRM', name: 'грам' } }] };
    // 263 092,30 грн for three million grams: 0,0877 грн a gram (four digits).
    expect(lines(section(page(cheap), 'awards'))).toEqual(['Ціна за одиницю: 0,0877 грн без ПДВ за грам']);
  });
});
