/**
 * The price of one unit on the contract page (issue 46, item 7): each item that states
 * its unit's price (`unit.value`, the platform's full contracts), and a contract of one
 * item its value divided by the quantity (the embedded upstream's contracts derived from
 * the portal's real tenders), with its VAT and its unit.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../components/test-utils';
import type { Language } from '../../contract';
import type { PageRoute } from '../../lib/routeModule';
import { deriveContracts, demo, examples, type Rec } from '../../machine/ocds/testData';
import Contract from './Contract';

const route = { name: 'contract', path: 'contracts/:id' } as PageRoute;
const NBSP = '\u00a0';

const page = (contract: Rec, language: Language = 'uk') =>
  render(<Contract route={route} />, { language, url: `${language === 'en' ? '/en' : ''}/contracts/x`, data: { contract: { ok: true, body: contract } } });
/** The markup of the section `id` (up to the next section). */
const section = (markup: string, id: string) => (markup.split(`<section id="${id}"`)[1] ?? '').split('<section')[0];
/** The text of the unit price among the key facts (a `<dd>`), tags dropped; none when the facts have none. */
const fact = (markup: string) => [...markup.matchAll(/<dt>(?:Ціна за одиницю|Unit price)<\/dt><dd><span class="unit-price">(.*?)<\/span><\/dd>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
/** The cells of the items table's unit price column, in the rows' order ('' for an item without a price). */
const column = (markup: string) => {
  const items = section(markup, 'items');
  const head = [...items.matchAll(/<th scope="col">(.*?)<\/th>/g)].map((m) => m[1]);
  const at = head.findIndex((h) => h === 'Ціна за одиницю' || h === 'Unit price');
  if (at < 0) return null;
  return [...items.matchAll(/<tr>(.*?)<\/tr>/g)].slice(1).map((row) => {
    const cells = [...row[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1]);
    return cells[at].replace(/<[^>]+>/g, '');
  });
};

const contractExamples = new Map(examples('contracts'));
const demoTenders = demo('tenders');

describe('unit prices on the contract page', () => {
  if (contractExamples.size === 0 || !demoTenders) {
    it.skip('needs the shared data (openprocurement-api examples and prozorro-mcp-demo)', () => {});
    return;
  }

  it('show each item the price of its unit that the contract states, with VAT and the unit', () => {
    const c = contractExamples.get('contract__active.json') as Rec;
    // Three items in kilograms («кг») at 9, 20 and 4,50 грн: one column, no one price of the contract.
    expect(column(page(c))).toEqual(['9,00 грн без ПДВ за кг', '20,00 грн без ПДВ за кг', '4,50 грн без ПДВ за кг']);
    expect(column(page(c, 'en'))).toEqual(['9.00 UAH excl. VAT per kilogram', '20.00 UAH excl. VAT per kilogram', '4.50 UAH excl. VAT per kilogram']);
    expect(fact(page(c))).toEqual([]);
  });

  it('show a one-item contract its price in the key facts too, in its own currency', () => {
    const c = contractExamples.get('contract__active-multicurrency.json') as Rec;
    const markup = page(c);
    // The item states 5 000 USD per «кг»: the record's own name of the unit, as it is.
    expect(column(markup)).toEqual(['5' + NBSP + '000,00 USD без ПДВ за кг']);
    expect(fact(markup)).toEqual(['5' + NBSP + '000,00 USD без ПДВ за кг']);
  });

  it('divide a derived contract of one item by its quantity, and price no item of several', () => {
    const t = demoTenders.find((x) => x.tenderID === 'UA-2026-09-08-005638-a') as Rec;
    const [c] = deriveContracts(t);
    const markup = page(c);
    expect(column(markup)).toEqual([`5${NBSP}979,37 грн без ПДВ за послугу`]);
    expect(fact(markup)).toEqual([`5${NBSP}979,37 грн без ПДВ за послугу`]);
    expect(fact(page(c, 'en'))).toEqual([`5${NBSP}979.37 UAH excl. VAT per service`]);

    // Real contracts of several items: no column and no price among the facts.
    let several = 0;
    for (const tender of demoTenders) {
      for (const d of deriveContracts(tender)) {
        if (!Array.isArray(d.items) || d.items.length < 2) continue;
        several += 1;
        const m = page(d);
        expect(column(m), d.contractID as string).toBeNull();
        expect(m).not.toContain('unit-price');
      }
      if (several >= 20) break;
    }
    expect(several).toBeGreaterThan(5);
  });

  it('name a feminine unit in the accusative after «за»', () => {
    const t = demoTenders.find((x) => x.tenderID === 'UA-2026-09-08-005638-a') as Rec;
    const [c] = deriveContracts(t);
    const items = c.items as Rec[];
    const piece = { ...c, items: [{ ...items[0], quantity: 2, unit: { code: 'H87', name: 'штука' } }] };
    expect(fact(page(piece))).toEqual([`131${NBSP}546,15 грн без ПДВ за штуку`]);
  });
});
